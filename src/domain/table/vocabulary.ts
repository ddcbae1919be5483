// The recording vocabulary of ../shared/rules/README.md ("Shot facts the engine needs").
// Values are upper-case so the GraphQL enums can use them unchanged.

export const DISCIPLINES = ['EIGHT_BALL', 'NINE_BALL', 'TEN_BALL'] as const;
export type Discipline = (typeof DISCIPLINES)[number];

export const RULE_PROFILES = ['FPB', 'BCA', 'WPA'] as const;
export type RuleProfileId = (typeof RULE_PROFILES)[number];

// FL/FR foot corners (rack end), SL/SR sides, HL/HR head corners (kitchen end).
export const POCKETS = ['FL', 'FR', 'SL', 'SR', 'HL', 'HR'] as const;
export type Pocket = (typeof POCKETS)[number];

// A long rail is two cushions split by the side pocket (A5).
export const CUSHIONS = [
  'HEAD',
  'FOOT',
  'LEFT_HEAD_SIDE',
  'LEFT_FOOT_SIDE',
  'RIGHT_HEAD_SIDE',
  'RIGHT_FOOT_SIDE',
] as const;
export type Cushion = (typeof CUSHIONS)[number];

export const BALL_IN_HAND = ['NONE', 'BEHIND_HEAD_STRING', 'ANYWHERE'] as const;
export type BallInHand = (typeof BALL_IN_HAND)[number];

export const PLACEMENT_ZONES = [
  'KITCHEN',
  'ON_HEAD_STRING',
  'BEYOND_HEAD_STRING',
  'ANYWHERE',
] as const;
export type PlacementZone = (typeof PLACEMENT_ZONES)[number];

// G1.12, G1.16: where a ball lies relative to the head string (its base on the cloth): in the
// kitchen, on the line itself (not part of the kitchen), or beyond it.
export const HEAD_STRING_POSITIONS = ['KITCHEN', 'ON_HEAD_STRING', 'BEYOND_HEAD_STRING'] as const;
export type HeadStringPosition = (typeof HEAD_STRING_POSITIONS)[number];

// G1.34: the organiser announces one of these before the match.
export const BREAK_ORDER_RULES = ['WINNER', 'ALTERNATE', 'LOSER', 'LEADER', 'TRAILER'] as const;
export type BreakOrderRule = (typeof BREAK_ORDER_RULES)[number];

export const BREAK_ORDER_METHODS = ['COIN_TOSS', 'LAG'] as const;
export type BreakOrderMethod = (typeof BREAK_ORDER_METHODS)[number];

export const GROUPS = ['SOLIDS', 'STRIPES'] as const;
export type Group = (typeof GROUPS)[number];

// Referee/opponent-reported stroke fouls (README "strokeFouls").
export const STROKE_FOUL_KINDS = [
  'NON_TIP_CONTACT',
  'DOUBLE_HIT',
  'PUSH_SHOT',
  'FOOT_OFF_FLOOR',
  'SHOT_WHILE_BALLS_MOVING',
  'TOUCHED_BALL',
  'SCOOP_JUMP',
  'CUE_BALL_TOUCHED_AFTER_PLACEMENT',
  'EQUIPMENT_MISUSE',
  'TABLE_MARKED',
  'BREAK_CUE_BALL_INTERFERENCE',
] as const;
export type StrokeFoulKind = (typeof STROKE_FOUL_KINDS)[number];

export const CUE_BALL = 0;

export function objectBallsFor(discipline: Discipline): number[] {
  const count = discipline === 'EIGHT_BALL' ? 15 : discipline === 'NINE_BALL' ? 9 : 10;
  return Array.from({ length: count }, (_, i) => i + 1);
}

// E8.1: solids 1–7, stripes 9–15; the 8 belongs to no group.
export function groupOf(ball: number): Group | null {
  if (ball >= 1 && ball <= 7) return 'SOLIDS';
  if (ball >= 9 && ball <= 15) return 'STRIPES';
  return null;
}

export function otherGroup(group: Group): Group {
  return group === 'SOLIDS' ? 'STRIPES' : 'SOLIDS';
}
