import { Field, InputType, Int, OmitType, PartialType, PickType } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { APPEAL_OUTCOMES, REMEDY_KINDS, type AppealOutcome, type RemedyKind } from '../../domain';
import * as E from '../../kernel/graphql/enums';
import {
  ID_PATTERN,
  MatchCommandInput,
  PLAYER_ID_RULE,
} from '../../kernel/graphql/inputs/command.input';
import { CallShotInput } from '../../kernel/match/inputs/match.inputs';
import { RecordShotInput } from '../../kernel/match/inputs/shot.inputs';
import { GameResultFieldsInput } from '../../kernel/match/inputs/game-result.inputs';
import { PlainText } from '../../kernel/graphql/inputs/plain-text';

// The facts of RecordShotInput without the command fields, every one optional and without defaults.
@InputType({
  description:
    'Changed shot facts: every field given replaces the recorded one; fields left out stay as recorded.',
})
export class ShotFactsAmendmentInput extends PartialType(
  OmitType(RecordShotInput, [
    'commandId',
    'occurredAt',
    'matchId',
    'expectedRevision',
    'shooter',
    'jumpShot',
    'call',
  ] as const),
  { omitDefaultValues: true },
) {}

@InputType({
  description:
    'The call in force for the disputed shot (G1.4), as callShot or recordShot.call take it: ball and pocket, a safety, or a push out (N9.2).',
})
export class CallAmendmentInput extends PickType(CallShotInput, [
  'ball',
  'pocket',
  'safety',
  'pushOut',
] as const) {}

@InputType({
  description:
    'A remedy: AMEND_FACTS (facts and/or call of the disputed shot), RESTORE_AT_EVENT (restoreRevision), AWARD_GAME (player), REPLAY_GAME (G1.33), AMEND_RESULT (result, of a game recorded as its result).',
})
export class AmendmentInput {
  @Field(() => E.RemedyKind)
  @IsIn(REMEDY_KINDS)
  kind!: RemedyKind;

  @Field(() => ShotFactsAmendmentInput, { nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => ShotFactsAmendmentInput)
  facts?: ShotFactsAmendmentInput;

  @Field(() => CallAmendmentInput, { nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => CallAmendmentInput)
  call?: CallAmendmentInput;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  restoreRevision?: number;

  @Field({ nullable: true })
  @IsOptional()
  @IsString()
  @PLAYER_ID_RULE
  player?: string;

  @Field(() => GameResultFieldsInput, {
    nullable: true,
    description: "AMEND_RESULT: the disputed result's fields changed.",
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => GameResultFieldsInput)
  result?: GameResultFieldsInput;
}

@InputType({
  description: 'Correct the facts of a shot of the frame in play (scorer, referee, admin).',
})
export class CorrectShotInput extends MatchCommandInput {
  @Field(() => Int, {
    description: 'Revision of the ShotPlayed corrected (or of its ShotAdjudicated).',
  })
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  revision!: number;

  @Field(() => ShotFactsAmendmentInput, { defaultValue: {} })
  @ValidateNested()
  @Type(() => ShotFactsAmendmentInput)
  facts!: ShotFactsAmendmentInput;

  @Field(() => CallAmendmentInput, { nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => CallAmendmentInput)
  call?: CallAmendmentInput;

  @Field({ description: 'Why: what the scorer got wrong.' })
  @IsString()
  @MinLength(1)
  @MaxLength(500)
  @PlainText()
  reason!: string;
}

@InputType({ description: 'A player appeals a ruling or event of their match, within the window.' })
export class FileAppealInput extends MatchCommandInput {
  @Field(() => Int, { description: 'Revision of the disputed ruling or event.' })
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  againstRevision!: number;

  @Field()
  @IsString()
  @MinLength(1)
  @MaxLength(1000)
  @PlainText()
  grounds!: string;

  @Field(() => AmendmentInput, { description: 'The remedy the appellant asks for.' })
  @ValidateNested()
  @Type(() => AmendmentInput)
  proposal!: AmendmentInput;
}

@InputType({
  description: 'The appeals committee decides an appeal; a written reason is required.',
})
export class DecideAppealInput extends MatchCommandInput {
  @Field()
  @IsString()
  @PLAYER_ID_RULE
  appealId!: string;

  @Field(() => E.AppealOutcome, {
    description:
      'DISMISSED: the record stands (no remedy may be sent: REMEDY_WITH_DISMISSAL). ALLOWED: the appellant wins and the remedy applies.',
  })
  @IsIn(APPEAL_OUTCOMES)
  outcome!: AppealOutcome;

  @Field(() => AmendmentInput, {
    nullable: true,
    description: 'When allowed: the remedy (default: the appellant’s proposal).',
  })
  @IsOptional()
  @ValidateIf((o: DecideAppealInput) => o.remedy !== null)
  @ValidateNested()
  @Type(() => AmendmentInput)
  remedy?: AmendmentInput;

  @Field()
  @IsString()
  @MinLength(1)
  @MaxLength(2000)
  @PlainText()
  reason!: string;

  @Field(() => String, { nullable: true, description: 'The reason in Portuguese.' })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(2000)
  @PlainText()
  reasonPt?: string;
}

@InputType({
  description: 'The appellant withdraws a pending appeal; a reason is required.',
})
export class WithdrawAppealInput extends MatchCommandInput {
  @Field()
  @IsString()
  @PLAYER_ID_RULE
  appealId!: string;

  @Field({ description: 'Why the appellant no longer pursues it.' })
  @IsString()
  @MinLength(1)
  @MaxLength(1000)
  @PlainText()
  reason!: string;
}

// One input object, so that an absent or null remedy is simply "the appellant's proposal".
@InputType({ description: 'Which appeal to preview, and optionally another remedy to try.' })
export class AppealPreviewInput {
  @Field()
  @IsString()
  @Matches(ID_PATTERN, { message: 'matchId must be 1–64 letters, digits or ._:-' })
  matchId!: string;

  @Field()
  @IsString()
  @PLAYER_ID_RULE
  appealId!: string;

  @Field(() => AmendmentInput, {
    nullable: true,
    description: 'A remedy to try instead of the appellant’s proposal.',
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => AmendmentInput)
  remedy?: AmendmentInput;
}

@InputType({ description: 'Sign a completed match: each player, or the referee for the table.' })
export class SignOffMatchInput extends MatchCommandInput {}
