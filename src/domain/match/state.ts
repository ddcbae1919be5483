import type { AppealState } from '../events/appeals';
import type { AppealWindowStart } from './amendments/window';
import type { PlayerRef } from '../events/catalogue';
import type { FrozenDeclaration } from '../rules/general/cushions';
import type { ShotCall } from '../events/shot-facts';
import type { FoulKind, GameEndReason, PendingChoice, RuleId } from '../rules/ruling';
import type {
  BallInHand,
  BreakOrderRule,
  Discipline,
  Group,
  PlacementZone,
  RuleProfileId,
} from '../table/vocabulary';

// Plain JSON data only: a state must serialise byte for byte the same on every replay.

// The shape of MatchState as a read model stores it. Bump it whenever a field of MatchState or
// GameState (or of anything nested in them) is added, removed, renamed or changes meaning: a read
// model built with another version is rebuilt from the ledger, so no code reads an older shape.
export const MATCH_STATE_VERSION = 6;

export interface GameState {
  number: number;
  rack: number;
  breaker: string;
  status: 'IN_PROGRESS' | 'OVER';
  ballsOnTable: number[];
  // Object balls down (pocketed or counted as pocketed, G1.28), shot by shot in ball order.
  pocketed: number[];
  groups: Record<string, Group> | null;
  shooter: string;
  isBreakShot: boolean;
  ballInHand: BallInHand;
  cueBallPlacement: PlacementZone | null;
  call: ShotCall | null;
  // Strokes played (a foul recorded without a stroke is no shot), and shot records of any kind
  // (what numbers the next one).
  shotsPlayed: number;
  shotRecords: number;
  consecutiveFouls: Record<string, number>;
  fouls: Record<string, number>;
  // 9- and 10-ball: whether the next shot may be a push out (N9.2), and who has had the
  // two-foul warning (N9.8).
  pushOutAvailable: boolean;
  twoFoulWarned: Record<string, boolean>;
  // G1.36: balls declared frozen to a cushion for the next shot.
  frozenDeclared: FrozenDeclaration[];
  // G1.37 without a referee: the fouls the opponent claimed by taking ball in hand.
  claimedFouls: ClaimedFoul[];
  winner: string | null;
  endReason: GameEndReason | null;
  endRule: RuleId | null;
}

export interface ClaimedFoul {
  player: string;
  kind: FoulKind;
  rule: RuleId;
}

export interface GameSummary {
  number: number;
  breaker: string;
  winner: string;
  loser: string;
  reason: GameEndReason;
  rule: RuleId;
  // Strokes played in the game.
  shots: number;
}

export interface Officials {
  scorers: string[];
  referees: string[];
}

export interface MatchState {
  id: string;
  discipline: Discipline;
  ruleProfile: RuleProfileId;
  raceTo: number;
  players: [PlayerRef, PlayerRef];
  breakOrder: BreakOrderRule;
  refereePresent: boolean;
  competition: string | null;
  status: 'AWAITING_BREAK_ORDER' | 'IN_PLAY' | 'COMPLETED';
  score: Record<string, number>;
  pendingChoice: PendingChoice | null;
  currentGame: GameState | null;
  games: GameSummary[];
  warnings: Record<string, RuleId[]>;
  winner: string | null;
  // Who may record at the table (OfficialsAssigned); empty until the admin assigns them.
  officials: Officials;
  // The appeal window, appeals filed, signatures on the scoresheet, and whether the match is
  // final (signed off).
  appealWindowMinutes: number;
  // What the window counts from, and whether it was frozen into the match when scheduled (false:
  // a match scheduled before, whose competition's current window applies).
  appealWindowStart: AppealWindowStart;
  appealWindowFrozen: boolean;
  appeals: AppealState[];
  signatures: string[];
  // Who had signed before a committee decision (or review) cleared the signatures, and has not
  // signed again yet: they are asked to sign the amended result.
  signaturesAskedAgain: string[];
  final: boolean;
  // Number of events folded into this state, i.e. the next expected stream revision.
  version: number;
}

export function opponentOf(match: Pick<MatchState, 'players'>, player: string): string {
  const [a, b] = match.players;
  return player === a.id ? b.id : a.id;
}

export function isPlayerOf(match: Pick<MatchState, 'players'>, player: string): boolean {
  return match.players.some((p) => p.id === player);
}

export function playerName(match: Pick<MatchState, 'players'>, id: string | null): string {
  if (id === null) return 'nobody';
  return match.players.find((p) => p.id === id)?.name ?? id;
}
