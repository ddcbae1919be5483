import type { GameSnapshotV2, GameSummarySnapshotV1, PlaySnapshot } from '../events/play-snapshot';
import type { GameState, GameSummary, MatchState } from './state';

// The play part of a match state to and from the snapshot stored in amendment events. Every field
// is mapped by name, so a change to the state cannot silently change what is stored.

export type PlayPart = Pick<
  MatchState,
  'status' | 'score' | 'pendingChoice' | 'currentGame' | 'games' | 'warnings' | 'winner'
>;

// Plain JSON: the snapshot is stored as it is and must not share objects with the state.
function clone<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}

export function toPlaySnapshot(s: MatchState): PlaySnapshot {
  return clone<PlaySnapshot>({
    status: s.status,
    score: s.score,
    pendingChoice: s.pendingChoice,
    currentGame: s.currentGame && toGameSnapshot(s.currentGame),
    games: s.games.map(toSummarySnapshot),
    warnings: s.warnings,
    winner: s.winner,
  });
}

export function fromPlaySnapshot(p: PlaySnapshot): PlayPart {
  return clone<PlayPart>({
    status: p.status,
    score: p.score,
    pendingChoice: p.pendingChoice,
    currentGame: p.currentGame && fromGameSnapshot(p.currentGame),
    games: p.games.map(fromSummarySnapshot),
    warnings: p.warnings,
    winner: p.winner,
  });
}

// Installs a stored snapshot over the play part of `next` (officials, appeals and signatures stay).
export function installPlaySnapshot(next: MatchState, snapshot: PlaySnapshot): void {
  const p = fromPlaySnapshot(snapshot);
  next.status = p.status;
  next.score = p.score;
  next.pendingChoice = p.pendingChoice;
  next.currentGame = p.currentGame;
  next.games = p.games;
  next.warnings = p.warnings;
  next.winner = p.winner;
}

function toGameSnapshot(g: GameState): GameSnapshotV2 {
  return {
    number: g.number,
    rack: g.rack,
    breaker: g.breaker,
    status: g.status,
    ballsOnTable: g.ballsOnTable,
    pocketed: g.pocketed,
    groups: g.groups,
    shooter: g.shooter,
    isBreakShot: g.isBreakShot,
    ballInHand: g.ballInHand,
    cueBallPlacement: g.cueBallPlacement,
    call: g.call,
    shotsPlayed: g.shotsPlayed,
    shotRecords: g.shotRecords,
    consecutiveFouls: g.consecutiveFouls,
    fouls: g.fouls,
    pushOutAvailable: g.pushOutAvailable,
    twoFoulWarned: g.twoFoulWarned,
    frozenDeclared: g.frozenDeclared,
    claimedFouls: g.claimedFouls,
    winner: g.winner,
    endReason: g.endReason,
    endRule: g.endRule,
  };
}

function fromGameSnapshot(g: GameSnapshotV2): GameState {
  return {
    number: g.number,
    rack: g.rack,
    breaker: g.breaker,
    status: g.status,
    ballsOnTable: g.ballsOnTable,
    pocketed: g.pocketed,
    groups: g.groups,
    shooter: g.shooter,
    isBreakShot: g.isBreakShot,
    ballInHand: g.ballInHand,
    cueBallPlacement: g.cueBallPlacement,
    call: g.call,
    shotsPlayed: g.shotsPlayed,
    shotRecords: g.shotRecords,
    consecutiveFouls: g.consecutiveFouls,
    fouls: g.fouls,
    pushOutAvailable: g.pushOutAvailable,
    twoFoulWarned: g.twoFoulWarned,
    frozenDeclared: g.frozenDeclared,
    claimedFouls: g.claimedFouls,
    winner: g.winner,
    endReason: g.endReason,
    endRule: g.endRule,
  };
}

function toSummarySnapshot(g: GameSummary): GameSummarySnapshotV1 {
  return {
    number: g.number,
    breaker: g.breaker,
    winner: g.winner,
    loser: g.loser,
    reason: g.reason,
    rule: g.rule,
    shots: g.shots,
  };
}

function fromSummarySnapshot(g: GameSummarySnapshotV1): GameSummary {
  return {
    number: g.number,
    breaker: g.breaker,
    winner: g.winner,
    loser: g.loser,
    reason: g.reason,
    rule: g.rule,
    shots: g.shots,
  };
}
