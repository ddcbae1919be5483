import type { GameState, MatchState } from './state';

// The copies evolve makes: every field named instead of spread (spreads, with player ids as
// computed keys above all, take V8's slow path, and the fold runs for every event of every replay).

export function copyMatch(s: MatchState): MatchState {
  return {
    id: s.id,
    discipline: s.discipline,
    ruleProfile: s.ruleProfile,
    raceTo: s.raceTo,
    players: s.players,
    breakOrder: s.breakOrder,
    refereePresent: s.refereePresent,
    competition: s.competition,
    status: s.status,
    score: s.score,
    pendingChoice: s.pendingChoice,
    currentGame: s.currentGame,
    games: s.games,
    warnings: s.warnings,
    winner: s.winner,
    officials: s.officials,
    appealWindowMinutes: s.appealWindowMinutes,
    appealWindowStart: s.appealWindowStart,
    appealWindowFrozen: s.appealWindowFrozen,
    appeals: s.appeals,
    signatures: s.signatures,
    signaturesAskedAgain: s.signaturesAskedAgain,
    final: s.final,
    version: s.version,
  };
}

export function copyGame(g: GameState): GameState {
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

// A record keyed by player id with one entry set: the keys keep their order, as a spread would.
export function withEntry<T>(
  record: Readonly<Record<string, T>>,
  key: string,
  value: T,
): Record<string, T> {
  // An assignment to "__proto__" would set the prototype (ids cannot take that form, but the fold
  // does not rely on it).
  if (key === '__proto__') return { ...record, [key]: value };
  const out: Record<string, T> = {};
  for (const k in record) out[k] = record[k];
  out[key] = value;
  return out;
}
