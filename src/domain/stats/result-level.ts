import type { LedgerEvent } from '../events/catalogue';

// Games recorded at both levels. A result carries a few facts of its own (break-and-run, a win on
// the break), counted from both levels; everything else a shot tells (fouls, safeties, innings,
// runs…) comes from shot-recorded games only, and coverage says how many of the games those are.

export interface CountsResults {
  bump(game: number, player: string, counter: 'breakAndRuns' | 'runouts' | 'winsOnBreak'): void;
}

// The facts a recorded result carries, counted as the same counters a shot-level game gives them.
export function countResult(t: CountsResults, e: LedgerEvent): void {
  if (e.type !== 'GameResultRecorded') return;
  const d = e.data;
  if (d.breakAndRun) {
    t.bump(d.gameNumber, d.winner, 'breakAndRuns');
    t.bump(d.gameNumber, d.winner, 'runouts');
  }
  if (d.winOnBreak) t.bump(d.gameNumber, d.winner, 'winsOnBreak');
}
