import { Field, Float, Int, ObjectType } from '@nestjs/graphql';
import type { LayoutRecorded } from '../../../domain/events/layout';
import { TableSizeEnum } from '../inputs/layout.inputs';
import type { TableSize } from '../../../domain/table/layout';

@ObjectType('BallPosition', { description: 'A ball and its centre in millimetres.' })
export class BallPositionModel {
  @Field(() => Int) ball!: number;
  @Field(() => Float) x!: number;
  @Field(() => Float) y!: number;
}

@ObjectType('LayoutCheck', {
  description:
    'What a layout says about a fact recorded with it, with the rule (G1.16, G1.36, G1.37).',
})
export class LayoutCheckModel {
  @Field() finding!: string;
  @Field(() => Int) ball!: number;
  @Field() rule!: string;
  @Field() explanation!: string;
  @Field() explanationPt!: string;
}

@ObjectType('TableLayout', {
  description:
    'A recorded layout: the table, the balls, what it is attached to (SHOT, PLACEMENT, FROZEN_BALL, RULING: the next event; NONE), and its checks.',
})
export class TableLayoutModel {
  @Field(() => TableSizeEnum) table!: TableSize;
  @Field(() => [BallPositionModel]) balls!: BallPositionModel[];
  @Field() attachedTo!: string;
  @Field(() => Int, { nullable: true }) gameNumber!: number | null;
  @Field(() => Int, { nullable: true }) shotNumber!: number | null;
  @Field(() => [LayoutCheckModel]) checks!: LayoutCheckModel[];
  @Field(() => Int, { nullable: true, description: 'The layout this one corrects.' })
  correctsRevision!: number | null;
  @Field(() => String, { nullable: true, description: 'The appeal it is proposed for.' })
  proposedForAppeal!: string | null;
}

export function toLayoutModel(d: LayoutRecorded['data']): TableLayoutModel {
  return {
    table: d.layout.table,
    balls: d.layout.balls.map((b) => ({ ...b })),
    attachedTo: d.attachedTo,
    gameNumber: d.gameNumber,
    shotNumber: d.shotNumber,
    checks: d.checks.map((c) => ({ ...c })),
    correctsRevision: d.corrects?.revision ?? null,
    proposedForAppeal: d.proposedFor?.appealId ?? null,
  };
}
