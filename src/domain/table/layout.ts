import type { Cushion, HeadStringPosition } from './vocabulary';

// Where the balls lie: millimetres on the playing surface (cushion nose to cushion nose), from
// the head-left corner (the HL pocket). x runs along the table from the head cushion to the foot
// cushion, y across it from the left long cushion to the right one. Project decisions (docs/rules.md,
// "Table layouts"): the three sizes, the ball, and the tolerances below.

export const TABLE_SIZES = ['SEVEN_FOOT', 'EIGHT_FOOT', 'NINE_FOOT'] as const;
export type TableSize = (typeof TABLE_SIZES)[number];

// Playing surface, length × width in millimetres (78 × 39, 88 × 44 and 100 × 50 inches).
export const PLAYING_SURFACE: Record<TableSize, { length: number; width: number }> = {
  SEVEN_FOOT: { length: 1981, width: 991 },
  EIGHT_FOOT: { length: 2235, width: 1118 },
  NINE_FOOT: { length: 2540, width: 1270 },
};

export const BALL_DIAMETER_MM = 57.15;
export const BALL_RADIUS_MM = BALL_DIAMETER_MM / 2;
// Two balls closer than a diameter less this overlap; a ball may stand out over the cushion
// nose by this much (a measurement's rounding, not a position).
export const OVERLAP_TOLERANCE_MM = 0.5;
// G1.36: a declared frozen ball whose edge is further than this from its cushion is not touching it.
export const FROZEN_TOLERANCE_MM = 3;
// G1.16 / G1.37: a ball whose centre is within this of the head string lies on it.
export const HEAD_STRING_TOLERANCE_MM = 3;

export interface BallPosition {
  // 0 = the cue ball.
  ball: number;
  x: number;
  y: number;
}

export interface Layout {
  table: TableSize;
  // The cue ball first when it is on the table (absent while it is in hand), then object balls.
  balls: BallPosition[];
}

export type LayoutFault =
  | { kind: 'OFF_SURFACE'; ball: number }
  | { kind: 'OVERLAP'; balls: [number, number] }
  | { kind: 'DUPLICATE'; ball: number }
  | { kind: 'NOT_A_NUMBER'; ball: number };

// The geometric faults of a layout (none: it is a possible table).
export function layoutFaults(layout: Layout): LayoutFault[] {
  const faults: LayoutFault[] = [];
  const { length, width } = PLAYING_SURFACE[layout.table];
  const lo = BALL_RADIUS_MM - OVERLAP_TOLERANCE_MM;
  const seen = new Set<number>();
  for (const b of layout.balls) {
    if (!Number.isFinite(b.x) || !Number.isFinite(b.y)) {
      faults.push({ kind: 'NOT_A_NUMBER', ball: b.ball });
      continue;
    }
    if (seen.has(b.ball)) faults.push({ kind: 'DUPLICATE', ball: b.ball });
    seen.add(b.ball);
    if (b.x < lo || b.y < lo || b.x > length - lo || b.y > width - lo)
      faults.push({ kind: 'OFF_SURFACE', ball: b.ball });
  }
  const min = BALL_DIAMETER_MM - OVERLAP_TOLERANCE_MM;
  layout.balls.forEach((a, i) => {
    for (const b of layout.balls.slice(i + 1)) {
      if (Math.hypot(a.x - b.x, a.y - b.y) < min)
        faults.push({ kind: 'OVERLAP', balls: [a.ball, b.ball] });
    }
  });
  return faults;
}

export function headStringX(table: TableSize): number {
  return PLAYING_SURFACE[table].length / 4;
}

// G1.12, G1.16: where a ball lies relative to the head string, read from its centre.
export function headStringPosition(table: TableSize, x: number): HeadStringPosition {
  const line = headStringX(table);
  if (Math.abs(x - line) <= HEAD_STRING_TOLERANCE_MM) return 'ON_HEAD_STRING';
  return x < line ? 'KITCHEN' : 'BEYOND_HEAD_STRING';
}

// The gap between a ball's edge and a cushion's nose (negative: pressed past it by rounding).
export function gapToCushion(table: TableSize, p: { x: number; y: number }, c: Cushion): number {
  const { length, width } = PLAYING_SURFACE[table];
  const r = BALL_RADIUS_MM;
  // A long rail is two cushions split by the side pocket (A5): the nearer half is the one.
  const half: 'HEAD' | 'FOOT' = p.x < length / 2 ? 'HEAD' : 'FOOT';
  switch (c) {
    case 'HEAD':
      return p.x - r;
    case 'FOOT':
      return length - p.x - r;
    case 'LEFT_HEAD_SIDE':
    case 'LEFT_FOOT_SIDE':
      return c === `LEFT_${half}_SIDE` ? p.y - r : Number.POSITIVE_INFINITY;
    case 'RIGHT_HEAD_SIDE':
    case 'RIGHT_FOOT_SIDE':
      return c === `RIGHT_${half}_SIDE` ? width - p.y - r : Number.POSITIVE_INFINITY;
  }
}

export function isFrozenTo(table: TableSize, p: { x: number; y: number }, c: Cushion): boolean {
  return gapToCushion(table, p, c) <= FROZEN_TOLERANCE_MM;
}

// The position snapped against a cushion (what the console does for a frozen ball).
export function snappedTo(table: TableSize, p: { x: number; y: number }, c: Cushion) {
  const { length, width } = PLAYING_SURFACE[table];
  const r = BALL_RADIUS_MM;
  if (c === 'HEAD') return { x: r, y: p.y };
  if (c === 'FOOT') return { x: length - r, y: p.y };
  if (c.startsWith('LEFT')) return { x: p.x, y: r };
  return { x: p.x, y: width - r };
}
