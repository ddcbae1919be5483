import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  EventStoreError,
  expectationMet,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type HeadsSnapshot,
  type ReadAllOptions,
  type ReadStreamOptions,
  type StoredEvent,
} from '../event-store';

export interface SqliteEventStoreOptions {
  // A file path, or ':memory:' for tests that do not need a file.
  filename: string;
  // FULL fsyncs every commit (nothing acknowledged is lost on power failure); NORMAL is faster
  // and survives a process crash. See ../shared/stack.md for the measured trade-off.
  synchronous?: 'FULL' | 'NORMAL';
  // For checking a ledger: opened read-only, nothing is created or rebuilt in the file.
  readOnly?: boolean;
  // A file with events but no head table is refused unless this is set: then the table is filled
  // from the events as they are (`npm run ledger -- adopt-heads`, for a ledger from before it).
  adoptHeads?: boolean;
}

interface Row {
  position: number | bigint;
  stream_id: string;
  revision: number;
  event_id: string;
  type: string;
  data: string;
  metadata: string;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  position  INTEGER PRIMARY KEY AUTOINCREMENT,
  stream_id TEXT    NOT NULL,
  revision  INTEGER NOT NULL,
  event_id  TEXT    NOT NULL UNIQUE,
  type      TEXT    NOT NULL,
  data      TEXT    NOT NULL,
  metadata  TEXT    NOT NULL,
  UNIQUE (stream_id, revision)
);`;

// Each stream's last revision and its hash, updated in the append transaction. It is what the
// verifier compares a stream's chain with, so that deleting the last event(s) of a stream (which
// leaves a valid, shorter chain) is still detected. A new file gets it empty; a file with events
// and without it is only filled from the events as they are when adopted on purpose.
const HEADS_SCHEMA = `
CREATE TABLE stream_heads (
  stream_id TEXT    PRIMARY KEY,
  revision  INTEGER NOT NULL,
  hash      TEXT
);
INSERT INTO stream_heads (stream_id, revision, hash)
  SELECT e.stream_id, e.revision, json_extract(e.metadata, '$.hash') FROM events e
  WHERE e.revision = (SELECT MAX(revision) FROM events x WHERE x.stream_id = e.stream_id);`;

export class SqliteEventStore implements EventStore {
  private readonly db: Database.Database;
  private readonly headsTable: boolean = true;
  private readonly stmt: {
    head: Database.Statement<[string], { revision: number | null }>;
    insert: Database.Statement<[string, number, string, string, string, string]>;
    byIds: Database.Statement<[string, number, number], Row>;
    readStream: Database.Statement<[string, number, number], Row>;
    readAll: Database.Statement<[number | bigint, number], Row>;
    putHead: Database.Statement<[string, number, string | null]>;
  };
  private readonly appendTx: (
    streamId: string,
    events: EventToAppend[],
    expected: ExpectedRevision,
  ) => AppendResult;

  constructor(options: SqliteEventStoreOptions) {
    if (options.readOnly) {
      this.db = new Database(options.filename, { readonly: true, fileMustExist: true });
      this.db.pragma('busy_timeout = 5000');
      this.headsTable = this.hasHeadsTable();
    } else {
      if (options.filename !== ':memory:')
        mkdirSync(dirname(options.filename), { recursive: true });
      this.db = new Database(options.filename);
      this.db.pragma('journal_mode = WAL');
      this.db.pragma(`synchronous = ${options.synchronous ?? 'FULL'}`);
      this.db.pragma('busy_timeout = 5000');
      this.db.exec(SCHEMA);
      this.ensureHeadsTable(options);
    }
    this.stmt = {
      head: this.db.prepare('SELECT MAX(revision) AS revision FROM events WHERE stream_id = ?'),
      insert: this.db.prepare(
        'INSERT INTO events (stream_id, revision, event_id, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      byIds: this.db.prepare(
        'SELECT * FROM events WHERE stream_id = ? AND revision > ? ORDER BY revision LIMIT ?',
      ),
      readStream: this.db.prepare(
        'SELECT * FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision LIMIT ?',
      ),
      readAll: this.db.prepare('SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?'),
      putHead: this.headsTable
        ? this.db.prepare(
            `INSERT INTO stream_heads (stream_id, revision, hash) VALUES (?, ?, ?)
         ON CONFLICT(stream_id) DO UPDATE SET revision = excluded.revision, hash = excluded.hash`,
          )
        : (null as never),
    };
    const tx = this.db.transaction(
      (streamId: string, events: EventToAppend[], expected: ExpectedRevision) =>
        this.appendLocked(streamId, events, expected),
    );
    // BEGIN IMMEDIATE takes the write lock up front, so concurrent writers queue instead of failing.
    this.appendTx = (s, e, x) => tx.immediate(s, e, x);
  }

  append(
    streamId: string,
    events: EventToAppend[],
    expected: ExpectedRevision,
  ): Promise<AppendResult> {
    try {
      return Promise.resolve(this.appendTx(streamId, events, expected));
    } catch (err) {
      return Promise.reject(err as Error);
    }
  }

  private appendLocked(
    streamId: string,
    events: EventToAppend[],
    expected: ExpectedRevision,
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
    this.stmt.putHead.run(streamId, last.revision, typeof hash === 'string' ? hash : null);
    return { nextExpectedRevision: last.revision, position: last.position, events: stored };
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
    if (!rows.every((r, i) => r.event_id === events[i].eventId)) return null;
    const stored = rows.map(toStored);
    const last = stored[stored.length - 1];
    return { nextExpectedRevision: last.revision, position: last.position, events: stored };
  }

  readStream(streamId: string, options: ReadStreamOptions = {}): Promise<StoredEvent[]> {
    const rows = this.stmt.readStream.all(
      streamId,
      options.fromRevision ?? 0,
      options.maxCount ?? -1,
    );
    return Promise.resolve(rows.map(toStored));
  }

  readAll(options: ReadAllOptions = {}): Promise<StoredEvent[]> {
    const rows = this.stmt.readAll.all(options.after ?? -1, options.maxCount ?? -1);
    return Promise.resolve(rows.map(toStored));
  }

  // A missing head table in a file that holds events is a dropped table (which would hide a
  // deleted tail) or a ledger from before it: never rebuilt silently, only when adopting.
  private ensureHeadsTable(options: SqliteEventStoreOptions): void {
    const refused = this.db
      .transaction(() => {
        if (this.hasHeadsTable()) return false;
        const hasEvents = !!this.db.prepare('SELECT 1 FROM events LIMIT 1').get();
        if (hasEvents && !options.adoptHeads) return true;
        this.db.exec(HEADS_SCHEMA);
        return false;
      })
      .immediate();
    if (!refused) return;
    this.db.close();
    throw new EventStoreError(
      'HEADS_MISSING',
      `Ledger ${options.filename} has events but no stream_heads table: it was dropped (which hides a deleted stream tail) or the file predates it. Nothing was changed. Check it with \`npm run ledger -- verify\` (with --checkpoint FILE if you have one), then adopt its heads deliberately: \`npm run ledger -- adopt-heads\``,
    );
  }

  private hasHeadsTable(): boolean {
    return !!this.db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'stream_heads'")
      .get();
  }

  readHeads(): Promise<HeadsSnapshot> {
    // One read transaction: the heads and the last position come from the same snapshot.
    const snapshot = this.db.transaction((): HeadsSnapshot => {
      // Read-only and without the table (dropped): no head at all, so every stream with events
      // is reported as lacking its head record.
      const heads = !this.headsTable
        ? []
        : this.db
            .prepare<[], { stream_id: string; revision: number; hash: string | null }>(
              'SELECT stream_id, revision, hash FROM stream_heads',
            )
            .all()
            .map((r) => ({ streamId: r.stream_id, revision: r.revision, hash: r.hash }));
      const last = this.db
        .prepare<[], { position: number | null }>('SELECT MAX(position) AS position FROM events')
        .get();
      return { heads, position: last?.position == null ? null : BigInt(last.position) };
    })();
    return Promise.resolve(snapshot);
  }

  close(): Promise<void> {
    if (this.db.open) this.db.close();
    return Promise.resolve();
  }
}

function toStored(r: Row): StoredEvent {
  return {
    streamId: r.stream_id,
    revision: r.revision,
    position: BigInt(r.position),
    eventId: r.event_id,
    type: r.type,
    data: JSON.parse(r.data) as unknown,
    metadata: JSON.parse(r.metadata) as unknown,
  };
}
