// The port every event store adapter implements. It mirrors KurrentDB's client so that adapter
// is a direct mapping: 0-based stream revisions, an explicit expected state on every append,
// client-chosen event ids, and a global feed read from an exclusive position.
import { CodedError } from '../domain/coded-error';

export const NO_STREAM = 'no_stream' as const;
export const STREAM_EXISTS = 'stream_exists' as const;
export const ANY = 'any' as const;

// A number is the revision of the stream's last event (KurrentDB `streamState` as a bigint).
export type ExpectedRevision = typeof NO_STREAM | typeof STREAM_EXISTS | typeof ANY | number;

export interface EventToAppend {
  eventId: string;
  type: string;
  data: unknown;
  metadata: unknown;
}

export interface StoredEvent {
  streamId: string;
  revision: number;
  // Commit order across all streams; exclusive lower bound for readAll. An unsigned integer that
  // may exceed 64 bits (the KurrentDB adapter packs commit and prepare positions into it).
  position: bigint;
  eventId: string;
  type: string;
  data: unknown;
  metadata: unknown;
}

export interface AppendResult {
  // Revision of the stream's last event after the append.
  nextExpectedRevision: number;
  position: bigint;
  // The events as stored (as readStream would return them), so a writer need not read them back.
  // On an acknowledged retry: the events stored by the first attempt.
  events: StoredEvent[];
  // The position of the ledger's last event just before these (null: the ledger was empty), when
  // the store knows it (SQLite): a reader at that position can take these events as the feed's
  // next ones without reading them back. Absent on a retry that wrote nothing.
  previousPosition?: bigint | null;
}

// How much of each event's metadata a read returns: all of it (the default), or at least what a
// fold reads, `schemaVersion` and `gameNumber` (see ./envelope.ts applyStored), which a store may
// read cheaper (SQLite: no command fields, no hashes). A store may always return all of it.
export type MetadataRead = 'all' | 'fold';

export interface ReadStreamOptions {
  fromRevision?: number;
  maxCount?: number;
  metadata?: MetadataRead;
}

export interface ReadAllOptions {
  // Exclusive: events strictly after this position. Omit to read from the start.
  after?: bigint;
  maxCount?: number;
  metadata?: MetadataRead;
}

export interface FoldScanOptions {
  // Exclusive, as ReadAllOptions.after.
  after?: bigint;
  // Events per turn of the event loop.
  pageSize?: number;
}

// A live tail of the global feed: events after a position (exclusive), then new ones as they are
// committed. Iteration ends when the subscription is closed and throws if the store drops it.
export interface FeedSubscription extends AsyncIterable<StoredEvent> {
  close(): Promise<void>;
}

// The store's own record of each stream's last event, written in the same transaction as the
// append (see ../hash-chain.ts): the hash chain cannot show that its LAST events were deleted,
// this record can. `position` is the global position of the ledger's last event when the
// snapshot was taken (null when empty), so a verifier reading the feed afterwards can tell
// streams created since from streams whose head record was removed.
export interface StreamHead {
  streamId: string;
  revision: number;
  hash: string | null;
}
export interface HeadsSnapshot {
  heads: StreamHead[];
  position: bigint | null;
}

// A stream the store reports as altered outside the ledger's own appends.
export interface StreamAnomaly {
  streamId: string;
  kind: 'TRUNCATED' | 'DELETED' | 'TOMBSTONED' | 'METADATA_CHANGED';
  detail: string;
}

export interface EventStore {
  // All events of one call are appended atomically, or none is.
  append(
    streamId: string,
    events: EventToAppend[],
    expected: ExpectedRevision,
  ): Promise<AppendResult>;
  // A stream that does not exist reads as empty.
  readStream(streamId: string, options?: ReadStreamOptions): Promise<StoredEvent[]>;
  readAll(options?: ReadAllOptions): Promise<StoredEvent[]>;
  // Optional (SQLite): the global feed after a position, each event read for a fold and handed to
  // `visit` as it is decoded, page by page, with no page of events held. Resolves to the last
  // position visited. ./fold-scan.ts falls back to readAll pages without it. `visit` must not
  // use the store (SQLite's connection is busy while a page is iterated).
  scanAllForFold?(
    visit: (e: StoredEvent) => void,
    options?: FoldScanOptions,
  ): Promise<bigint | undefined>;
  // Optional (KurrentDB's subscribeToAll). A store without it is followed by its writers'
  // catch-up, which is enough when one process owns the ledger (SQLite).
  subscribeAll?(options?: Pick<ReadAllOptions, 'after'>): FeedSubscription;
  // Optional: what the store itself says of streams beyond their events (KurrentDB: stream
  // metadata that truncates them, soft and hard deletes), for the verifier. SQLite has none.
  streamAnomalies?(streamIds: readonly string[]): Promise<StreamAnomaly[]>;
  // Optional: the independent head record (SQLite keeps one; KurrentDB has none, and there an
  // event cannot be edited or removed in place anyway, only truncated or scavenged).
  readHeads?(): Promise<HeadsSnapshot>;
  close(): Promise<void>;
}

export const EVENT_STORE = Symbol('EVENT_STORE');

export type EventStoreErrorCode =
  | 'CONFLICT'
  | 'INVALID_APPEND'
  | 'DUPLICATE_EVENT_ID'
  | 'UNAVAILABLE'
  // A stream whose events do not start at revision 0 or have a gap: truncated ($tb, $maxCount,
  // $maxAge, a soft delete) or scavenged. Its hash chain and revisions cannot be trusted to write on.
  | 'STREAM_TRUNCATED'
  // A stream hard-deleted (tombstoned): it can never be read or written again.
  | 'STREAM_DELETED'
  // The store refused the credentials' access to the stream.
  | 'ACCESS_DENIED'
  // A SQLite ledger with events but no head table: refused until its heads are adopted on purpose.
  | 'HEADS_MISSING'
  // A SQLite ledger whose compact rows' commands table is gone: refused, never rebuilt.
  | 'COMMANDS_MISSING'
  // A SQLite ledger whose packed rows' shapes table is gone: refused, never rebuilt.
  | 'SHAPES_MISSING'
  // A SQLite ledger whose record rows' structures table is gone: refused, never rebuilt.
  | 'STRUCTURES_MISSING';

export class EventStoreError extends CodedError<EventStoreErrorCode> {
  constructor(
    // UNAVAILABLE: the store could not be reached or did not answer in time. For an append it is
    // unknown whether it landed; retrying the same command is safe (its event ids are the same).
    readonly code: EventStoreErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'EventStoreError';
  }
}

export class WrongExpectedRevisionError extends EventStoreError {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    // -1 when the stream does not exist.
    readonly actual: number,
  ) {
    super(
      'CONFLICT',
      `Stream ${streamId} is at revision ${actual}, but the write expected ${String(expected)}`,
    );
    this.name = 'WrongExpectedRevisionError';
  }

  override details(): Record<string, unknown> {
    // Revisions are numbers on both sides; only NO_STREAM, STREAM_EXISTS and ANY are words.
    return { expectedRevision: this.expected, actualRevision: this.actual };
  }
}

export function expectationMet(expected: ExpectedRevision, actual: number): boolean {
  if (expected === ANY) return true;
  if (expected === NO_STREAM) return actual === -1;
  if (expected === STREAM_EXISTS) return actual >= 0;
  return expected === actual;
}
