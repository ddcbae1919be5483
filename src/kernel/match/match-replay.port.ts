import type { MatchState } from '../../domain';
import type { MatchRecord } from '../../ledger/envelope';
import type { Slice } from '../../ledger/slices';

// A match read back from its stream: every record, the state they fold to, and the revision of
// the last event read (-1 for a match that does not exist).
export interface ReplayedMatch {
  records: MatchRecord[];
  state: MatchState | null;
  revision: number;
}

export interface ReplayOptions {
  // The first events only (time travel by revision).
  maxCount?: number;
  // Up to the last event recorded at or before this ISO instant.
  recordedAtOrBefore?: string;
}

// How a feature reads a match it does not own (appeals' previews and case files, audit's time
// travel and history): read in pages and folded in slices, so a long match never holds the
// server. Declared here, provided by the matches feature (matchReplay) through the app.
export interface MatchReplay {
  replay(
    matchId: string,
    slice: Slice,
    options?: ReplayOptions,
    // Told the state after each event, in order (states are immutable: each may be kept).
    onState?: (revision: number, state: MatchState) => void,
  ): Promise<ReplayedMatch>;
  // As replay, for a match that must exist: MATCH_NOT_FOUND otherwise.
  require(
    matchId: string,
    slice: Slice,
    options?: ReplayOptions,
  ): Promise<ReplayedMatch & { state: MatchState }>;
}

export const MATCH_REPLAY = Symbol('MATCH_REPLAY');
