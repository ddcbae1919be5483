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
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import {
  BREAK_ORDER_METHODS,
  BREAK_ORDER_RULES,
  CONDUCT_SANCTIONS,
  CUSHIONS,
  DISCIPLINES,
  LAG_FAULTS,
  OPTIONS,
  PLACEMENT_ZONES,
  POCKETS,
  REFEREE_RULING_KINDS,
  RULE_PROFILES,
  SPONTANEOUS_MOVEMENT_OUTCOMES,
  type ConductSanction,
  type Cushion,
  type LagFault,
  type SpontaneousMovementOutcome,
  type BreakOrderMethod,
  type BreakOrderRule,
  type Discipline,
  type OptionKind,
  type PlacementZone,
  type Pocket,
  type RefereeRulingKind,
  type RuleProfileId,
} from '../../domain';
import * as E from '../../api/graphql/enums';
import {
  CommandInput,
  MatchCommandInput,
  PLAYER_ID_RULE,
  PLAYER_ID_RULE_EACH,
} from '../../api/graphql/inputs/command.input';

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
}

@InputType()
@InputType()
export class LagShotInput {
  @Field()
  @IsString()
  @PLAYER_ID_RULE
  player!: string;

  @Field(() => [E.LagFault], {
    defaultValue: [],
    description: 'G1.6: every way this lag ball lost.',
  })
  @ArrayMaxSize(6)
  @ArrayUnique()
  @IsIn(LAG_FAULTS, { each: true })
  faults!: LagFault[];

  @Field(() => Int, {
    nullable: true,
    description: 'Where it stopped, in mm from the head cushion.',
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(5000)
  distanceFromHeadCushionMm?: number;
}

@InputType()
export class DecideBreakOrderInput extends MatchCommandInput {
  @Field(() => E.BreakOrderMethod)
  @IsIn(BREAK_ORDER_METHODS)
  method!: BreakOrderMethod;

  @Field({
    nullable: true,
    description:
      'Who won the toss or lag; omit it for a lag and give `lag` to have the engine rule.',
  })
  @IsOptional()
  @IsString()
  @PLAYER_ID_RULE
  winner?: string;

  @Field(() => [LagShotInput], { nullable: true, description: 'G1.6–1.7: both lag balls.' })
  @IsOptional()
  @ArrayMinSize(2)
  @ArrayMaxSize(2)
  @ValidateNested({ each: true })
  @Type(() => LagShotInput)
  lag?: LagShotInput[];
}

@InputType()
export class ChooseOptionInput extends MatchCommandInput {
  @Field()
  @IsString()
  @PLAYER_ID_RULE
  player!: string;

  @Field(() => E.OptionKind)
  @IsIn(OPTIONS)
  option!: OptionKind;
}

@InputType()
export class PlaceCueBallInput extends MatchCommandInput {
  @Field()
  @IsString()
  @PLAYER_ID_RULE
  player!: string;

  @Field(() => E.PlacementZone)
  @IsIn(PLACEMENT_ZONES)
  zone!: PlacementZone;
}

@InputType()
export class CallShotInput extends MatchCommandInput {
  @Field()
  @IsString()
  @PLAYER_ID_RULE
  player!: string;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(15)
  ball?: number;

  @Field(() => E.Pocket, { nullable: true })
  @IsOptional()
  @IsIn(POCKETS)
  pocket?: Pocket;

  @Field({
    defaultValue: false,
    description: 'A declared safety (E8.11, T10.5) instead of a ball and pocket.',
  })
  @IsBoolean()
  safety!: boolean;

  @Field({
    defaultValue: false,
    description: '9- and 10-ball: a push out on the shot after a legal break (N9.2).',
  })
  @IsBoolean()
  pushOut!: boolean;
}

@InputType()
export class RecordRefereeRulingInput extends MatchCommandInput {
  @Field(() => E.RefereeRulingKind)
  @IsIn(REFEREE_RULING_KINDS)
  kind!: RefereeRulingKind;

  @Field({ nullable: true, description: 'The player concerned (a warning names one).' })
  @IsOptional()
  @IsString()
  @PLAYER_ID_RULE
  player?: string;

  @Field({ nullable: true, description: 'G1.33: whether the balls could be restored.' })
  @IsOptional()
  @IsBoolean()
  restored?: boolean;

  @Field(() => Int, { nullable: true, description: 'G1.31: the ball that moved by itself.' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(15)
  ball?: number;

  @Field(() => E.SpontaneousMovementOutcome, {
    nullable: true,
    description: 'G1.31: what became of it.',
  })
  @IsOptional()
  @IsIn(SPONTANEOUS_MOVEMENT_OUTCOMES)
  movement?: SpontaneousMovementOutcome;

  @Field(() => E.ConductSanction, { nullable: true, description: 'G1.39: the sanction ruled.' })
  @IsOptional()
  @IsIn(CONDUCT_SANCTIONS)
  sanction?: ConductSanction;

  @Field({ defaultValue: '' })
  @IsString()
  @MaxLength(500)
  note!: string;
}

@InputType({ description: 'G1.36: a ball frozen to a cushion, declared before the shot.' })
export class DeclareFrozenBallInput extends MatchCommandInput {
  @Field({ description: 'The player declaring it.' })
  @IsString()
  @PLAYER_ID_RULE
  declaredBy!: string;

  @Field(() => Int)
  @IsInt()
  @Min(1)
  @Max(15)
  ball!: number;

  @Field(() => E.Cushion)
  @IsIn(CUSHIONS)
  cushion!: Cushion;
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
