import { PlainName } from '../../kernel/graphql/inputs/plain-text';
import { Field, Float, InputType, Int } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
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
  APPEAL_FEE_RULES,
  APPEAL_WINDOW_STARTS,
  DISCIPLINES,
  RULE_PROFILES,
  type AppealFeeRule,
  type AppealWindowStart,
  type Discipline,
  type RuleProfileId,
} from '../../domain';
import * as E from '../../kernel/graphql/enums';
import {
  CommandInput,
  ID_PATTERN,
  PLAYER_ID_RULE,
  PLAYER_ID_RULE_EACH,
} from '../../kernel/graphql/inputs/command.input';

const COUNTRY = Matches(/^[A-Z]{3}$/, { message: 'nationality is ISO 3166-1 alpha-3 (e.g. PRT)' });
const DATE = Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'dates are YYYY-MM-DD' });
const ID_RULE = Matches(ID_PATTERN, { message: 'ids are 1–64 letters, digits or ._:-' });

@InputType()
export class RegisterPlayerInput extends CommandInput {
  @Field({ description: "Federation licence id: the player's id in every match." })
  @IsString()
  @PLAYER_ID_RULE
  licenceId!: string;

  @Field() @IsString() @MinLength(1) @MaxLength(100) @PlainName() displayName!: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  @PlainName()
  club?: string | null;

  @Field(() => String, { nullable: true, description: 'ISO 3166-1 alpha-3, e.g. PRT.' })
  @IsOptional()
  @COUNTRY
  nationality?: string | null;
}

@InputType({ description: 'Fields left out keep their value; null clears club or nationality.' })
export class UpdatePlayerInput extends CommandInput {
  @Field() @IsString() @PLAYER_ID_RULE licenceId!: string;

  @Field({ nullable: true })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  @PlainName()
  displayName?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  @PlainName()
  club?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @COUNTRY
  nationality?: string | null;
}

@InputType('MoneyInput')
export class MoneyInput {
  @Field(() => Float) @IsNumber({ maxDecimalPlaces: 2 }) @Min(0) amount!: number;
  @Field({ description: 'ISO 4217, e.g. EUR.' }) @Matches(/^[A-Z]{3}$/) currency!: string;
}

// The fields a competition is created with; all optional on update.
@InputType({ isAbstract: true })
abstract class CompetitionFieldsInput extends CommandInput {
  @Field({ nullable: true })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  @PlainName()
  name?: string;

  @Field(() => E.Discipline, { nullable: true })
  @IsOptional()
  @IsIn(DISCIPLINES)
  discipline?: Discipline;

  @Field(() => E.RuleProfile, { nullable: true })
  @IsOptional()
  @IsIn(RULE_PROFILES)
  ruleProfile?: RuleProfileId;

  @Field({ nullable: true, description: 'e.g. 2026 or 2026/27.' })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(40)
  @PlainName()
  season?: string;

  @Field(() => String, { nullable: true }) @IsOptional() @DATE startsOn?: string | null;
  @Field(() => String, { nullable: true }) @IsOptional() @DATE endsOn?: string | null;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(200) @PlainName() venue?:
    | string
    | null;

  @Field(() => Int, { nullable: true, description: 'Default 30.' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(10080)
  appealWindowMinutes?: number;

  @Field(() => E.AppealWindowStart, {
    nullable: true,
    description: 'What the appeal window counts from (default SHOT).',
  })
  @IsOptional()
  @IsIn(APPEAL_WINDOW_STARTS)
  appealWindowStart?: AppealWindowStart;

  @Field(() => Int, { nullable: true, description: 'Default 72.' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(720)
  decisionDeadlineHours?: number;

  @Field(() => MoneyInput, { nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => MoneyInput)
  appealFee?: MoneyInput | null;

  @Field(() => E.AppealFeeRule, {
    nullable: true,
    description: 'What becomes of a closed appeal’s fee. Default REFUNDED_WHEN_ALLOWED.',
  })
  @IsOptional()
  @IsIn(APPEAL_FEE_RULES)
  appealFeeRule?: AppealFeeRule;

  @Field(() => Boolean, {
    nullable: true,
    description: 'Whether a withdrawn claim may be filed again. Default false.',
  })
  @IsOptional()
  @IsBoolean()
  appealRefileAfterWithdrawal?: boolean;
}

@InputType({
  description:
    'name, discipline and season are required; the rule profile defaults to FPB for 8-ball, WPA otherwise.',
})
export class CreateCompetitionInput extends CompetitionFieldsInput {
  @Field() @IsString() @ID_RULE competitionId!: string;
}

@InputType({ description: 'Fields left out keep their value.' })
export class UpdateCompetitionInput extends CompetitionFieldsInput {
  @Field() @IsString() @ID_RULE competitionId!: string;
}

@InputType()
export class AssignCommitteeInput extends CommandInput {
  @Field() @IsString() @ID_RULE competitionId!: string;

  @Field(() => [String], {
    description: 'Subjects of APPEALS_COMMITTEE tokens; replaces the committee.',
  })
  @ArrayMaxSize(20)
  @IsString({ each: true })
  @PLAYER_ID_RULE_EACH
  members!: string[];
}

@InputType()
export class PlayerFilterInput {
  @Field({
    nullable: true,
    description: 'Display names starting with this (case and accents ignored).',
  })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  @PlainName()
  namePrefix?: string;

  @Field({ nullable: true }) @IsOptional() @IsString() @MaxLength(100) @PlainName() club?: string;
  @Field({ nullable: true }) @IsOptional() @COUNTRY nationality?: string;
}
