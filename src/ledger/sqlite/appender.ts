import type Database from 'better-sqlite3';
import {
  EventStoreError,
  expectationMet,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventToAppend,
  type ExpectedRevision,
  type StoredEvent,
} from '../event-store';
import { settle, type Settled } from './group-commit';

export interface AppendRequest {
  streamId: string;
  events: EventToAppend[];
  expected: ExpectedRevision;
}

// A stored row, read raw (as an array): better-sqlite3 then builds no object per row, which makes
// a replay's reads about a third cheaper.
export const ROW_COLUMNS = 'position, stream_id, revision, event_id, type, data, metadata';
export type RawRow = [number | bigint, string, number, string, string, string, string];

export function rawToStored(r: RawRow): StoredEvent {
  return {
    streamId: r[1],
    revision: r[2],
    position: BigInt(r[0]),
    eventId: r[3],
    type: r[4],
    data: JSON.parse(r[5]) as unknown,
    metadata: JSON.parse(r[6]) as unknown,
  };
}

const positionOf = (p: number | bigint | null | undefined): bigint | null =>
  p === null || p === undefined ? null : BigInt(p);

// The write side of the SQLite ledger, on one connection: a group of appends in one BEGIN
// IMMEDIATE transaction (it takes the write lock up front, so writers queue), each append in its
// own savepoint (a nested better-sqlite3 transaction), so one that fails is rolled back alone.
// Runs on the store's own connection or in the append worker (./append-worker.ts).
export class Appender {
  private readonly stmt;
  private readonly group: (requests: AppendRequest[]) => Settled<AppendResult>[];

  constructor(db: Database.Database, headsTable: boolean) {
    this.stmt = {
      head: db.prepare<[string], { revision: number | null }>(
        'SELECT MAX(revision) AS revision FROM events WHERE stream_id = ?',
      ),
      insert: db.prepare<[string, number, string, string, string, string]>(
        'INSERT INTO events (stream_id, revision, event_id, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      byIds: db
        .prepare<
          [string, number, number],
          RawRow
        >(`SELECT ${ROW_COLUMNS} FROM events WHERE stream_id = ? AND revision > ? ORDER BY revision LIMIT ?`)
        .raw(true),
      lastPosition: db.prepare<[], { position: number | bigint | null }>(
        'SELECT MAX(position) AS position FROM events',
      ),
      positionBefore: db.prepare<[bigint], { position: number | bigint | null }>(
        'SELECT MAX(position) AS position FROM events WHERE position < ?',
      ),
      putHead: headsTable
        ? db.prepare<[string, number, string | null]>(
            `INSERT INTO stream_heads (stream_id, revision, hash) VALUES (?, ?, ?)
             ON CONFLICT(stream_id) DO UPDATE SET revision = excluded.revision, hash = excluded.hash`,
          )
        : null,
    };
    const one = db.transaction((r: AppendRequest, after: bigint | null) =>
      this.appendLocked(r.streamId, r.events, r.expected, after),
    );
    const all = db.transaction((requests: AppendRequest[]) => {
      let after = positionOf(this.stmt.lastPosition.get()?.position);
      return requests.map((r) =>
        settle(() => {
          const result = one(r, after);
          // A retry acknowledged without writing leaves the ledger's end where it was.
          if (result.previousPosition === after) after = result.position;
          return result;
        }),
      );
    });
    this.group = (requests) => all.immediate(requests);
  }

  // Throws only when the transaction as a whole failed (nothing of the group was written).
  commit(requests: AppendRequest[]): Settled<AppendResult>[] {
    return this.group(requests);
  }

  private appendLocked(
    streamId: string,
    events: EventToAppend[],
    expected: ExpectedRevision,
    after: bigint | null,
  ): AppendResult {
    if (events.length === 0) throw new EventStoreError('INVALID_APPEND', 'Nothing to append');
    if (new Set(events.map((e) => e.eventId)).size !== events.length) {
      throw new EventStoreError('INVALID_APPEND', 'An append cannot carry the same event id twice');
    }
    const head = this.stmt.head.get(streamId)?.revision ?? -1;
    if (!expectationMet(expected, head)) {
      // As KurrentDB does: a retry of an append that already landed at the expected revision is
      // acknowledged without writing again (same event ids, same place); anything else conflicts.
      const replayed =
        typeof expected === 'number' ? this.alreadyAppended(streamId, events, expected) : null;
      if (replayed) return replayed;
      throw new WrongExpectedRevisionError(streamId, expected, head);
    }
    const stored = events.map((e, i) => this.insert(streamId, head + 1 + i, e));
    const last = stored[stored.length - 1];
    // The store does not compute hashes (the writer does, see ../hash-chain.ts); it records the
    // head's as given, or null for an unchained event.
    const hash = (last.metadata as { hash?: unknown } | null)?.hash;
    this.stmt.putHead?.run(streamId, last.revision, typeof hash === 'string' ? hash : null);
    return {
      nextExpectedRevision: last.revision,
      position: last.position,
      events: stored,
      previousPosition: after,
    };
  }

  // Returns the event as stored; data and metadata are the writer's own objects (JSON values, so
  // a read returns equal ones), not parsed back.
  private insert(streamId: string, revision: number, e: EventToAppend): StoredEvent {
    const metadata = e.metadata ?? {};
    try {
      const info = this.stmt.insert.run(
        streamId,
        revision,
        e.eventId,
        e.type,
        JSON.stringify(e.data),
        JSON.stringify(metadata),
      );
      return {
        streamId,
        revision,
        position: BigInt(info.lastInsertRowid),
        eventId: e.eventId,
        type: e.type,
        data: e.data,
        metadata,
      };
    } catch (err) {
      // The stream/revision pair is guarded by the lock and the expected revision, so a unique
      // violation here can only be an event id already stored elsewhere in the ledger.
      if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') {
        throw new EventStoreError(
          'DUPLICATE_EVENT_ID',
          `Event id ${e.eventId} is already in the ledger`,
        );
      }
      throw err;
    }
  }

  private alreadyAppended(
    streamId: string,
    events: EventToAppend[],
    expected: number,
  ): AppendResult | null {
    const rows = this.stmt.byIds.all(streamId, expected, events.length);
    if (rows.length !== events.length) return null;
    const stored = rows.map(rawToStored);
    if (!stored.every((e, i) => e.eventId === events[i].eventId)) return null;
    const last = stored[stored.length - 1];
    const before = this.stmt.positionBefore.get(stored[0].position)?.position;
    return {
      nextExpectedRevision: last.revision,
      position: last.position,
      events: stored,
      previousPosition: positionOf(before),
    };
  }
}
