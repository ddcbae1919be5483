import { Field, InputType, Int } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import { GraphQLDateTime } from 'graphql-scalars';
import {
  ArrayMaxSize,
  ArrayUnique,
  ArrayMinSize,
  IsBoolean,
  IsDate,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
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
import * as E from '../../kernel/graphql/enums';
import {
  CommandInput,
  MatchCommandInput,
  PLAYER_ID_RULE,
  PLAYER_ID_RULE_EACH,
} from '../../kernel/graphql/inputs/command.input';
import { PlainName } from '../../kernel/graphql/inputs/plain-text';

@InputType()
export class PlayerInput {
  @Field({ description: 'Federation licence number or another stable id.' })
  @IsString()
  @PLAYER_ID_RULE
  id!: string;

  @Field({
    nullable: true,
    description: 'Required unless the id is a registered licence id (the registered name is used).',
  })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  @PlainName()
  name?: string;
}

@InputType()
export class ScheduleMatchInput extends CommandInput {
  @Field(() => E.Discipline, {
    nullable: true,
    description: "Default: the competition's, else EIGHT_BALL.",
  })
  @IsOptional()
  @IsIn(DISCIPLINES)
  discipline?: Discipline;

  @Field(() => E.RuleProfile, {
    nullable: true,
    description: "Default: the competition's, else FPB for 8-ball and WPA for 9- and 10-ball.",
  })
  @IsOptional()
  @IsIn(RULE_PROFILES)
  ruleProfile?: RuleProfileId;

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

  @Field({
    nullable: true,
    description:
      'A registered competition: its players must all be registered (UNKNOWN_PLAYER), it must exist (UNKNOWN_COMPETITION).',
  })
  @IsOptional()
  @IsString()
  @PLAYER_ID_RULE
  competitionId?: string;

  @Field({ nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  @PlainName()
  venue?: string;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1000)
  tableNumber?: number;

  @Field(() => GraphQLDateTime, { nullable: true, description: 'When the match is to be played.' })
  @IsOptional()
  @IsDate()
  scheduledAt?: Date;
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
