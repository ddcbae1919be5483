import type { LayoutCheck, LayoutContext } from '../events/layout';
import {
  FROZEN_TOLERANCE_MM,
  gapToCushion,
  headStringPosition,
  type BallPosition,
  type Layout,
} from '../table/layout';
import { CUE_BALL, type HeadStringPosition } from '../table/vocabulary';

// The checks a layout allows, and no more: where it contradicts a fact recorded with it or in
// force at its moment, it says so and cites the rule. It never changes a ruling.

const WHERE: Record<HeadStringPosition, { en: string; pt: string }> = {
  KITCHEN: { en: 'in the kitchen', pt: 'na cozinha' },
  ON_HEAD_STRING: { en: 'on the head string', pt: 'sobre a linha de cabeceira' },
  BEYOND_HEAD_STRING: { en: 'beyond the head string', pt: 'além da linha de cabeceira' },
};

const mm = (n: number) => `${Math.round(n * 10) / 10} mm`;

export function checkLayout(layout: Layout, ctx: LayoutContext): LayoutCheck[] {
  const at = (ball: number) => layout.balls.find((b) => b.ball === ball);
  return [
    ...frozenChecks(layout, ctx, at),
    ...placementChecks(layout, ctx, at(CUE_BALL)),
    ...lineChecks(layout, ctx),
    ...firstContactChecks(layout, ctx, at),
  ];
}

// G1.36: a ball declared frozen must touch its cushion.
function frozenChecks(
  layout: Layout,
  ctx: LayoutContext,
  at: (b: number) => BallPosition | undefined,
): LayoutCheck[] {
  return ctx.frozen.flatMap(({ ball, cushion }) => {
    const p = at(ball);
    if (!p) return [];
    const gap = gapToCushion(layout.table, p, cushion);
    if (gap <= FROZEN_TOLERANCE_MM) return [];
    const far = Number.isFinite(gap) ? mm(gap) : 'on another rail';
    return [
      {
        finding: 'FROZEN_NOT_TOUCHING',
        ball,
        rule: 'G1.36',
        explanation: `Ball ${ball} is declared frozen to the ${cushion} cushion, but the layout puts it ${far} from it (more than ${FROZEN_TOLERANCE_MM} mm): not touching (G1.36).`,
        explanationPt: `A bola ${ball} foi declarada encostada à tabela ${cushion}, mas o diagrama coloca-a a ${far} dela (mais de ${FROZEN_TOLERANCE_MM} mm): não está encostada (G1.36).`,
      },
    ];
  });
}

// G1.16: with ball in hand behind the head string, the cue ball goes in the kitchen; the line
// itself is not part of it. A recorded zone the layout disagrees with is named too.
function placementChecks(layout: Layout, ctx: LayoutContext, cue?: BallPosition): LayoutCheck[] {
  if (!cue || ctx.ballInHand !== 'BEHIND_HEAD_STRING') return [];
  const where = headStringPosition(layout.table, cue.x);
  const recorded = ctx.placement === 'ANYWHERE' ? null : ctx.placement;
  if (where === (recorded ?? 'KITCHEN')) return [];
  if (recorded === null || recorded === 'KITCHEN') {
    return [
      {
        finding: 'PLACED_BEYOND_HEAD_STRING',
        ball: CUE_BALL,
        rule: 'G1.16',
        explanation: `With ball in hand behind the head string, the layout puts the cue ball ${WHERE[where].en}, not in the kitchen (G1.16).`,
        explanationPt: `Com bola na mão atrás da linha de cabeceira, o diagrama coloca a bola branca ${WHERE[where].pt}, não na cozinha (G1.16).`,
      },
    ];
  }
  return [
    {
      finding: 'PLACEMENT_ZONE_DIFFERS',
      ball: CUE_BALL,
      rule: 'G1.16',
      explanation: `The placement is recorded ${WHERE[recorded].en}, but the layout puts the cue ball ${WHERE[where].en} (G1.16).`,
      explanationPt: `A colocação foi registada ${WHERE[recorded].pt}, mas o diagrama coloca a bola branca ${WHERE[where].pt} (G1.16).`,
    },
  ];
}

// G1.37: with ball in hand behind the head string, an object ball on the line may be played
// before the cue ball crosses it.
function lineChecks(layout: Layout, ctx: LayoutContext): LayoutCheck[] {
  if (ctx.ballInHand !== 'BEHIND_HEAD_STRING') return [];
  return layout.balls
    .filter((b) => b.ball !== CUE_BALL)
    .filter((b) => headStringPosition(layout.table, b.x) === 'ON_HEAD_STRING')
    .map((b) => ({
      finding: 'OBJECT_BALL_ON_HEAD_STRING' as const,
      ball: b.ball,
      rule: 'G1.37',
      explanation: `Ball ${b.ball} lies on the head string: with ball in hand behind it, it may be played before the cue ball crosses the line (G1.37).`,
      explanationPt: `A bola ${b.ball} está sobre a linha de cabeceira: com bola na mão atrás dela, pode ser jogada antes de a bola branca cruzar a linha (G1.37).`,
    }));
}

// G1.37: the recorded position of the first ball hit, against where the layout has it.
function firstContactChecks(
  layout: Layout,
  ctx: LayoutContext,
  at: (b: number) => BallPosition | undefined,
): LayoutCheck[] {
  const fc = ctx.firstContact;
  const p = fc ? at(fc.ball) : undefined;
  if (!fc || !p) return [];
  const where = headStringPosition(layout.table, p.x);
  if (where === fc.position) return [];
  return [
    {
      finding: 'FIRST_CONTACT_POSITION_DIFFERS',
      ball: fc.ball,
      rule: 'G1.37',
      explanation: `Ball ${fc.ball}, hit first, is recorded ${WHERE[fc.position].en}, but the layout puts it ${WHERE[where].en} (G1.37).`,
      explanationPt: `A bola ${fc.ball}, tocada primeiro, foi registada ${WHERE[fc.position].pt}, mas o diagrama coloca-a ${WHERE[where].pt} (G1.37).`,
    },
  ];
}
