import type { ShotCall } from './shot-facts';
import type { GameEndReason, PendingChoice, RuleId } from '../rules/ruling';
import type { BallInHand, Cushion, Group, PlacementZone } from '../table/vocabulary';

// The play part of a match as stored inside ShotCorrected and AppealDecided (version 1 of both):
// the re-derived present an amendment installs. This is a stored contract, spelled out field by
// field and kept apart from the aggregate's state: stored events are never rewritten, so a change
// of shape is a new version (PlaySnapshotV2 and an upcaster), never an edit of this one.

export interface GameSnapshotV1 {
  number: number;
  rack: number;
  breaker: string;
  status: 'IN_PROGRESS' | 'OVER';
  ballsOnTable: number[];
  pocketed: number[];
  groups: Record<string, Group> | null;
  shooter: string;
  isBreakShot: boolean;
  ballInHand: BallInHand;
  cueBallPlacement: PlacementZone | null;
  call: ShotCall | null;
  shotsPlayed: number;
  consecutiveFouls: Record<string, number>;
  fouls: Record<string, number>;
  pushOutAvailable: boolean;
  twoFoulWarned: Record<string, boolean>;
  frozenDeclared: { ball: number; cushion: Cushion }[];
  winner: string | null;
  endReason: GameEndReason | null;
  endRule: RuleId | null;
}

export interface GameSummarySnapshotV1 {
  number: number;
  breaker: string;
  winner: string;
  loser: string;
  reason: GameEndReason;
  rule: RuleId;
  shots: number;
}

export interface PlaySnapshotV1 {
  status: 'AWAITING_BREAK_ORDER' | 'IN_PLAY' | 'COMPLETED';
  score: Record<string, number>;
  // The same shape as a ruling's pending choice, itself stored in ShotAdjudicated.
  pendingChoice: PendingChoice | null;
  currentGame: GameSnapshotV1 | null;
  games: GameSummarySnapshotV1[];
  warnings: Record<string, RuleId[]>;
  winner: string | null;
}

export type PlaySnapshot = PlaySnapshotV1;
