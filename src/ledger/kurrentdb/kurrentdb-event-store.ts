import {
  START,
  StreamNotFoundError,
  streamNameFilter,
  type GetStreamMetadataResult,
  type KurrentDBClient,
} from '@kurrent/kurrentdb-client';
import { LEDGER_STREAM_PREFIXES } from '../envelope';
import {
  EventStoreError,
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
import { notWritten, onceMore, readAgain } from './failures';
import { redactConnectionString } from './connection-string';
import { findAnomalies } from './stream-anomalies';
import { WriteGuard } from './write-guard';
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
  private readonly guard: WriteGuard;

  constructor(
    private readonly client: KurrentDBClient,
    options: Omit<KurrentDbEventStoreOptions, 'connectionString'> & { target?: string } = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.prefixes = options.streamPrefixes ?? [...LEDGER_STREAM_PREFIXES];
    this.target = options.target ?? 'KurrentDB';
    this.guard = new WriteGuard({
      readStream: (streamId, o) => this.readStream(streamId, o),
      metadata: (streamId) => this.metadata(streamId),
    });
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
    await this.guard.check(streamId, events, expected);
    try {
      // Sent once more only when no node can have written it (see ./failures.ts).
      const result = await onceMore(
        () =>
          this.bounded(
            this.client.appendToStream(streamId, events.map(toEventData), {
              streamState,
              deadline: this.timeoutMs,
              requiresLeader: true,
            }),
          ),
        notWritten,
        this.timeoutMs,
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
      this.guard.knownIds.extend(streamId, stored);
      return { nextExpectedRevision, position, events: stored };
    } catch (err) {
      throw mapError(err, streamId, expected, this.target);
    }
  }

  // From the leader: the write path decides on this read, and a demoted node that stays up would
  // otherwise answer with a stale head (spurious CONFLICTs, a response missing its events).
  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<StoredEvent[]> {
    const from = options.fromRevision ?? 0;
    let events: StoredEvent[];
    try {
      events = await onceMore(
        () =>
          this.bounded(
            this.collect(
              this.client.readStream(streamId, {
                fromRevision: BigInt(from),
                requiresLeader: true,
                ...(options.maxCount === undefined ? {} : { maxCount: options.maxCount }),
              }),
            ),
          ),
        readAgain,
        this.timeoutMs,
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
  streamAnomalies(streamIds: readonly string[]): Promise<StreamAnomaly[]> {
    return findAnomalies(streamIds, {
      metadata: (streamId) => this.metadata(streamId),
      first: (streamId) => this.readStream(streamId, { maxCount: 1 }),
    });
  }

  private metadata(streamId: string): Promise<GetStreamMetadataResult> {
    return onceMore(
      () => this.bounded(this.client.getStreamMetadata(streamId, { requiresLeader: true })),
      readAgain,
      this.timeoutMs,
    ).catch((err: unknown) => {
      throw mapError(err, streamId, undefined, this.target, true);
    });
  }

  // `metadata: 'fold'` is ignored here and in readStream: the server sends each event's metadata
  // whole, so leaving fields out would save nothing; all of it is returned (as the port allows).
  async readAll(options: ReadAllOptions = {}): Promise<StoredEvent[]> {
    const { after, maxCount } = options;
    try {
      // KurrentDB's readAll includes the event at fromPosition; the port's is exclusive, so one
      // more is read and everything at or before `after` dropped.
      const events = await onceMore(
        () =>
          this.bounded(
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
          ),
        readAgain,
        this.timeoutMs,
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
