import {
  START,
  StreamNotFoundError,
  streamNameFilter,
  type KurrentDBClient,
} from '@kurrent/kurrentdb-client';
import { LEDGER_STREAM_PREFIXES } from '../envelope';
import {
  EventStoreError,
  NO_STREAM,
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type FeedSubscription,
  type ReadAllOptions,
  type ReadStreamOptions,
  type StoredEvent,
  type StreamAnomaly,
} from '../event-store';
import { openKurrentDbClient } from './connection';
import { KnownIds } from './known-ids';
import { redactConnectionString } from './connection-string';
import {
  decodePosition,
  encodePosition,
  fromResolved,
  mapError,
  toEventData,
  toStreamState,
} from './mapping';

export interface KurrentDbEventStoreOptions {
  connectionString: string;
  // Every call is bounded: an unreachable server fails it with UNAVAILABLE instead of hanging.
  timeoutMs?: number;
  // The ledger's streams in the global feed ($all also holds system and foreign streams).
  streamPrefixes?: string[];
}

// One KurrentDB stream per ledger stream. Revisions, expected states and the global feed map
// one to one (see ../event-store.ts); see ./mapping.ts for the translations.
export class KurrentDbEventStore implements EventStore {
  private readonly timeoutMs: number;
  private readonly prefixes: string[];
  private readonly target: string;
  private readonly knownIds = new KnownIds();

  constructor(
    private readonly client: KurrentDBClient,
    options: Omit<KurrentDbEventStoreOptions, 'connectionString'> & { target?: string } = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.prefixes = options.streamPrefixes ?? [...LEDGER_STREAM_PREFIXES];
    this.target = options.target ?? 'KurrentDB';
  }

  // Throws ConfigurationError for a bad connection string; does not connect (the first call does).
  static fromConnectionString(options: KurrentDbEventStoreOptions): KurrentDbEventStore {
    return new KurrentDbEventStore(openKurrentDbClient(options.connectionString), {
      ...options,
      target: redactConnectionString(options.connectionString),
    });
  }

  async append(
    streamId: string,
    events: EventToAppend[],
    expected: ExpectedRevision,
  ): Promise<AppendResult> {
    if (events.length === 0) throw new EventStoreError('INVALID_APPEND', 'Nothing to append');
    if (new Set(events.map((e) => e.eventId)).size !== events.length) {
      throw new EventStoreError('INVALID_APPEND', 'An append cannot carry the same event id twice');
    }
    const streamState = toStreamState(expected);
    await this.refuseKnownIds(streamId, events, expected);
    try {
      const result = await this.bounded(
        this.client.appendToStream(streamId, events.map(toEventData), {
          streamState,
          deadline: this.timeoutMs,
          requiresLeader: true,
        }),
      );
      const nextExpectedRevision = Number(result.nextExpectedRevision);
      // The server acknowledges the write's last position only, not each event's, so the events
      // are read back as stored (on an idempotent retry: the first attempt's).
      const stored = await this.readStream(streamId, {
        fromRevision: nextExpectedRevision - events.length + 1,
        maxCount: events.length,
      });
      const position = result.position
        ? encodePosition(result.position)
        : (stored[stored.length - 1]?.position ?? -1n);
      this.knownIds.extend(streamId, stored);
      return { nextExpectedRevision, position, events: stored };
    } catch (err) {
      throw mapError(err, streamId, expected, this.target);
    }
  }

  // KurrentDB keeps event ids unique only against retries, not across a stream. The port refuses
  // an id already stored up to the expected revision (SQLite's UNIQUE index does the same), so
  // the batch is checked first; the expected revision still guards against a writer in between.
  // Ids read before are kept: only the events since are read, none when this process wrote last.
  private async refuseKnownIds(
    streamId: string,
    events: EventToAppend[],
    expected: ExpectedRevision,
  ): Promise<void> {
    if (expected === NO_STREAM) return;
    // ANY and STREAM_EXISTS: the whole stream; a revision: up to it (ids after it may be a retry
    // of this very append, which KurrentDB answers idempotently).
    const until = typeof expected === 'number' ? expected : Number.POSITIVE_INFINITY;
    // Taken before the read: a concurrent append may replace the entry, never change what it says.
    const { ids, revision } = this.knownIds.entry(streamId);
    // The stream must still start at revision 0: KurrentDB's own API can cut it short ($tb,
    // $maxCount, $maxAge) or delete it, and the read refuses either (a cold read from 0 checks it).
    if (revision >= 0) await this.readStream(streamId, { fromRevision: 0, maxCount: 1 });
    const newer =
      revision < until
        ? await this.readStream(streamId, {
            fromRevision: revision + 1,
            ...(Number.isFinite(until) ? { maxCount: until - revision } : {}),
          })
        : [];
    this.knownIds.extend(streamId, newer);
    const storedAt = (id: string) => ids.get(id) ?? newer.find((e) => e.eventId === id)?.revision;
    const dup = events.find((e) => {
      const at = storedAt(e.eventId);
      return at !== undefined && at <= until;
    });
    if (dup)
      throw new EventStoreError(
        'DUPLICATE_EVENT_ID',
        `Event id ${dup.eventId} is already in ${streamId}`,
      );
  }

  // From the leader: the write path decides on this read, and a demoted node that stays up would
  // otherwise answer with a stale head (spurious CONFLICTs, a response missing its events).
  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<StoredEvent[]> {
    const from = options.fromRevision ?? 0;
    let events: StoredEvent[];
    try {
      events = await this.bounded(
        this.collect(
          this.client.readStream(streamId, {
            fromRevision: BigInt(from),
            requiresLeader: true,
            ...(options.maxCount === undefined ? {} : { maxCount: options.maxCount }),
          }),
        ),
      );
    } catch (err) {
      if (err instanceof StreamNotFoundError) return [];
      throw mapError(err, streamId, undefined, this.target, true);
    }
    // Stream reads honour $tb, $maxCount and $maxAge: revisions are taken from the events, and a
    // stream that no longer starts where it was asked to, or has a gap, is refused.
    const gap = events.findIndex(
      (e, i) => e.revision !== (i === 0 ? from : events[i - 1].revision + 1),
    );
    if (gap >= 0)
      throw new EventStoreError(
        'STREAM_TRUNCATED',
        `${streamId} reads revision ${events[gap].revision} where ${gap === 0 ? from : events[gap - 1].revision + 1} was expected: the stream was truncated or scavenged in the store`,
      );
    return events;
  }

  // For the verifier: every stream the ledger's feed holds, asked of the store itself.
  async streamAnomalies(streamIds: readonly string[]): Promise<StreamAnomaly[]> {
    const found: StreamAnomaly[] = [];
    for (const streamId of streamIds) {
      const meta = await this.bounded(
        this.client.getStreamMetadata(streamId, { requiresLeader: true }),
      ).catch((err: unknown) => {
        throw mapError(err, streamId, undefined, this.target, true);
      });
      const m = meta.metadata ?? {};
      const limits = (['truncateBefore', 'maxCount', 'maxAge'] as const).filter(
        (k) => m[k] !== undefined,
      );
      if (limits.length > 0)
        found.push({
          streamId,
          kind: 'METADATA_CHANGED',
          detail: `its stream metadata sets ${limits.map((k) => `${k}=${String(m[k])}`).join(', ')}: stream reads no longer return every event`,
        });
      try {
        const first = await this.readStream(streamId, { maxCount: 1 });
        if (first.length === 0)
          found.push({ streamId, kind: 'DELETED', detail: 'the stream was deleted in the store' });
      } catch (err) {
        if (err instanceof EventStoreError && err.code === 'STREAM_TRUNCATED')
          found.push({ streamId, kind: 'TRUNCATED', detail: err.message });
        else if (err instanceof EventStoreError && err.code === 'STREAM_DELETED')
          found.push({
            streamId,
            kind: 'TOMBSTONED',
            detail: 'the stream was hard-deleted (tombstoned) in the store',
          });
        else throw err;
      }
    }
    return found;
  }

  async readAll(options: ReadAllOptions = {}): Promise<StoredEvent[]> {
    const { after, maxCount } = options;
    try {
      // KurrentDB's readAll includes the event at fromPosition; the port's is exclusive, so one
      // more is read and everything at or before `after` dropped.
      const events = await this.bounded(
        this.collect(
          this.client.readAll({
            fromPosition: after === undefined ? START : decodePosition(after),
            filter: streamNameFilter({ prefixes: this.prefixes }),
            // Catch-up after a local write must see that write (read your writes).
            requiresLeader: true,
            ...(maxCount === undefined
              ? {}
              : { maxCount: maxCount + (after === undefined ? 0 : 1) }),
          }),
        ),
      );
      const strictlyAfter = after === undefined ? events : events.filter((e) => e.position > after);
      return maxCount === undefined ? strictlyAfter : strictlyAfter.slice(0, maxCount);
    } catch (err) {
      throw mapError(err, '$all', undefined, this.target, true);
    }
  }

  // subscribeToAll's fromPosition is already exclusive. Any node may serve the live tail: it only
  // feeds the read model, which is behind by design, and catch-up reads from the leader.
  subscribeAll(options: Pick<ReadAllOptions, 'after'> = {}): FeedSubscription {
    const subscription = this.client.subscribeToAll({
      fromPosition: options.after === undefined ? START : decodePosition(options.after),
      filter: streamNameFilter({ prefixes: this.prefixes }),
      requiresLeader: false,
    });
    const target = this.target;
    return {
      async *[Symbol.asyncIterator]() {
        try {
          for await (const resolved of subscription) {
            const stored = fromResolved(resolved);
            if (stored && stored.position >= 0n) yield stored;
          }
        } catch (err) {
          throw mapError(err, '$all', undefined, target, true);
        }
      },
      close: () => subscription.unsubscribe(),
    };
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }

  private async collect(
    source: AsyncIterable<Parameters<typeof fromResolved>[0]>,
  ): Promise<StoredEvent[]> {
    const out: StoredEvent[] = [];
    for await (const resolved of source) {
      const stored = fromResolved(resolved);
      if (stored) out.push(stored);
    }
    return out;
  }

  private bounded<T>(work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new EventStoreError(
              'UNAVAILABLE',
              `The KurrentDB event store at ${this.target} did not answer within ${this.timeoutMs} ms; check KURRENTDB_CONNECTION_STRING and that the server is running`,
            ),
          ),
        this.timeoutMs,
      );
    });
    return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
  }
}
