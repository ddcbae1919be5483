import {
  EventStoreError,
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
} from '../ledger/event-store';
import { SqliteEventStore } from '../ledger/sqlite/sqlite-event-store';
import type { LedgerMetrics } from './ledger-metrics';

const outcomeOf = (err: unknown): 'conflict' | 'error' =>
  err instanceof EventStoreError && err.code === 'CONFLICT' ? 'conflict' : 'error';

// The event store with each append timed into cue_ledger_append_duration_seconds; every other
// call (and the optional ones, present only when the store has them) passes straight through.
export function timedEventStore(store: EventStore, metrics: LedgerMetrics): EventStore {
  const timed: EventStore = {
    async append(
      streamId: string,
      events: EventToAppend[],
      expected: ExpectedRevision,
    ): Promise<AppendResult> {
      const end = metrics.appendSeconds.startTimer();
      try {
        const result = await store.append(streamId, events, expected);
        end({ outcome: 'ok' });
        return result;
      } catch (err) {
        end({ outcome: outcomeOf(err) });
        throw err;
      }
    },
    readStream: (streamId, options) => store.readStream(streamId, options),
    readAll: (options) => store.readAll(options),
    close: () => store.close(),
  };
  if (store.subscribeAll) timed.subscribeAll = (options) => store.subscribeAll!(options);
  if (store.streamAnomalies) timed.streamAnomalies = (ids) => store.streamAnomalies!(ids);
  if (store.readHeads) timed.readHeads = () => store.readHeads!();
  return timed;
}

// The ledger module's store decorator (STORE_DECORATOR): appends timed, group commits counted.
export function meteredStore(metrics: LedgerMetrics): (store: EventStore) => EventStore {
  return (store) => {
    if (store instanceof SqliteEventStore) metrics.measureGroupCommits(() => store.groupCommits);
    return timedEventStore(store, metrics);
  };
}
