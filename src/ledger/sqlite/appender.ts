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
import { RowReader } from './ledger-rows';
import { RowWriter, type DataCodec } from './row-writer';

export interface AppendRequest {
  streamId: string;
  events: EventToAppend[];
  expected: ExpectedRevision;
}

const positionOf = (p: number | bigint | null | undefined): bigint | null =>
  p === null || p === undefined ? null : BigInt(p);

// The write side of the SQLite ledger, on one connection: a group of appends in one BEGIN
// IMMEDIATE transaction (it takes the write lock up front, so writers queue), each append in its
// own savepoint (a nested better-sqlite3 transaction), so one that fails is rolled back alone.
// Runs on the store's own connection or in the append worker (./append-worker.ts).
export class Appender {
  private readonly stmt;
  private readonly rows: RowWriter;
  private readonly reader: RowReader;
  private readonly group: (requests: AppendRequest[]) => Settled<AppendResult>[];

  constructor(db: Database.Database, headsTable: boolean, codec: DataCodec = 'records') {
    // The file already has every layout: the store's own connection upgraded it.
    const reader = (this.reader = new RowReader(db));
    this.stmt = {
      head: db.prepare<[string], { revision: number | null }>(
        'SELECT MAX(revision) AS revision FROM events WHERE stream_id = ?',
      ),
      byIds: reader.query<[string, number, number]>(
        'WHERE stream_id = ? AND revision > ? ORDER BY revision LIMIT ?',
      ),
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
    this.rows = new RowWriter(db, codec);
    const one = db.transaction((r: AppendRequest, after: bigint | null) =>
      this.appendLocked(r.streamId, r.events, r.expected, after),
    );
    const all = db.transaction((requests: AppendRequest[]) => {
      let after = positionOf(this.stmt.lastPosition.get()?.position);
      return requests.map((r) =>
        settle(() => {
          const result = this.undoneOnThrow(() => one(r, after));
          // A retry acknowledged without writing leaves the ledger's end where it was.
          if (result.previousPosition === after) after = result.position;
          return result;
        }),
      );
    });
    this.group = (requests) => {
      const results = this.undoneOnThrow(() => all.immediate(requests));
      this.rows.committed();
      return results;
    };
  }

  // A rollback (of the group, or of one append's savepoint) may undo shapes the writer allocated
  // or the reader saw: both forget them.
  private undoneOnThrow<T>(run: () => T): T {
    try {
      return run();
    } catch (err) {
      this.rows.rolledBack();
      this.reader.forgetShapes();
      throw err;
    }
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
    const stored = this.insert(streamId, head + 1, events);
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

  // Returns the events as stored; data and metadata are the writer's own objects (JSON values,
  // so a read returns equal ones), not parsed back.
  private insert(streamId: string, first: number, events: EventToAppend[]): StoredEvent[] {
    const positions = this.rows.write(streamId, first, events);
    return events.map((e, i) => ({
      streamId,
      revision: first + i,
      position: positions[i],
      eventId: e.eventId,
      type: e.type,
      data: e.data,
      metadata: e.metadata ?? {},
    }));
  }

  private alreadyAppended(
    streamId: string,
    events: EventToAppend[],
    expected: number,
  ): AppendResult | null {
    const stored = this.stmt.byIds(streamId, expected, events.length);
    if (stored.length !== events.length) return null;
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
