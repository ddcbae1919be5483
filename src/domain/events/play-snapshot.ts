import type { ShotCall } from './shot-facts';
import type { FoulKind, GameEndReason, PendingChoice, RuleId } from '../rules/ruling';
import type { BallInHand, Cushion, Group, PlacementZone } from '../table/vocabulary';

// The play part of a match as stored inside ShotCorrected, AppealDecided and AppealReviewed:
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

// Version 2 (ShotCorrected 2, AppealDecided 3, AppealReviewed 2): a game counts its strokes
// (shotsPlayed; a foul recorded without a stroke is no shot) apart from its shot records
// (shotRecords), and keeps the fouls claimed under G1.37. Version 1's shotsPlayed counted records
// and its games' shots too; upcast.ts lifts it (shotRecords = shotsPlayed, no claimed fouls).
export interface GameSnapshotV2 extends GameSnapshotV1 {
  shotRecords: number;
  claimedFouls: { player: string; kind: FoulKind; rule: RuleId }[];
}

export interface PlaySnapshotV2 extends Omit<PlaySnapshotV1, 'currentGame'> {
  currentGame: GameSnapshotV2 | null;
}

export type PlaySnapshot = PlaySnapshotV2;

export function liftPlaySnapshotV1(p: PlaySnapshotV1 | null): PlaySnapshotV2 | null {
  if (!p) return null;
  return { ...p, currentGame: p.currentGame && liftGame(p.currentGame) };
}

// The new fields beside the ones they go with, in the order a version-2 snapshot is written.
function liftGame(g: GameSnapshotV1): GameSnapshotV2 {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(g)) {
    out[k] = v;
    if (k === 'shotsPlayed') out.shotRecords = g.shotsPlayed;
    if (k === 'frozenDeclared') out.claimedFouls = [];
  }
  return out as unknown as GameSnapshotV2;
}
