import { Field, InputType, Int } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayUnique,
  ArrayMinSize,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import {
  BREAK_ORDER_RULES,
  DISCIPLINES,
  RULE_PROFILES,
  type BreakOrderRule,
  type Discipline,
  type RuleProfileId,
} from '../../domain';
import * as E from '../../api/graphql/enums';
import {
  CommandInput,
  ID_PATTERN,
  MatchCommandInput,
  PLAYER_ID_RULE,
  PLAYER_ID_RULE_EACH,
} from '../../api/graphql/inputs/command.input';
import { PlainName } from '../../api/graphql/inputs/plain-text';

@InputType()
export class PlayerInput {
  @Field({ description: 'Federation licence number or another stable id.' })
  @IsString()
  @PLAYER_ID_RULE
  id!: string;

  @Field()
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  @PlainName()
  name!: string;
}

@InputType()
export class ScheduleMatchInput extends CommandInput {
  @Field(() => E.Discipline, { defaultValue: 'EIGHT_BALL' })
  @IsIn(DISCIPLINES)
  discipline!: Discipline;

  @Field(() => E.RuleProfile, { defaultValue: 'FPB' })
  @IsIn(RULE_PROFILES)
  ruleProfile!: RuleProfileId;

  @Field(() => Int, { description: 'Games needed to win the match.' })
  @IsInt()
  @Min(1)
  @Max(50)
  raceTo!: number;

  @Field(() => [PlayerInput])
  @ArrayMinSize(2)
  @ArrayMaxSize(2)
  @ValidateNested({ each: true })
  @Type(() => PlayerInput)
  players!: PlayerInput[];

  @Field(() => E.BreakOrderRule, {
    defaultValue: 'WINNER',
    description: 'G1.34, announced before the match.',
  })
  @IsIn(BREAK_ORDER_RULES)
  breakOrder!: BreakOrderRule;

  @Field({ defaultValue: false })
  @IsBoolean()
  refereePresent!: boolean;

  @Field({ nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  @PlainName()
  competition?: string;

  @Field(() => String, {
    nullable: true,
    description: 'The registered competition (its appeal settings apply to the match).',
  })
  @IsOptional()
  @IsString()
  @Matches(ID_PATTERN, { message: 'competitionId must be 1–64 letters, digits or ._:-' })
  competitionId?: string;

  @Field(() => Int, {
    nullable: true,
    description:
      'Minutes after a disputed event during which a player may appeal it (set per competition; default 30).',
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(10080)
  appealWindowMinutes?: number;
}

@InputType({
  description:
    'Who may record at this match: scorers (shots, calls, placements) and referees (rulings). Replaces the previous assignment.',
})
export class AssignOfficialsInput extends MatchCommandInput {
  @Field(() => [String], { description: 'Subjects of SCORER tokens.' })
  @ArrayMaxSize(10)
  @ArrayUnique()
  @IsString({ each: true })
  @PLAYER_ID_RULE_EACH
  scorers!: string[];

  @Field(() => [String], { defaultValue: [], description: 'Subjects of REFEREE tokens.' })
  @ArrayMaxSize(10)
  @ArrayUnique()
  @IsString({ each: true })
  @PLAYER_ID_RULE_EACH
  referees!: string[];
}
