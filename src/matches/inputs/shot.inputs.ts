import { Field, InputType, Int, PickType } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  CUSHIONS,
  HEAD_STRING_POSITIONS,
  PLACEMENT_ZONES,
  POCKETS,
  RAIL_CONTACT_KINDS,
  STROKE_FOUL_KINDS,
  type Cushion,
  type HeadStringPosition,
  type PlacementZone,
  type Pocket,
  type RailContactKind,
  type StrokeFoulKind,
} from '../../domain';
import * as E from '../../api/graphql/enums';
import { MatchCommandInput, PLAYER_ID_RULE } from '../../api/graphql/inputs/command.input';
import { CallShotInput } from './match.inputs';

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

@InputType({
  description: 'The facts of one shot as the scorer saw them; the engine rules on them.',
})
export class RecordShotInput extends MatchCommandInput {
  @Field()
  @IsString()
  @PLAYER_ID_RULE
  shooter!: string;

  @Field(() => Int, {
    nullable: true,
    description: 'The object ball the cue ball hit first; null for none.',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(15)
  firstContact?: number;

  @Field(() => [RailContactInput], {
    nullable: true,
    description:
      'Cushions the cue ball (ball 0) reached before its first contact: a kick, which is never an obvious shot (A9). Omit it when not recorded.',
  })
  @IsOptional()
  @ArrayMaxSize(32)
  @ValidateNested({ each: true })
  @Type(() => RailContactInput)
  railContactsBeforeFirstContact?: RailContactInput[];

  @Field(() => [RailContactInput], {
    defaultValue: [],
    description:
      'Balls that reached a cushion after the first contact (G1.19, N9.7), with the cushion and, for a declared frozen ball, how (G1.36).',
  })
  @ArrayMaxSize(32)
  @ValidateNested({ each: true })
  @Type(() => RailContactInput)
  railContactsAfterFirstContact!: RailContactInput[];

  @Field(() => [PocketedBallInput], {
    defaultValue: [],
    description: 'Object balls that stayed down, in order.',
  })
  @ArrayMaxSize(15)
  @ValidateNested({ each: true })
  @Type(() => PocketedBallInput)
  pocketed!: PocketedBallInput[];

  @Field(() => [Int], {
    defaultValue: [],
    description: 'G1.11: balls that fell and came back onto the bed.',
  })
  @ArrayMaxSize(15)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(15, { each: true })
  ballsReboundedFromPocket!: number[];

  @Field({ defaultValue: false })
  @IsBoolean()
  cueBallScratched!: boolean;

  @Field({ defaultValue: false })
  @IsBoolean()
  cueBallOffTable!: boolean;

  @Field({ defaultValue: false })
  @IsBoolean()
  cueBallTouchedPocketedBall!: boolean;

  @Field(() => [Int], {
    defaultValue: [],
    description:
      'G1.28: object balls that left the table (touched anything other than the bed, cushions and pockets, even if they came back).',
  })
  @ArrayMaxSize(15)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(15, { each: true })
  ballsOffTable!: number[];

  @Field({
    nullable: true,
    description: 'G1.28: how they left, for the record (e.g. "touched the lamp and came back").',
  })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  ballsOffTableDetail?: string;

  @Field(() => Int, {
    defaultValue: 0,
    description: 'Break only: distinct object balls driven to a cushion (E8.3).',
  })
  @IsInt()
  @Min(0)
  @Max(15)
  objectBallsDrivenToRail!: number;

  @Field({
    defaultValue: false,
    description: 'A9: the uncalled shot was obvious and nobody objected.',
  })
  @IsBoolean()
  callObvious!: boolean;

  @Field(() => [StrokeFoulInput], { defaultValue: [] })
  @ArrayMaxSize(11)
  @ValidateNested({ each: true })
  @Type(() => StrokeFoulInput)
  strokeFouls!: StrokeFoulInput[];

  @Field(() => PlacementInput, {
    nullable: true,
    description: 'G1.10, G1.22: the cue ball in hand.',
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => PlacementInput)
  placement?: PlacementInput;

  @Field({
    nullable: true,
    description:
      'G1.37, with ball in hand behind the head string: true if the cue ball crossed the head string before it touched any ball or cushion; false if it touched a ball or cushion (or came back into the kitchen) first. Omit it when ball in hand is not behind the head string. Where the ball hit lies is said separately in firstContactPosition.',
  })
  @IsOptional()
  @IsBoolean()
  cueCrossedHeadStringBeforeContact?: boolean;

  @Field(() => E.HeadStringPosition, {
    nullable: true,
    description:
      'G1.16, G1.37: where the ball the cue ball hit first lay relative to the head string. A ball ON_HEAD_STRING or BEYOND_HEAD_STRING may be played from the kitchen even if the cue ball touched it before crossing the line; a ball in the KITCHEN may be played only after the cue ball has crossed the line and come back. Needs firstContact; omit it when not recorded.',
  })
  @IsOptional()
  @IsIn(HEAD_STRING_POSITIONS)
  firstContactPosition?: HeadStringPosition;

  @Field(() => ShotCallInput, {
    nullable: true,
    description:
      'The call for this shot, recorded with it in one write (the same as callShot just before). Omit it when callShot already recorded the call, or for an uncalled shot (the break is never called, E8.2).',
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => ShotCallInput)
  call?: ShotCallInput;

  @Field({ nullable: true, description: 'G1.27: a jump shot made by elevating the cue (legal).' })
  @IsOptional()
  @IsBoolean()
  jumpShot?: boolean;

  @Field({
    nullable: true,
    description:
      'A foul committed without a stroke, recorded as such: a ball touched (TOUCHED_BALL, G1.21/G1.25), an object ball touched while placing the cue ball (placement.touchedObjectBall, G1.22), the cue ball touched after its placement was announced (G1.38), equipment used to measure or aim (EQUIPMENT_MISUSE, G1.40), the table marked (TABLE_MARKED, G1.41). Report the foul in strokeFouls or placement and give no contact, pocket or cushion facts; the engine rules only the foul (G1.17: the opponent has ball in hand anywhere). Not on the break.',
  })
  @IsOptional()
  @IsBoolean()
  noStroke?: boolean;
}
