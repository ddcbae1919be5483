import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  EventStoreError,
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type FoldScanOptions,
  type HeadsSnapshot,
  type MetadataRead,
  type ReadAllOptions,
  type ReadStreamOptions,
  type StoredEvent,
} from '../event-store';
import { Appender, type AppendRequest } from './appender';
import { GroupCommit } from './group-commit';
import { RowReader } from './ledger-rows';
import {
  commandsMissing,
  shapesMissing,
  structuresMissing,
  tableExists,
  upgradeEventsSchema,
} from './ledger-schema';
import { upgradeToRecords } from './record-upgrade';
import type { DataCodec } from './row-writer';
import { WorkerAppender } from './worker-appender';

export interface SqliteEventStoreOptions {
  // A file path, or ':memory:' for tests that do not need a file.
  filename: string;
  // FULL fsyncs every commit (nothing acknowledged is lost on power failure); NORMAL is faster
  // and survives a process crash. See ../shared/stack.md for the measured trade-off.
  synchronous?: 'FULL' | 'NORMAL';
  // For checking a ledger: opened read-only, nothing is created or rebuilt in the file.
  readOnly?: boolean;
  // Appends committed by a worker thread, so the fsync of a commit does not stop the event loop
  // (the server). A file only; the store's own connection keeps serving reads.
  appendInWorker?: boolean;
  // A file with events but no head table is refused unless this is set: then the table is filled
  // from the events as they are (`npm run ledger -- adopt-heads`, for a ledger from before it).
  adoptHeads?: boolean;
  // The codec new rows' data is written in: records (the default; a writable open also converts
  // older rows to it), or packed, as the build before records wrote it (tests only).
  dataCodec?: DataCodec;
}

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
  SELECT e.stream_id, e.revision,
    CASE WHEN e.command IS NULL THEN json_extract(e.metadata, '$.hash') ELSE nullif(lower(hex(e.hash)), '') END
  FROM events e
  WHERE e.revision = (SELECT MAX(revision) FROM events x WHERE x.stream_id = e.stream_id);`;

export class SqliteEventStore implements EventStore {
  private readonly db: Database.Database;
  private readonly headsTable: boolean = true;
  private readonly read: Record<
    MetadataRead,
    {
      stream: (streamId: string, from: number, max: number) => StoredEvent[];
      all: (after: number | bigint, max: number) => StoredEvent[];
    }
  >;
  private readonly scan: (
    visit: (e: StoredEvent) => void,
    after: number | bigint,
    max: number,
  ) => number;
  private readonly group: GroupCommit<AppendRequest, AppendResult>;
  private worker: WorkerAppender | null = null;

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
      this.prepareFile(options);
      if ((options.dataCodec ?? 'records') === 'records') this.convertRows();
    }
    const rows = new RowReader(this.db);
    const STREAM = 'WHERE stream_id = ? AND revision >= ? ORDER BY revision LIMIT ?';
    const ALL = 'WHERE position > ? ORDER BY position LIMIT ?';
    this.read = {
      all: { stream: rows.query(STREAM), all: rows.query(ALL) },
      fold: { stream: rows.foldQuery(STREAM), all: rows.foldQuery(ALL) },
    };
    this.scan = rows.foldScan(ALL);
    if (options.appendInWorker && !options.readOnly && options.filename !== ':memory:') {
      const data = {
        filename: options.filename,
        synchronous: options.synchronous ?? 'FULL',
        headsTable: this.headsTable,
        dataCodec: options.dataCodec ?? 'records',
      };
      // Started at the first append: a process that only reads (verify, rebuild) never starts it.
      this.group = new GroupCommit((requests) => {
        if (!this.db.open) throw new EventStoreError('UNAVAILABLE', 'The ledger is closed');
        return (this.worker ??= new WorkerAppender(data)).commit(requests);
      });
    } else {
      const appender = options.readOnly
        ? null
        : new Appender(this.db, this.headsTable, options.dataCodec);
      this.group = new GroupCommit((requests) => {
        if (!appender)
          throw new EventStoreError('ACCESS_DENIED', 'This ledger was opened read-only');
        return appender.commit(requests);
      });
    }
  }

  append(
    streamId: string,
    events: EventToAppend[],
    expected: ExpectedRevision,
  ): Promise<AppendResult> {
    return this.group.submit({ streamId, events, expected });
  }

  // Commits so far and the appends they carried (appends per fsync = requests / commits).
  get groupCommits(): Readonly<{ commits: number; requests: number }> {
    return this.group.stats;
  }

  readStream(streamId: string, options: ReadStreamOptions = {}): Promise<StoredEvent[]> {
    const read = this.read[options.metadata ?? 'all'];
    return Promise.resolve(
      read.stream(streamId, options.fromRevision ?? 0, options.maxCount ?? -1),
    );
  }

  readAll(options: ReadAllOptions = {}): Promise<StoredEvent[]> {
    const read = this.read[options.metadata ?? 'all'];
    return Promise.resolve(read.all(options.after ?? -1, options.maxCount ?? -1));
  }

  async scanAllForFold(
    visit: (e: StoredEvent) => void,
    { after, pageSize = 5000 }: FoldScanOptions = {},
  ): Promise<bigint | undefined> {
    let last = after;
    const see = (e: StoredEvent) => {
      last = e.position;
      visit(e);
    };
    while (this.scan(see, last ?? -1, pageSize) === pageSize)
      await new Promise((resolve) => setImmediate(resolve));
    return last;
  }

  // Everything a writable open does to the file, in one transaction, after the checks that may
  // refuse it: a refused file is left exactly as it was. A missing head table in a file that
  // holds events is a dropped table (which would hide a deleted tail) or a ledger from before it:
  // never rebuilt silently, only when adopting. A missing commands or shapes table is never rebuilt.
  private prepareFile(options: SqliteEventStoreOptions): void {
    const refusal = this.db
      .transaction((): EventStoreError | null => {
        const hasEvents =
          tableExists(this.db, 'events') &&
          this.db.prepare('SELECT 1 FROM events LIMIT 1').get() !== undefined;
        const heads = this.hasHeadsTable();
        if (hasEvents && !heads && !options.adoptHeads) return headsMissing(options.filename);
        if (commandsMissing(this.db)) return commandsGone(options.filename);
        if (shapesMissing(this.db)) return shapesGone(options.filename);
        if (structuresMissing(this.db)) return structuresGone(options.filename);
        upgradeEventsSchema(this.db);
        if (!heads) this.db.exec(HEADS_SCHEMA);
        return null;
      })
      .immediate();
    if (!refusal) return;
    this.db.close();
    throw refusal;
  }

  // Older rows' data to records, batch by batch (./record-upgrade.ts); a failure closes the file.
  private convertRows(): void {
    try {
      upgradeToRecords(this.db);
    } catch (err) {
      this.db.close();
      throw err;
    }
  }

  private hasHeadsTable(): boolean {
    return tableExists(this.db, 'stream_heads');
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

  // Appends already requested are committed (and answered) first.
  async close(): Promise<void> {
    if (!this.db.open) return;
    await this.group.flush();
    await this.worker?.close();
    if (this.db.open) this.db.close();
  }
}

const headsMissing = (file: string) =>
  new EventStoreError(
    'HEADS_MISSING',
    `Ledger ${file} has events but no stream_heads table: it was dropped (which hides a deleted stream tail) or the file predates it. Nothing was changed. Check it with \`npm run ledger -- verify\` (with --checkpoint FILE if you have one), then adopt its heads deliberately: \`npm run ledger -- adopt-heads\``,
  );

const commandsGone = (file: string) =>
  new EventStoreError(
    'COMMANDS_MISSING',
    `Ledger ${file} has compact rows but no commands table: it was dropped, and with it who recorded those events and when. Nothing was changed. \`npm run ledger -- verify\` lists the events affected; restore the file from a backup.`,
  );

const shapesGone = (file: string) =>
  new EventStoreError(
    'SHAPES_MISSING',
    `Ledger ${file} has packed rows but no shapes table: it was dropped, and with it the field names of those events' data. Nothing was changed. \`npm run ledger -- verify\` lists the events affected; restore the file from a backup.`,
  );

const structuresGone = (file: string) =>
  new EventStoreError(
    'STRUCTURES_MISSING',
    `Ledger ${file} has record rows but no structures table: it was dropped, and with it the field names of those events' data. Nothing was changed. \`npm run ledger -- verify\` lists the events affected; restore the file from a backup.`,
  );
