import type { BreakOrderRule } from '../table/vocabulary';

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
