import { AsyncLocalStorage } from 'node:async_hooks';
import type { AppendResult, EventStore, EventToAppend, ExpectedRevision } from './event-store';
import { CONTROL_STREAM_PREFIX } from './lease';

// The furthest ledger position the appends of one request reached, whichever feature made them:
// the API hands it back with the response, and a later query anywhere may ask to see it.
export interface WriteScope {
  position: bigint | null;
}

const scopes = new AsyncLocalStorage<WriteScope>();

export function runInWriteScope<T>(scope: WriteScope, fn: () => T): T {
  return scopes.run(scope, fn);
}

function noteWritten(result: AppendResult): void {
  const scope = scopes.getStore();
  if (!scope) return;
  // An acknowledged retry may report no events; its position still stands.
  const last = result.events.length
    ? result.events[result.events.length - 1].position
    : result.position;
  if (scope.position === null || last > scope.position) scope.position = last;
}

// The store with each append's position noted in the caller's write scope (none outside a
// request); everything else passes straight through.
export function scopedEventStore(store: EventStore): EventStore {
  const scoped: EventStore = {
    async append(streamId: string, events: EventToAppend[], expected: ExpectedRevision) {
      const result = await store.append(streamId, events, expected);
      // Control streams (lease, revocations) are not read models' input: their positions are
      // never reached by a read model, so a client must not be told to wait for them.
      if (!streamId.startsWith(CONTROL_STREAM_PREFIX)) noteWritten(result);
      return result;
    },
    readStream: (streamId, options) => store.readStream(streamId, options),
    readAll: (options) => store.readAll(options),
    close: () => store.close(),
  };
  if (store.subscribeAll) scoped.subscribeAll = (options) => store.subscribeAll!(options);
  if (store.streamAnomalies) scoped.streamAnomalies = (ids) => store.streamAnomalies!(ids);
  if (store.readHeads) scoped.readHeads = () => store.readHeads!();
  return scoped;
}
