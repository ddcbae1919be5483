import type { LedgerEvent } from '../domain';
import { applyStored, recordOf, type StoredMetadata } from '../ledger/envelope';
import type { EventStore, StoredEvent } from '../ledger/event-store';
import type { LoadedStream, StreamRecord } from './stream-type';

export type Evolve<S> = (state: S | null, event: LedgerEvent) => S;

// The game an event is filed under, derived from the fold when the metadata has none stamped.
export type GameOf<S> = (event: LedgerEvent, after: S) => number | null;

export interface LoadOptions {
  // The first events only (time travel by revision).
  maxCount?: number;
  // Up to the last event recorded at or before this ISO instant, with every event before it.
  recordedAtOrBefore?: string;
}

// Folds stored events of one stream onto `state`: each event is converted and evolved once.
export function foldRecords<S>(
  stored: readonly StoredEvent[],
  state: S | null,
  evolve: Evolve<S>,
  gameOf?: GameOf<S>,
): { records: StreamRecord[]; state: S | null } {
  const records: StreamRecord[] = [];
  let current = state;
  stored.forEach((e, i) => {
    const applied = applyStored(current, e, evolve, gameOf);
    current = applied.state;
    records.push(recordOf(e, applied.event, applied.gameNumber, stored[i + 1]));
  });
  return { records, state: current };
}

// Reads a stream once (or its first events, or those up to an instant) and folds it.
export async function loadStream<S>(
  store: EventStore,
  streamId: string,
  evolve: Evolve<S>,
  gameOf?: GameOf<S>,
  options: LoadOptions = {},
): Promise<LoadedStream<S>> {
  const read = await store.readStream(
    streamId,
    options.maxCount === undefined ? {} : { maxCount: options.maxCount },
  );
  const limit = options.recordedAtOrBefore;
  const stored = limit === undefined ? read : read.slice(0, lastIndexRecordedBy(read, limit) + 1);
  const { records, state } = foldRecords(stored, null, evolve, gameOf);
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
