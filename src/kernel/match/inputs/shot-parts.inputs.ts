import { Field, InputType, Int, PickType } from '@nestjs/graphql';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import {
  CUSHIONS,
  PLACEMENT_ZONES,
  POCKETS,
  RAIL_CONTACT_KINDS,
  STROKE_FOUL_KINDS,
  type Cushion,
  type PlacementZone,
  type Pocket,
  type RailContactKind,
  type StrokeFoulKind,
} from '../../../domain';
import * as E from '../../graphql/enums';
import { PLAYER_ID_RULE } from '../../graphql/inputs/command.input';
import { CallShotInput } from './match.inputs';

// The parts of a recorded shot: balls pocketed, cushion contacts, the placement, stroke fouls, the call.

@InputType()
export class PocketedBallInput {
  @Field(() => Int)
  @IsInt()
  @Min(1)
  @Max(15)
  ball!: number;

  @Field(() => E.Pocket)
  @IsIn(POCKETS)
  pocket!: Pocket;
}

@InputType({
  description:
    'A ball (0 = cue ball) that reached a cushion, and which cushion (needed for a declared frozen ball, G1.36).',
})
export class RailContactInput {
  @Field(() => Int)
  @IsInt()
  @Min(0)
  @Max(15)
  ball!: number;

  @Field(() => E.Cushion, { nullable: true })
  @IsOptional()
  @IsIn(CUSHIONS)
  cushion?: Cushion;

  @Field(() => E.RailContactKind, {
    nullable: true,
    description: 'G1.36, for a declared frozen ball.',
  })
  @IsOptional()
  @IsIn(RAIL_CONTACT_KINDS)
  kind?: RailContactKind;
}

@InputType({ description: 'G1.10, G1.22: how the cue ball in hand was placed.' })
export class PlacementInput {
  @Field(() => E.PlacementZone)
  @IsIn(PLACEMENT_ZONES)
  zone!: PlacementZone;

  @Field({
    defaultValue: false,
    description: 'G1.10: a placement on or over the line was pointed out before the shot.',
  })
  @IsBoolean()
  warnedBeforeShot!: boolean;

  @Field({ defaultValue: false, description: 'G1.22: an object ball was touched while placing.' })
  @IsBoolean()
  touchedObjectBall!: boolean;

  @Field({
    nullable: true,
    description:
      'G1.38: the shooter announced the cue ball placed; from then on any contact with it other than the stroke is a foul (CUE_BALL_TOUCHED_AFTER_PLACEMENT). false: it was touched while still being placed, no foul. Omitted: read as announced.',
  })
  @IsOptional()
  @IsBoolean()
  announcedPlaced?: boolean;
}

@InputType()
export class StrokeFoulInput {
  @Field(() => E.StrokeFoulKind)
  @IsIn(STROKE_FOUL_KINDS)
  kind!: StrokeFoulKind;

  @Field({
    nullable: true,
    description: 'The judgement of intent where a rule turns on it (G1.26, G1.29).',
  })
  @IsOptional()
  @IsBoolean()
  intentional?: boolean;

  @Field({
    nullable: true,
    description:
      'The touch was accidental (G1.21 without a referee: with restoration it may be no foul).',
  })
  @IsOptional()
  @IsBoolean()
  accidental?: boolean;

  @Field({ nullable: true, description: 'G1.21 without a referee: the touched ball was restored.' })
  @IsOptional()
  @IsBoolean()
  restored?: boolean;

  @Field({
    nullable: true,
    description: 'G1.21 without a referee: a moving ball then touched it or passed its old spot.',
  })
  @IsOptional()
  @IsBoolean()
  movingBallEnteredOriginalPosition?: boolean;

  @Field({ nullable: true, description: 'G1.25: the touch was by the shooter’s equipment.' })
  @IsOptional()
  @IsBoolean()
  withEquipment?: boolean;

  @Field(() => Int, {
    nullable: true,
    description:
      'TOUCHED_BALL (G1.21, G1.25): the ball that was touched, 0 for the cue ball. Omit it when not recorded.',
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(15)
  ball?: number;

  @Field({
    nullable: true,
    description:
      'TOUCHED_BALL without a referee (G1.21): the touched ball lay between the player and the cue ball. Only such a ball, touched accidentally during the stroke, may be restored without a foul; false makes any touch a foul. Omitted: read as true.',
  })
  @IsOptional()
  @IsBoolean()
  betweenPlayerAndCueBall?: boolean;

  @Field({ description: 'Who reported it: the referee or the opponent.' })
  @IsString()
  @PLAYER_ID_RULE
  reportedBy!: string;
}

@InputType({
  description:
    'The call announced for a shot (G1.4, T10.4): one ball and one pocket; or a safety (E8.11, T10.5); or, in 9- and 10-ball, a push out (N9.2, T10.3). 9-ball shots are not called: only a safety or a push out is declared.',
})
export class ShotCallInput extends PickType(CallShotInput, [
  'ball',
  'pocket',
  'safety',
  'pushOut',
] as const) {}
