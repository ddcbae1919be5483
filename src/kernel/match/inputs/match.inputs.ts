import { LayoutField, LayoutInput } from './layout.inputs';
import { Field, Float, InputType, Int } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayUnique,
  ArrayMinSize,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  BREAK_ORDER_METHODS,
  CONDUCT_SANCTIONS,
  CUSHIONS,
  LAG_FAULTS,
  OPTIONS,
  PLACEMENT_ZONES,
  POCKETS,
  REFEREE_RULING_KINDS,
  SPONTANEOUS_MOVEMENT_OUTCOMES,
  WARNED_VIOLATIONS,
  type ConductSanction,
  type Cushion,
  type LagFault,
  type SpontaneousMovementOutcome,
  type BreakOrderMethod,
  type OptionKind,
  type PlacementZone,
  type Pocket,
  type RefereeRulingKind,
  type WarnedViolation,
} from '../../../domain';
import * as E from '../../graphql/enums';
import { MatchCommandInput, PLAYER_ID_RULE } from '../../graphql/inputs/command.input';
import { PlainText } from '../../graphql/inputs/plain-text';

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
    description:
      'G1.6: where the ball stopped, in mm from the head cushion. Needed when neither lag faulted (the closer ball wins); omit it for a ball that faulted, and for the other ball when one faulted.',
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

  @LayoutField()
  layout?: LayoutInput | null;
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

@InputType({
  description:
    'G1.31: what was seen of a ball that moved by itself, so that the engine rules what becomes of it: a ball that only moved stays where it stopped; one that dropped more than 5 s after it had stopped is replaced (G1.15); one that dropped while being shot at, the cue ball passing its spot without touching it, means both are restored and the stroke replayed. A drop within 5 s belongs to the shot before (G1.15) and is refused here.',
})
export class SpontaneousMovementInput {
  @Field({ description: 'The ball fell into a pocket (true) or only moved on the bed (false).' })
  @IsBoolean()
  dropped!: boolean;

  @Field(() => Float, {
    nullable: true,
    description:
      'Seconds from the ball coming to rest to its dropping; needed when it dropped, unless cueBallPassedItsSpot.',
  })
  @IsOptional()
  @IsNumber()
  @Min(0)
  @Max(86400)
  secondsAfterSettled?: number;

  @Field({
    nullable: true,
    description:
      'It dropped while the player was shooting at it and the cue ball passed where it had been without touching it.',
  })
  @IsOptional()
  @IsBoolean()
  cueBallPassedItsSpot?: boolean;
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
    description:
      'G1.31: what became of the ball, as the referee ruled it. Prefer `seen` and let the engine rule; given with `seen`, it must agree.',
  })
  @IsOptional()
  @IsIn(SPONTANEOUS_MOVEMENT_OUTCOMES)
  movement?: SpontaneousMovementOutcome;

  @Field(() => SpontaneousMovementInput, {
    nullable: true,
    description: 'SPONTANEOUS_MOVEMENT: what was seen of the ball (G1.31, G1.15).',
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => SpontaneousMovementInput)
  seen?: SpontaneousMovementInput;

  @Field(() => E.ConductSanction, { nullable: true, description: 'G1.39: the sanction ruled.' })
  @IsOptional()
  @IsIn(CONDUCT_SANCTIONS)
  sanction?: ConductSanction;

  @Field(() => E.WarnedViolation, {
    nullable: true,
    description:
      'WARNING only: the rule the warning is given under, G1.9 (BREAK_CUE_BALL_INTERFERENCE) or G1.29 (NON_TIP_CONTACT). Omitted: G1.29. A later warned violation of the same rule forfeits the match (A10).',
  })
  @IsOptional()
  @IsIn(WARNED_VIOLATIONS)
  violation?: WarnedViolation;

  @Field({ defaultValue: '' })
  @IsString()
  @MaxLength(500)
  @PlainText()
  note!: string;

  @LayoutField()
  layout?: LayoutInput | null;
}

@InputType({ description: 'G1.36: a ball frozen to a cushion, declared before the shot.' })
export class DeclareFrozenBallInput extends MatchCommandInput {
  @Field({
    description:
      'G1.36: who examined the ball and announced it frozen: the id of a referee assigned to the match (assignOfficials) when there is one, otherwise the shooter’s opponent (a player id). Only a ball announced before the shot counts.',
  })
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

  @LayoutField()
  layout?: LayoutInput | null;
}
