import type {
  BallInHand,
  BreakOrderMethod,
  BreakOrderRule,
  Cushion,
  Discipline,
  PlacementZone,
  RuleProfileId,
} from '../table/vocabulary';
import type { ChoiceKind, FoulFinding, GameEndReason, OptionKind, RuleId } from '../rules/ruling';
import type { AmendmentEvent } from './appeals';
import type { RegistryEvent } from '../registry/events';
import type { AppealWindow } from '../match/amendments/window';
import type { LayoutRecorded } from './layout';
import type { ImportSource, ResultEvent } from './results';
import type { RulingV1 } from './ruling';
import type { RefereeRuled } from './referee';
import type { ShotCall, ShotFacts } from './shot-facts';

export {
  CONDUCT_SANCTIONS,
  REFEREE_RULING_KINDS,
  SPONTANEOUS_MOVEMENT_OUTCOMES,
  WARNED_VIOLATION_RULES,
  WARNED_VIOLATIONS,
  type ConductSanction,
  type RefereeRuled,
  type RefereeRulingKind,
  type SpontaneousMovementFacts,
  type SpontaneousMovementOutcome,
  type WarnedViolation,
} from './referee';

// Every fact the ledger stores, past tense. Each type carries a schema version so that a
// later shape can be upcast on read; nothing stored is ever rewritten.

export interface PlayerRef {
  id: string;
  name: string;
}

export interface MatchScheduled {
  type: 'MatchScheduled';
  version: 1;
  data: {
    matchId: string;
    discipline: Discipline;
    ruleProfile: RuleProfileId;
    raceTo: number;
    players: [PlayerRef, PlayerRef];
    breakOrder: BreakOrderRule;
    refereePresent: boolean;
    competition: string | null;
    // Minutes after a disputed event during which a player may appeal it (default 30; absent in
    // records made before appeals existed).
    appealWindowMinutes?: number;
    // The competition's window, frozen at scheduling (absent before: its current window applies).
    appealWindow?: AppealWindow;
    // A registered competition (its id; `competition` stays the display name), where and when the
    // match is played. Absent in records made before the registry existed.
    competitionId?: string;
    venue?: string;
    tableNumber?: number;
    scheduledAt?: string;
    // A match brought in from a past results file: the file's hash and the row.
    imported?: ImportSource;
  };
}

// G1.6–1.7: the coin toss or lag winner; their choice to break or cede follows as OptionChosen (A12).
export interface BreakOrderDecided {
  type: 'BreakOrderDecided';
  version: 1;
  data: {
    method: BreakOrderMethod;
    // null: a re-lag (both lags faulted, or they could not be told apart).
    winner: string | null;
    rule: RuleId;
    lag?: LagShot[];
    explanation?: string;
    explanationPt?: string;
  };
}

export interface GameStarted {
  type: 'GameStarted';
  version: 1;
  data: {
    gameNumber: number;
    // A re-rack within the same game (illegal break, 8 on the break, stalemate, G1.33) bumps the rack.
    rack: number;
    breaker: string;
    ballsOnTable: number[];
    reason: 'FIRST_GAME' | 'NEXT_GAME' | 'RERACK';
    rule: RuleId;
  };
}

export interface CueBallPlaced {
  type: 'CueBallPlaced';
  version: 1;
  data: { player: string; zone: PlacementZone };
}

// G1.36: declared before the shot, so that the cushion it is frozen to does not count.
export interface FrozenBallDeclared {
  type: 'FrozenBallDeclared';
  version: 1;
  data: { declaredBy: string; ball: number; cushion: Cushion };
}

export interface ShotCalled {
  type: 'ShotCalled';
  version: 1;
  data: { player: string } & ShotCall;
}

export interface ShotPlayed {
  type: 'ShotPlayed';
  version: 1;
  data: { shooter: string; gameNumber: number; shotNumber: number; facts: ShotFacts };
}

export interface ShotAdjudicated {
  type: 'ShotAdjudicated';
  // Version 2: the ruling carries warningsIssued (version 1: warningIssued; see upcast.ts).
  version: 2;
  data: { gameNumber: number; shotNumber: number; ruling: RulingV1 };
}

export interface OptionChosen {
  type: 'OptionChosen';
  version: 1;
  data: {
    player: string;
    choice: ChoiceKind;
    option: OptionKind;
    // Resolved effect, so that replay needs no rule logic.
    nextShooter: string | null;
    ballInHand: BallInHand;
    spotted: number[];
    rule: RuleId;
    explanation: string;
    explanationPt: string;
    // G1.37 without a referee: ball in hand taken by claiming the foul, which counts against
    // `player` (foul count, run of fouls). Absent for every other choice and in older records.
    foulClaimed?: { player: string; foul: FoulFinding; consecutiveFoulsAfter: number };
  };
}

// G1.6–1.7: how a player's lag ball can lose the lag.
export const LAG_FAULTS = [
  'CROSSED_INTO_OTHER_HALF',
  'MISSED_FOOT_CUSHION',
  'POCKETED',
  'JUMPED_OFF_TABLE',
  'TOUCHED_SIDE_CUSHION',
  'TOUCHED_FOOT_CUSHION_TWICE',
] as const;
export type LagFault = (typeof LAG_FAULTS)[number];

export interface LagShot {
  player: string;
  faults: LagFault[];
  // Where the ball stopped, measured from the head cushion; null when it faulted.
  distanceFromHeadCushionMm: number | null;
}

export interface GameEnded {
  type: 'GameEnded';
  version: 1;
  data: {
    gameNumber: number;
    winner: string;
    loser: string;
    reason: GameEndReason;
    rule: RuleId;
    score: Record<string, number>;
  };
}

// Who may record at this match's table: the admin's assignment, replaced as a whole each time.
export interface OfficialsAssigned {
  type: 'OfficialsAssigned';
  version: 1;
  data: { scorers: string[]; referees: string[] };
}

export interface MatchEnded {
  type: 'MatchEnded';
  version: 1;
  data: {
    winner: string;
    loser: string;
    score: Record<string, number>;
    // A10: a match can also end by forfeit. Absent in records made before forfeits existed.
    reason?: 'RACE_WON' | 'FORFEIT';
  };
}

export type LedgerEvent =
  | MatchScheduled
  | BreakOrderDecided
  | GameStarted
  | CueBallPlaced
  | ShotCalled
  | FrozenBallDeclared
  | ShotPlayed
  | ShotAdjudicated
  | OptionChosen
  | RefereeRuled
  | GameEnded
  | MatchEnded
  | OfficialsAssigned
  | LayoutRecorded
  | ResultEvent
  | AmendmentEvent
  | RegistryEvent;

export type LedgerEventType = LedgerEvent['type'];

export const EVENT_TYPES: readonly LedgerEventType[] = [
  'MatchScheduled',
  'BreakOrderDecided',
  'GameStarted',
  'CueBallPlaced',
  'ShotCalled',
  'FrozenBallDeclared',
  'ShotPlayed',
  'ShotAdjudicated',
  'OptionChosen',
  'RefereeRuled',
  'GameEnded',
  'MatchEnded',
  'OfficialsAssigned',
  'LayoutRecorded',
  // Result-level recording (results.ts).
  'GameResultRecorded',
  'GameResultCorrected',
  'ShotCorrected',
  'AppealFiled',
  'AppealDecided',
  'AppealReviewed',
  'AppealEvidenceAttached',
  'AppealReviewRequested',
  'AppealWithdrawn',
  'AppealMooted',
  'AppealFeeSettled',
  'MatchSigned',
  'MatchSignedOff',
  // The registry's streams (player-<licenceId>, competition-<id>).
  'PlayerRegistered',
  'PlayerUpdated',
  'CompetitionCreated',
  'CompetitionUpdated',
  'CommitteeAssigned',
];

// A set: every stored event's type is checked on every read.
const EVENT_TYPE_SET: ReadonlySet<string> = new Set(EVENT_TYPES);

export function isLedgerEventType(type: string): type is LedgerEventType {
  return EVENT_TYPE_SET.has(type);
}
