import type { LedgerEvent, MatchState } from '../domain';
import { foldStream, matchStream, type MatchRecord, type StoredMetadata } from '../ledger/envelope';
import type { EventStore } from '../ledger/event-store';
import { loadMatch, type LoadedMatch } from './match-stream';

export interface StreamCacheLimits {
  // Streams kept folded, least recently written first out.
  streams: number;
  // Events kept across all of them (a long match holds thousands).
  events: number;
}

const DEFAULT_LIMITS: StreamCacheLimits = { streams: 256, events: 100_000 };

// The folded state of recently written match streams, by revision, so a write reads and folds
// only what was appended since (by any process or replica) instead of the whole stream. The store
// stays the authority: every load asks it for events after the cached revision, and the append's
// expected revision refuses anything decided on a stale entry.
export class StreamCache {
  private readonly entries = new Map<string, LoadedMatch>();
  private events = 0;

  constructor(
    private readonly store: EventStore,
    private readonly evolve: (s: MatchState | null, e: LedgerEvent) => MatchState,
    private readonly limits: StreamCacheLimits = DEFAULT_LIMITS,
  ) {}

  async load(matchId: string): Promise<LoadedMatch> {
    const cached = this.entries.get(matchId);
    if (!cached)
      return this.keep(matchId, await loadMatch(this.store, matchId, { evolve: this.evolve }));
    // KurrentDB's adapter checks on append that the stream still starts at 0 (not truncated).
    const newer = await this.store.readStream(matchStream(matchId), {
      fromRevision: cached.revision + 1,
    });
    if (newer.length === 0) return this.keep(matchId, cached);
    // Anything but the revisions that follow the cached ones: read the stream afresh.
    if (newer[0].revision !== cached.revision + 1) {
      this.drop(matchId);
      return this.keep(matchId, await loadMatch(this.store, matchId, { evolve: this.evolve }));
    }
    const { records, state } = foldStream(newer, cached.state, this.evolve);
    return this.keep(matchId, this.extend(cached, records, state));
  }

  // After an append of this process: the records it wrote and the state after them.
  written(matchId: string, before: LoadedMatch, records: MatchRecord[], state: MatchState): void {
    const cached = this.entries.get(matchId);
    // Only on top of what it was decided against; otherwise the next load reads the gap.
    if (cached && cached.revision !== before.revision) return;
    this.keep(matchId, this.extend(before, records, state));
  }

  drop(matchId: string): void {
    const cached = this.entries.get(matchId);
    if (!cached) return;
    this.events -= cached.records.length;
    this.entries.delete(matchId);
  }

  // Entries are never changed in place: a command still deciding on one sees it whole.
  private extend(base: LoadedMatch, records: MatchRecord[], state: MatchState | null): LoadedMatch {
    const last = records[records.length - 1];
    const commands = base.commands ?? indexCommands(base.records, new Map());
    return {
      records: base.records.concat(records),
      state,
      revision: last ? last.revision : base.revision,
      commands: indexCommands(records, commands),
    };
  }

  private keep(matchId: string, fresh: LoadedMatch): LoadedMatch {
    // A stream that does not exist yet is not worth an entry.
    if (fresh.state === null) return fresh;
    const loaded = fresh.commands
      ? fresh
      : { ...fresh, commands: indexCommands(fresh.records, new Map()) };
    this.drop(matchId);
    this.entries.set(matchId, loaded);
    this.events += loaded.records.length;
    for (const [id] of this.entries) {
      if (this.entries.size <= this.limits.streams && this.events <= this.limits.events) break;
      if (id === matchId) continue;
      this.drop(id);
    }
    return loaded;
  }
}

function indexCommands(records: readonly MatchRecord[], into: Map<string, number>) {
  for (const r of records) {
    const id = (r.stored.metadata as Partial<StoredMetadata>).commandId;
    if (typeof id === 'string' && !into.has(id)) into.set(id, r.revision);
  }
  return into;
}
