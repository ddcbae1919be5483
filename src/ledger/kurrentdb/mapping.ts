import {
  ANY as KDB_ANY,
  jsonEvent,
  NO_STREAM as KDB_NO_STREAM,
  STREAM_EXISTS as KDB_STREAM_EXISTS,
  AccessDeniedError,
  AppendRecordSizeExceededError,
  MaxAppendSizeExceededError,
  StreamDeletedError,
  StreamTombstonedError,
  WrongExpectedVersionError,
  isCommandError,
  type AllStreamResolvedEvent,
  type AppendStreamState,
  type CurrentStreamState,
  type EventData,
  type JSONType,
  type Position,
  type ResolvedEvent,
} from '@kurrent/kurrentdb-client';
import {
  ANY,
  EventStoreError,
  NO_STREAM,
  STREAM_EXISTS,
  WrongExpectedRevisionError,
  type EventToAppend,
  type ExpectedRevision,
  type StoredEvent,
} from '../event-store';
import { notWritten } from './failures';

// Pure translations between the port and the KurrentDB client: tested without a server.

export function toStreamState(expected: ExpectedRevision): AppendStreamState {
  if (expected === NO_STREAM) return KDB_NO_STREAM;
  if (expected === STREAM_EXISTS) return KDB_STREAM_EXISTS;
  if (expected === ANY) return KDB_ANY;
  if (!Number.isSafeInteger(expected) || expected < 0)
    throw new EventStoreError('INVALID_APPEND', `Expected revision ${expected} is not a revision`);
  return BigInt(expected);
}

export function fromStreamState(state: AppendStreamState): ExpectedRevision {
  if (state === KDB_NO_STREAM) return NO_STREAM;
  if (state === KDB_STREAM_EXISTS) return STREAM_EXISTS;
  if (state === KDB_ANY) return ANY;
  return Number(state);
}

// The port reports a missing stream as revision -1.
export function fromCurrentState(state: CurrentStreamState | undefined): number {
  return state === undefined || state === KDB_NO_STREAM ? -1 : Number(state);
}

// The port's position is one bigint; KurrentDB's is { commit, prepare }, ordered by commit then
// prepare, each an unsigned 64-bit integer. commit * 2^64 + prepare is a single bigint that orders
// exactly as $all does and decodes back losslessly, so a checkpoint can resume at an event inside
// a multi-event commit; the SQLite adapter keeps its row ids, and the read model stores positions
// as text because they may not fit SQLite's signed 64-bit INTEGER.
const SHIFT = 64n;
const MASK = (1n << SHIFT) - 1n;

export function encodePosition(p: Position): bigint {
  return (p.commit << SHIFT) | (p.prepare & MASK);
}

export function decodePosition(position: bigint): Position {
  if (position < 0n) throw new RangeError(`Position ${position} is negative`);
  return { commit: position >> SHIFT, prepare: position & MASK };
}

// KurrentDB's own tooling (the $by_correlation_id projection, the UI) reads these two names; the
// port (and the SQLite store) keeps its own. Renamed in place, so the key order stays as written.
const SERVER_NAMES: Record<string, string> = {
  correlationId: '$correlationId',
  causationId: '$causationId',
};
const PORT_NAMES: Record<string, string> = {
  $correlationId: 'correlationId',
  $causationId: 'causationId',
};

function renamed(m: unknown, names: Record<string, string>): unknown {
  if (m === null || typeof m !== 'object' || Array.isArray(m)) return m;
  const source = m as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(source)) {
    const to = names[k];
    out[to !== undefined && !(to in source) ? to : k] = v;
  }
  return out;
}

export function toEventData(e: EventToAppend): EventData {
  // KurrentDB requires JSON-object metadata; the port's (actor, role, times, command, correlation
  // and causation ids, engine version, game, hash chain) is carried as is, but for the two names.
  return jsonEvent({
    id: e.eventId,
    type: e.type,
    data: e.data as JSONType,
    metadata: renamed(e.metadata ?? {}, SERVER_NAMES) as JSONType,
  });
}

export function fromResolved(resolved: ResolvedEvent | AllStreamResolvedEvent): StoredEvent | null {
  const e = resolved.event;
  // Link events ($>) and system events have no place in the ledger's feed.
  if (!e || e.streamId.startsWith('$') || e.type.startsWith('$')) return null;
  const position = e.position
    ? encodePosition(e.position)
    : resolved.commitPosition !== undefined
      ? encodePosition({ commit: resolved.commitPosition, prepare: resolved.commitPosition })
      : -1n;
  return {
    streamId: e.streamId,
    revision: Number(e.revision),
    position,
    eventId: e.id,
    type: e.type,
    data: e.isJson ? e.data : decodeJson(e.data as Uint8Array),
    metadata: normaliseMetadata(e.metadata),
  };
}

function normaliseMetadata(m: unknown): unknown {
  if (m === undefined || m === null) return {};
  if (m instanceof Uint8Array) return m.length ? renamed(decodeJson(m), PORT_NAMES) : {};
  return renamed(m, PORT_NAMES);
}

function decodeJson(bytes: Uint8Array): unknown {
  const text = Buffer.from(bytes).toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

// An append the server found malformed (a bug, not an outage).
const MALFORMED_TYPES = new Set(['invalid-argument', 'missing-required-metadata-property']);

const UNAVAILABLE_TYPES = new Set([
  'unavailable',
  'deadline-exceeded',
  'timeout',
  'not-leader',
  'cancelled',
]);

// Client errors → the port's typed errors. Anything not recognised is rethrown unchanged.
export function mapError(
  err: unknown,
  streamId: string,
  expected?: ExpectedRevision,
  target = 'KurrentDB',
  // A read never lands, so its UNAVAILABLE says nothing of an outcome.
  reading = false,
): unknown {
  if (err instanceof WrongExpectedVersionError) {
    return new WrongExpectedRevisionError(
      streamId,
      expected ?? fromStreamState(err.expectedState),
      fromCurrentState(err.actualState),
    );
  }
  if (err instanceof EventStoreError) return err;
  if (err instanceof StreamDeletedError || err instanceof StreamTombstonedError)
    return new EventStoreError(
      'STREAM_DELETED',
      `${streamId} was hard-deleted in the store: it can never be read or written again`,
    );
  if (err instanceof AccessDeniedError)
    return new EventStoreError(
      'ACCESS_DENIED',
      `The store refused access to ${streamId}: check the credentials and the stream's ACL`,
    );
  if (err instanceof MaxAppendSizeExceededError || err instanceof AppendRecordSizeExceededError)
    return new EventStoreError(
      'INVALID_APPEND',
      `The append to ${streamId} exceeds the store's maximum append size`,
    );
  const type = (err as { type?: unknown } | null)?.type;
  const grpc = (err as { code?: unknown } | null)?.code;
  if (!reading && typeof type === 'string' && MALFORMED_TYPES.has(type))
    return new EventStoreError(
      'INVALID_APPEND',
      `The store refused the append to ${streamId} as malformed (${describe(err)})`,
    );
  // Every other client error is a store that could not do the call: UnknownError included, which
  // is how BatchAppend delivers a write a node did not handle (not ready, busy, no leader during
  // an election). gRPC UNAVAILABLE (14) and DEADLINE_EXCEEDED (4) can arrive as plain errors.
  if (
    (typeof type === 'string' && UNAVAILABLE_TYPES.has(type)) ||
    (err instanceof Error && isCommandError(err)) ||
    grpc === 14 ||
    grpc === 4
  ) {
    const outcome =
      reading || notWritten(err)
        ? ''
        : ': the write may or may not have landed, and retrying the same command is safe';
    return new EventStoreError(
      'UNAVAILABLE',
      `The KurrentDB event store at ${target} could not be reached (${describe(err)}); check KURRENTDB_CONNECTION_STRING and that the server is running${outcome}`,
    );
  }
  return err;
}

function describe(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const name = err instanceof Error ? err.constructor.name : 'error';
  return message && message !== name ? `${name}: ${message.split('\n')[0]}` : name;
}
