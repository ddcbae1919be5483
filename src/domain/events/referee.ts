import type { RuleId } from '../rules/ruling';

// What a referee rules outside a shot (G1.9, G1.29, G1.31, G1.33, G1.39), and the event that
// records it. Re-exported by the catalogue, which lists it among the ledger's events.

export const REFEREE_RULING_KINDS = [
  'WARNING',
  'STALEMATE',
  'OUTSIDE_INTERFERENCE',
  'TWO_FOUL_WARNING',
  'SPONTANEOUS_MOVEMENT',
  'UNSPORTSMANLIKE_CONDUCT',
] as const;
export type RefereeRulingKind = (typeof REFEREE_RULING_KINDS)[number];

// G1.9 / G1.29: the violations a referee's warning can be given for (A10: a second warned
// violation of the same rule forfeits the match).
export const WARNED_VIOLATIONS = ['BREAK_CUE_BALL_INTERFERENCE', 'NON_TIP_CONTACT'] as const;
export type WarnedViolation = (typeof WARNED_VIOLATIONS)[number];
export const WARNED_VIOLATION_RULES: Record<WarnedViolation, RuleId> = {
  BREAK_CUE_BALL_INTERFERENCE: 'G1.9',
  NON_TIP_CONTACT: 'G1.29',
};

// G1.31 / G1.15: what became of a ball that moved or dropped by itself.
export const SPONTANEOUS_MOVEMENT_OUTCOMES = ['STAYS', 'REPLACED', 'SHOT_REPLAYED'] as const;
export type SpontaneousMovementOutcome = (typeof SPONTANEOUS_MOVEMENT_OUTCOMES)[number];

// G1.31 / G1.15: what was seen of a ball that moved by itself, for the engine to rule on.
export interface SpontaneousMovementFacts {
  // It fell into a pocket (true) or only moved on the bed (false).
  dropped: boolean;
  // Seconds between the ball coming to rest and its moving (G1.15: a shot is complete 5 s after
  // every ball has stopped). Needed when it dropped, unless the cue ball passed its spot.
  secondsAfterSettled?: number;
  // It dropped while the player was shooting at it and the cue ball passed where it had been
  // without touching it.
  cueBallPassedItsSpot?: boolean;
}

// G1.39: the referee's sanction for unsportsmanlike conduct.
export const CONDUCT_SANCTIONS = ['WARNING', 'LOSS_OF_GAME', 'FORFEIT_OF_MATCH'] as const;
export type ConductSanction = (typeof CONDUCT_SANCTIONS)[number];

export interface RefereeRuled {
  type: 'RefereeRuled';
  version: 1;
  data: {
    kind: RefereeRulingKind;
    player: string | null;
    // G1.33: whether the balls could be restored after outside interference.
    restored: boolean | null;
    // G1.31 and G1.39 details; absent for the other kinds.
    movement?: SpontaneousMovementOutcome;
    ball?: number;
    // G1.31: the facts the movement was ruled from, when the scorer gave them.
    seen?: SpontaneousMovementFacts;
    sanction?: ConductSanction;
    note: string;
    rule: RuleId;
    explanation: string;
    explanationPt: string;
  };
}
