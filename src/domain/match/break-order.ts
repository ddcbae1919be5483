import { DomainError } from '../errors';
import type { BreakOrderDecided, LagShot, LedgerEvent } from '../events/catalogue';
import { ruleLag } from '../rules/lag';
import type { BreakOrderRule } from '../table/vocabulary';
import type { DecideBreakOrder } from './commands';
import { requirePlayer } from './guards';
import { playerName, type MatchState } from './state';

export interface FinishedGame {
  breaker: string;
  winner: string;
  loser: string;
}

// G1.34: who breaks the next game, by the rule announced for the match. A tie under LEADER or
// TRAILER has no leader, so the break alternates (the rule book is silent; we take the fairest).
export function nextBreaker(
  rule: BreakOrderRule,
  last: FinishedGame,
  score: Record<string, number>,
): string {
  const other = last.breaker === last.winner ? last.loser : last.winner;
  switch (rule) {
    case 'WINNER':
      return last.winner;
    case 'LOSER':
      return last.loser;
    case 'ALTERNATE':
      return other;
    case 'LEADER':
    case 'TRAILER': {
      const w = score[last.winner] ?? 0;
      const l = score[last.loser] ?? 0;
      if (w === l) return other;
      const leader = w > l ? last.winner : last.loser;
      return rule === 'LEADER' ? leader : leader === last.winner ? last.loser : last.winner;
    }
  }
}

export function decideBreakOrder(c: DecideBreakOrder, state: MatchState): LedgerEvent[] {
  if (state.status !== 'AWAITING_BREAK_ORDER' || state.pendingChoice !== null) {
    throw new DomainError(
      'BREAK_ORDER_ALREADY_DECIDED',
      'The break order of this match is already decided',
    );
  }
  // G1.6–1.7: the winner of the lag or toss chooses who breaks; that choice is its own event (A12).
  if (c.method === 'LAG' && c.lag) return [lagDecided(c.lag, state)];
  if (c.winner === null) {
    throw new DomainError(
      'INVALID_MATCH_SETUP',
      'Name the toss or lag winner, or give the lag facts',
      'G1.6',
    );
  }
  requirePlayer(state, c.winner);
  return [
    {
      type: 'BreakOrderDecided',
      version: 1,
      data: { method: c.method, winner: c.winner, rule: 'G1.6' },
    },
  ];
}

// G1.6–1.7: the lag ruled by the rules engine, with the lag facts kept beside the verdict.
function lagDecided(lag: LagShot[], state: MatchState): BreakOrderDecided {
  const ruled = ruleLag(
    lag,
    state.players.map((p) => p.id),
    (id) => playerName(state, id),
  );
  return {
    type: 'BreakOrderDecided',
    version: 1,
    data: {
      method: 'LAG',
      winner: ruled.winner,
      rule: ruled.rule,
      lag: lag.map((l) => ({
        player: l.player,
        faults: [...l.faults],
        distanceFromHeadCushionMm: l.distanceFromHeadCushionMm,
      })),
      explanation: ruled.explanation,
      explanationPt: ruled.explanationPt,
    },
  };
}
