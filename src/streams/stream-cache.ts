import { LRUCache } from 'lru-cache';
import type { StoredMetadata } from '../ledger/envelope';
import type { EventStore } from '../ledger/event-store';
import { foldRecords, loadStream, type Evolve, type GameOf } from './load-stream';
import type { LoadedStream, StreamRecord } from './stream-type';

export interface StreamCacheLimits {
  // Streams kept folded, least recently used first out.
  streams: number;
  // Events kept across all of them (a long match holds thousands).
  events: number;
}

const DEFAULT_LIMITS: StreamCacheLimits = { streams: 256, events: 100_000 };

// The folded state of recently written streams, by revision, so a write reads and folds only what
// was appended since (by any process or replica) instead of the whole stream. The store stays the
// authority: every load asks it for events after the cached revision, and the append's expected
// revision refuses anything decided on a stale entry.
export class StreamCache<S> {
  private readonly entries: LRUCache<string, LoadedStream<S>>;

  constructor(
    private readonly store: EventStore,
    private readonly evolve: Evolve<S>,
    limits: StreamCacheLimits = DEFAULT_LIMITS,
    private readonly gameOf?: GameOf<S>,
  ) {
    this.entries = new LRUCache({
      max: limits.streams,
      maxSize: limits.events,
      sizeCalculation: (loaded) => Math.max(1, loaded.records.length),
    });
  }

  async load(streamId: string): Promise<LoadedStream<S>> {
    const cached = this.entries.get(streamId);
    if (!cached) return this.keep(streamId, await this.readWhole(streamId));
    // KurrentDB's adapter checks on append that the stream still starts at 0 (not truncated).
    const newer = await this.store.readStream(streamId, { fromRevision: cached.revision + 1 });
    if (newer.length === 0) return cached;
    // Anything but the revisions that follow the cached ones: read the stream afresh.
    if (newer[0].revision !== cached.revision + 1) {
      this.drop(streamId);
      return this.keep(streamId, await this.readWhole(streamId));
    }
    const { records, state } = foldRecords(newer, cached.state, this.evolve, this.gameOf);
    return this.keep(streamId, extend(cached, records, state));
  }

  // After an append of this process: the records it wrote and the state after them.
  written(streamId: string, before: LoadedStream<S>, records: StreamRecord[], state: S): void {
    const cached = this.entries.peek(streamId);
    // Only on top of what it was decided against; otherwise the next load reads the gap.
    if (cached && cached.revision !== before.revision) return;
    this.keep(streamId, extend(before, records, state));
  }

  drop(streamId: string): void {
    this.entries.delete(streamId);
  }

  private readWhole(streamId: string): Promise<LoadedStream<S>> {
    return loadStream(this.store, streamId, this.evolve, this.gameOf);
  }

  private keep(streamId: string, fresh: LoadedStream<S>): LoadedStream<S> {
    // A stream that does not exist yet is not worth an entry.
    if (fresh.state === null) return fresh;
    const loaded = fresh.commands
      ? fresh
      : { ...fresh, commands: indexCommands(fresh.records, new Map()) };
    this.entries.set(streamId, loaded);
    return loaded;
  }
}

// Entries are never changed in place: a command still deciding on one sees it whole.
function extend<S>(
  base: LoadedStream<S>,
  records: StreamRecord[],
  state: S | null,
): LoadedStream<S> {
  const last = records[records.length - 1];
  const commands = base.commands ?? indexCommands(base.records, new Map());
  return {
    records: base.records.concat(records),
    state,
    revision: last ? last.revision : base.revision,
    commands: indexCommands(records, commands),
  };
}

function indexCommands(records: readonly StreamRecord[], into: Map<string, number>) {
  for (const r of records) {
    const id = (r.stored.metadata as Partial<StoredMetadata>).commandId;
    if (typeof id === 'string' && !into.has(id)) into.set(id, r.revision);
  }
  return into;
}
