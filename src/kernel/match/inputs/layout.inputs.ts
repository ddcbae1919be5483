import { applyDecorators } from '@nestjs/common';
import { Field, Float, InputType, Int, registerEnumType } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
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
import { TABLE_SIZES, type Layout, type TableSize } from '../../../domain/table/layout';
import { MatchCommandInput } from '../../graphql/inputs/command.input';

export const TableSizeEnum = Object.fromEntries(TABLE_SIZES.map((v) => [v, v])) as Record<
  TableSize,
  TableSize
>;
registerEnumType(TableSizeEnum, {
  name: 'TableSize',
  description:
    'The playing surface: SEVEN_FOOT 1981 × 991 mm, EIGHT_FOOT 2235 × 1118 mm, NINE_FOOT 2540 × 1270 mm (docs/rules.md, Table layouts).',
});

@InputType({ description: 'One ball: its centre in millimetres on the playing surface.' })
export class BallPositionInput {
  @Field(() => Int, { description: '0 = the cue ball; 1–15 the object balls.' })
  @IsInt()
  @Min(0)
  @Max(15)
  ball!: number;

  @Field(() => Float, { description: 'From the head cushion towards the foot cushion.' })
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(3000)
  x!: number;

  @Field(() => Float, { description: 'From the left long cushion towards the right one.' })
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(3000)
  y!: number;
}

@InputType({
  description:
    'Where the balls lie, from the head-left corner (the HL pocket) of the playing surface: exactly the balls on the table, the cue ball unless it is in hand.',
})
export class LayoutInput {
  @Field(() => TableSizeEnum)
  @IsIn(TABLE_SIZES)
  table!: TableSize;

  @Field(() => [BallPositionInput])
  @ValidateNested({ each: true })
  @Type(() => BallPositionInput)
  @ArrayMaxSize(16)
  balls!: BallPositionInput[];
}

export function toLayout(input: LayoutInput): Layout {
  return { table: input.table, balls: input.balls.map((b) => ({ ball: b.ball, x: b.x, y: b.y })) };
}

export function layoutOption(input: { layout?: LayoutInput | null }): { layout?: Layout } {
  return input.layout ? { layout: toLayout(input.layout) } : {};
}

@InputType({ description: 'A layout correction: the recorded layout it corrects, and why.' })
export class LayoutCorrectionInput {
  @Field(() => Int, { description: 'The revision of the LayoutRecorded corrected.' })
  @IsInt()
  @Min(0)
  revision!: number;

  @Field()
  @IsString()
  @MinLength(1)
  @MaxLength(500)
  reason!: string;
}

@InputType({
  description:
    "A table layout on its own (a referee or scorer, at any moment of a game), a cited correction of a recorded one, or an appellant's proposed layout for the event their appeal disputes.",
})
export class RecordLayoutInput extends MatchCommandInput {
  @Field(() => LayoutInput)
  @ValidateNested()
  @Type(() => LayoutInput)
  layout!: LayoutInput;

  @Field(() => LayoutCorrectionInput, { nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => LayoutCorrectionInput)
  corrects?: LayoutCorrectionInput | null;

  @Field(() => String, { nullable: true, description: 'The appeal this layout is proposed for.' })
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9._:-]{1,64}$/)
  appealId?: string | null;
}

// The optional layout a table command takes: where the balls lay at that moment.
export function LayoutField(): PropertyDecorator {
  return applyDecorators(
    Field(() => LayoutInput, {
      nullable: true,
      description:
        'Where the balls lay (optional): recorded as a LayoutRecorded just before this fact.',
    }),
    IsOptional(),
    ValidateNested(),
    Type(() => LayoutInput),
  );
}
