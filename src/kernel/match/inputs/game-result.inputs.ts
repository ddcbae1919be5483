import { Field, InputType, Int, registerEnumType } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  RESULT_ATTESTATIONS,
  RESULT_ENDINGS,
  type GameResultFacts,
  type ResultAttestation,
  type ResultEnding,
} from '../../../domain';
import { MatchCommandInput, PLAYER_ID_RULE } from '../../graphql/inputs/command.input';
import { PlainText } from '../../graphql/inputs/plain-text';

export const ResultEndingEnum = Object.fromEntries(RESULT_ENDINGS.map((v) => [v, v]));
registerEnumType(ResultEndingEnum, {
  name: 'ResultEnding',
  description:
    'How a game recorded as its result ended: WON at the table, LOST_BY_FOUL (a foul that ends the game, with its rule id), GAME_FORFEITED (the frame is scored), MATCH_FORFEITED (A10: the match ends, the frame is not scored).',
});
export const ResultAttestationEnum = Object.fromEntries(RESULT_ATTESTATIONS.map((v) => [v, v]));
registerEnumType(ResultAttestationEnum, {
  name: 'ResultAttestation',
  description:
    "Who attests a result: the REFEREE named, both players' sign-off of the match (PLAYERS_SIGN_OFF), or the federation's RECORD_KEEPER (past results).",
});

const RULE_ID = /^[A-Z][A-Z0-9]{0,3}(\.[0-9]{1,3}){0,3}$/;

@InputType({ description: "A game's result: every field given replaces the recorded one." })
export class GameResultFieldsInput {
  @Field({ nullable: true, description: 'Who broke the game.' })
  @IsOptional()
  @IsString()
  @PLAYER_ID_RULE
  breaker?: string;

  @Field({ nullable: true })
  @IsOptional()
  @IsString()
  @PLAYER_ID_RULE
  winner?: string;

  @Field(() => ResultEndingEnum, { nullable: true })
  @IsOptional()
  @IsIn(RESULT_ENDINGS)
  ending?: ResultEnding;

  @Field(() => String, {
    nullable: true,
    description: 'The rule the game was lost under (LOST_BY_FOUL, forfeits): E8.6, N9.8, A10…',
  })
  @IsOptional()
  @Matches(RULE_ID, { message: 'rule must be a rule id such as E8.6, N9.8 or A10' })
  rule?: string | null;

  @Field({ nullable: true, description: 'The breaker won in the inning the break began.' })
  @IsOptional()
  @IsBoolean()
  breakAndRun?: boolean;

  @Field({ nullable: true, description: 'The break won the game (8, 9 or 10 on the break).' })
  @IsOptional()
  @IsBoolean()
  winOnBreak?: boolean;
}

@InputType({
  description:
    'Record a game as its result where nobody scores it shot by shot (scorer or referee assigned, record keeper, admin).',
})
export class RecordGameResultInput extends MatchCommandInput {
  @Field(() => Int, { description: 'The game recorded: the next game of the match.' })
  @IsInt()
  @Min(1)
  @Max(1_000)
  gameNumber!: number;

  @Field()
  @IsString()
  @PLAYER_ID_RULE
  breaker!: string;

  @Field()
  @IsString()
  @PLAYER_ID_RULE
  winner!: string;

  @Field(() => ResultEndingEnum, { defaultValue: 'WON' })
  @IsIn(RESULT_ENDINGS)
  ending!: ResultEnding;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Matches(RULE_ID, { message: 'rule must be a rule id such as E8.6, N9.8 or A10' })
  rule?: string | null;

  @Field({ defaultValue: false })
  @IsBoolean()
  breakAndRun!: boolean;

  @Field({ defaultValue: false })
  @IsBoolean()
  winOnBreak!: boolean;

  @Field(() => ResultAttestationEnum)
  @IsIn(RESULT_ATTESTATIONS)
  attestation!: ResultAttestation;

  @Field(() => String, { nullable: true, description: 'The attesting referee (REFEREE).' })
  @IsOptional()
  @IsString()
  @PLAYER_ID_RULE
  referee?: string | null;
}

@InputType({ description: 'Correct a recorded result while it is the last thing recorded.' })
export class CorrectGameResultInput extends MatchCommandInput {
  @Field(() => Int, { description: 'Revision of the GameResultRecorded corrected.' })
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  revision!: number;

  @Field(() => GameResultFieldsInput)
  @ValidateNested()
  @Type(() => GameResultFieldsInput)
  result!: GameResultFieldsInput;

  @Field()
  @IsString()
  @MaxLength(2000)
  @PlainText()
  reason!: string;
}

// The fields given (a null rule clears it; any other null is left out, as if not given).
export function resultChanges(i: GameResultFieldsInput): Partial<GameResultFacts> {
  const out: Partial<GameResultFacts> = {};
  if (i.breaker != null) out.breaker = i.breaker;
  if (i.winner != null) out.winner = i.winner;
  if (i.ending != null) out.ending = i.ending;
  if (i.rule !== undefined) out.rule = i.rule;
  if (i.breakAndRun != null) out.breakAndRun = i.breakAndRun;
  if (i.winOnBreak != null) out.winOnBreak = i.winOnBreak;
  return out;
}
