import type { MatchRow } from './scheduled-match';

export interface BoardFilter {
  competitionId?: string;
  venue?: string;
  // YYYY-MM-DD: matches scheduled that day (UTC), those in play whatever their date, and those
  // not yet finished that have no date.
  day?: string;
}

export interface Board {
  playing: MatchRow[];
  upcoming: MatchRow[];
  finished: MatchRow[];
}

// Where and when a match is played, as the registry schedules it.
export type MatchPlace = Omit<MatchRow, 'state'>;

// How the board reads the registry's placed matches. Declared here, provided by the registry
// feature (RegistryModule), which owns the match table they are read from.
export interface MatchPlaces {
  // Three lists of at most `first` matches each.
  board(filter: BoardFilter, first: number): Board;
  place(matchId: string): MatchPlace | null;
}

export const MATCH_PLACES = Symbol('MATCH_PLACES');
