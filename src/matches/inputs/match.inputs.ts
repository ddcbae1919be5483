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
  type ConductSanction,
  type Cushion,
  type LagFault,
  type SpontaneousMovementOutcome,
  type BreakOrderMethod,
  type OptionKind,
  type PlacementZone,
  type Pocket,
  type RefereeRulingKind,
} from '../../domain';
import * as E from '../../api/graphql/enums';
import { MatchCommandInput, PLAYER_ID_RULE } from '../../api/graphql/inputs/command.input';
import { PlainText } from '../../api/graphql/inputs/plain-text';

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
  @PlainText()
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
