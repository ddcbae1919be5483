import {
  START,
  StreamNotFoundError,
  streamNameFilter,
  type KurrentDBClient,
} from '@kurrent/kurrentdb-client';
import { MATCH_STREAM_PREFIX } from '../envelope';
import {
  ANY,
  EventStoreError,
  NO_STREAM,
  STREAM_EXISTS,
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type FeedSubscription,
  type ReadAllOptions,
  type ReadStreamOptions,
  type StoredEvent,
} from '../event-store';
import { openKurrentDbClient } from './connection';
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

  constructor(
    private readonly client: KurrentDBClient,
    options: Omit<KurrentDbEventStoreOptions, 'connectionString'> & { target?: string } = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.prefixes = options.streamPrefixes ?? [MATCH_STREAM_PREFIX];
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
      return { nextExpectedRevision, position, events: stored };
    } catch (err) {
      throw mapError(err, streamId, expected, this.target);
    }
  }

  // KurrentDB keeps event ids unique only against retries, not across a stream. The port refuses
  // an id already stored before the expected revision (SQLite's UNIQUE index does the same), so
  // the batch is checked first; the expected revision still guards against a writer in between.
  private async refuseKnownIds(
    streamId: string,
    events: EventToAppend[],
    expected: ExpectedRevision,
  ): Promise<void> {
    if (expected === NO_STREAM) return;
    const before =
      expected === ANY || expected === STREAM_EXISTS
        ? await this.readStream(streamId)
        : await this.readStream(streamId, { fromRevision: 0, maxCount: expected + 1 });
    const known = new Set(before.map((e) => e.eventId));
    const dup = events.find((e) => known.has(e.eventId));
    if (dup)
      throw new EventStoreError(
        'DUPLICATE_EVENT_ID',
        `Event id ${dup.eventId} is already in ${streamId}`,
      );
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<StoredEvent[]> {
    try {
      return await this.bounded(
        this.collect(
          this.client.readStream(streamId, {
            fromRevision: BigInt(options.fromRevision ?? 0),
            ...(options.maxCount === undefined ? {} : { maxCount: options.maxCount }),
          }),
        ),
      );
    } catch (err) {
      if (err instanceof StreamNotFoundError) return [];
      throw mapError(err, streamId, undefined, this.target, true);
    }
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

  // subscribeToAll's fromPosition is already exclusive.
  subscribeAll(options: Pick<ReadAllOptions, 'after'> = {}): FeedSubscription {
    const subscription = this.client.subscribeToAll({
      fromPosition: options.after === undefined ? START : decodePosition(options.after),
      filter: streamNameFilter({ prefixes: this.prefixes }),
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
