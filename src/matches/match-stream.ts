import type { evolve, MatchState } from '../domain';
import { foldStream, matchStream, type MatchRecord, type StoredMetadata } from '../ledger/envelope';
import type { EventStore, StoredEvent } from '../ledger/event-store';
import { MatchNotFoundError } from './match-errors';

// A match stream read once: every event converted and folded once, for every reader (the write
// path, history, previews, time travel, re-adjudication).
export interface LoadedMatch {
  records: MatchRecord[];
  state: MatchState | null;
  // The revision of the last event read; -1 for a stream that does not exist.
  revision: number;
  // Where each command's events start (command id → revision), when kept (see StreamCache). It
  // may name commands after `revision`: shared by successive folds of one stream, only added to.
  commands?: Map<string, number>;
}

export interface LoadOptions {
  // The first events only (time travel by revision).
  maxCount?: number;
  // Up to the last event recorded at or before this ISO instant, with every event before it.
  recordedAtOrBefore?: string;
  evolve?: typeof evolve;
}

export async function loadMatch(
  store: EventStore,
  matchId: string,
  options: LoadOptions = {},
): Promise<LoadedMatch> {
  const read = await store.readStream(
    matchStream(matchId),
    options.maxCount === undefined ? {} : { maxCount: options.maxCount },
  );
  const limit = options.recordedAtOrBefore;
  const stored = limit === undefined ? read : read.slice(0, lastIndexRecordedBy(read, limit) + 1);
  const { records, state } = foldStream(stored, null, options.evolve);
  // From the events, not their count: the store refuses a stream that does not start at 0.
  return { records, state, revision: stored.length ? stored[stored.length - 1].revision : -1 };
}

function lastIndexRecordedBy(events: readonly StoredEvent[], instant: string): number {
  let last = -1;
  events.forEach((e, i) => {
    // recordedAt is written by toISOString (UTC, milliseconds), so it compares as text.
    if (((e.metadata as StoredMetadata).recordedAt ?? '') <= instant) last = i;
  });
  return last;
}

// As loadMatch, for readers of a match that must exist.
export async function requireMatch(
  store: EventStore,
  matchId: string,
  options: LoadOptions = {},
): Promise<LoadedMatch & { state: MatchState }> {
  const loaded = await loadMatch(store, matchId, options);
  if (loaded.state === null) throw new MatchNotFoundError(matchId);
  return loaded as LoadedMatch & { state: MatchState };
}
