import type { MatchScheduled } from '../domain';
import type { Tally } from '../domain/stats';

// What the stats writer keeps of a match to fold its next batch onto.
export interface CachedTally {
  tally: Tally;
  filedBy: Map<string, string>;
  // The last revision folded, and how many shot rows are written.
  revision: number;
  written: number;
  scheduled: MatchScheduled['data'];
  playedOn: string;
}

// Tallies of the matches written last; bounded (any match not in it is computed from its
// history). A tally holds every shot of its match: a completed match, which only signatures or
// appeals follow, goes to a much smaller LRU of its own, so a rebuild's memory stays flat instead
// of filling up with the tallies of matches long over.
const IN_PLAY = 500;
const COMPLETED = 32;

export class TallyCache {
  private readonly inPlay = new Map<string, CachedTally>();
  private readonly completed = new Map<string, CachedTally>();

  get(matchId: string): CachedTally | undefined {
    return this.inPlay.get(matchId) ?? this.completed.get(matchId);
  }

  // Takes the match's tally out (it is put back once its rows are written).
  take(matchId: string): CachedTally | undefined {
    const c = this.get(matchId);
    if (!this.inPlay.delete(matchId)) this.completed.delete(matchId);
    return c;
  }

  // Most recently written last in each map (a Map iterates in insertion order): the oldest goes.
  put(matchId: string, c: CachedTally, status: string): void {
    const done = status === 'COMPLETED';
    const cache = done ? this.completed : this.inPlay;
    cache.set(matchId, c);
    if (cache.size > (done ? COMPLETED : IN_PLAY)) cache.delete(cache.keys().next().value!);
  }
}
