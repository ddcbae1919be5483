import { LayoutField, LayoutInput } from './layout.inputs';
import { Field, InputType, Int } from '@nestjs/graphql';
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
import { HEAD_STRING_POSITIONS, type HeadStringPosition } from '../../../domain';
import * as E from '../../graphql/enums';
import { MatchCommandInput, PLAYER_ID_RULE } from '../../graphql/inputs/command.input';
import { PlainText } from '../../graphql/inputs/plain-text';
import {
  PlacementInput,
  PocketedBallInput,
  RailContactInput,
  ShotCallInput,
  StrokeFoulInput,
} from './shot-parts.inputs';

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
  @PlainText()
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

  @LayoutField()
  layout?: LayoutInput | null;
}
