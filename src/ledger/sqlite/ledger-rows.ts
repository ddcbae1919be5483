import type Database from 'better-sqlite3';
import type { StoredEvent } from '../event-store';
import { CommandFields, type CommandRow } from './command-fields';
import { expandMetadata } from './row-codec';
import { unpackData } from './data-codec';
import { COMMAND_FIELDS, hasCompactMetadata, hasPackedData, tableExists } from './ledger-schema';
import { RECORD, RecordReader } from './record-codec';
import { OwnMetadata } from './own-metadata';
import { ShapeCache } from './shapes';

const COMMAND_ROW = `id, metadata, ${COMMAND_FIELDS}, nullif(lower(hex(command_hash)), '')`;

// The columns of a stored row, read raw (as an array): better-sqlite3 then builds no object per
// row, which makes a replay's reads about a third cheaper. Hashes and blob data come back as hex
// text, made by SQLite (cheaper than a Buffer each), with a flag telling blob data from text. A
// file without a layout's columns reads nulls for them.
const COLUMNS =
  "position, stream_id, revision, event_id, type, iif(typeof(data) = 'blob', hex(data), data), metadata";
const BLOB = "typeof(data) = 'blob'";
const COMPACT_COLUMNS = `command, nullif(lower(hex(prev_hash)), ''), nullif(lower(hex(hash)), '')`;
const columnsOf = (compact: boolean, packed: boolean) =>
  `${COLUMNS}, ${compact ? COMPACT_COLUMNS : 'NULL, NULL, NULL'}, ${packed ? 'shape' : 'NULL'}, ${BLOB}`;
// A fold's read (metadata 'fold'): the row's own metadata only, no command and no hashes, which
// makes a replay's reads about a quarter cheaper and spares the commands lookup.
export const foldColumnsOf = (packed: boolean) =>
  `${COLUMNS}, ${packed ? 'shape' : 'NULL'}, ${BLOB}`;

// The columns every read takes (COLUMNS).
type RowHead = [
  position: number | bigint,
  streamId: string,
  revision: number,
  eventId: string,
  type: string,
  // JSON or packed text, or a blob (a record's) as hex text.
  data: string,
  metadata: string,
];

export type RawRow = [
  ...RowHead,
  command: number | null,
  prevHash: string | null,
  hash: string | null,
  shape: number | null,
  blob: 0 | 1,
];

// A fold's row: the head, then the shape and the blob flag.
type FoldRow = [...RowHead, shape: number | null, blob: 0 | 1];

interface Layout {
  columns: string;
  foldColumns: string;
  // Every layout's columns and tables are there: nothing more can change.
  complete: boolean;
  listed: Database.Statement<[string], CommandRow> | null;
  range: Database.Statement<[number, number], CommandRow> | null;
  // Bumped when the layout is read again: queries prepared for the last one are prepared again.
  generation: number;
}

// Reads rows of any layout. A read fetches the commands its rows refer to once each, apart
// from the rows (a join would copy a command's text into every one of its events). A file read
// without a layout, or without one of their tables, is looked at again whenever its schema
// changes: a server may upgrade it while a read-only reader (verify, export) has it open.
export class RowReader {
  private layout: Layout;
  private schemaVersion: number;
  private readonly shapes: ShapeCache;
  private readonly records: RecordReader;
  private readonly own = new OwnMetadata();

  constructor(private readonly db: Database.Database) {
    this.shapes = new ShapeCache(db);
    this.records = new RecordReader(db);
    this.schemaVersion = this.currentSchemaVersion();
    this.layout = this.readLayout(0);
  }

  // On the writer's connection, after a rollback (see ./shapes.ts).
  forgetShapes(): void {
    this.shapes.forget();
    this.records.forget();
  }

  // A read over the events table: `SELECT <row> FROM events <rest>`, decoded.
  query<P extends unknown[]>(rest: string): (...params: P) => StoredEvent[] {
    const read = this.prepared<P, RawRow>(rest, (l) => l.columns);
    return (...params: P) => this.decode(read(params));
  }

  // The same read for a fold: each event's metadata is its row's own fields only (schemaVersion,
  // gameNumber), or all of it for a row stored whole.
  foldQuery<P extends unknown[]>(rest: string): (...params: P) => StoredEvent[] {
    const read = this.prepared<P, FoldRow>(rest, (l) => l.foldColumns);
    return (...params: P) => this.decodeFold(read(params));
  }

  // The same fold read, each event handed to `visit` as it is decoded and its row let go then: no
  // page of events is held, so a replay's garbage stays young. The rows are stepped a page at a
  // time (a replay is about an eighth quicker than stepping them one by one). Returns how many
  // rows were visited.
  foldScan<P extends unknown[]>(
    rest: string,
  ): (visit: (e: StoredEvent) => void, ...params: P) => number {
    const statementOf = this.statement<P, FoldRow>(rest, (l) => l.foldColumns);
    return (visit, ...params) => {
      const { shapeOf } = this.shapes;
      const rows = statementOf().all(...params);
      for (let i = 0; i < rows.length; i++) {
        visit(this.foldEvent(rows[i], shapeOf));
        (rows as unknown as null[])[i] = null;
      }
      return rows.length;
    };
  }

  private prepared<P extends unknown[], R>(
    rest: string,
    columnsOf: (layout: Layout) => string,
  ): (params: P) => R[] {
    const statementOf = this.statement<P, R>(rest, columnsOf);
    return (params: P) => statementOf().all(...params);
  }

  // The statement for the file's current layout, prepared again when the layout changes.
  private statement<P extends unknown[], R>(
    rest: string,
    columnsOf: (layout: Layout) => string,
  ): () => Database.Statement<P, R> {
    let statement: Database.Statement<P, R> | null = null;
    let generation = -1;
    return () => {
      this.refresh();
      if (generation !== this.layout.generation || !statement) {
        const columns = columnsOf(this.layout);
        statement = this.db.prepare<P, R>(`SELECT ${columns} FROM events ${rest}`).raw(true);
        generation = this.layout.generation;
      }
      return statement;
    };
  }

  private refresh(): void {
    if (this.layout.complete) return;
    const version = this.currentSchemaVersion();
    if (version === this.schemaVersion) return;
    this.schemaVersion = version;
    this.layout = this.readLayout(this.layout.generation + 1);
  }

  private currentSchemaVersion(): number {
    return this.db.pragma('schema_version', { simple: true }) as number;
  }

  private readLayout(generation: number): Layout {
    const compact = hasCompactMetadata(this.db);
    const packed = hasPackedData(this.db);
    const shapes = packed && tableExists(this.db, 'shapes');
    this.shapes.reset(shapes);
    const structures = tableExists(this.db, 'structures');
    this.records.reset(structures);
    const columns = columnsOf(compact, packed);
    const foldColumns = foldColumnsOf(packed);
    if (!compact || !tableExists(this.db, 'commands'))
      return { columns, foldColumns, complete: false, listed: null, range: null, generation };
    return {
      columns,
      foldColumns,
      complete: shapes && structures,
      listed: this.db
        .prepare<
          [string],
          CommandRow
        >(`SELECT ${COMMAND_ROW} FROM commands WHERE id IN (SELECT value FROM json_each(?))`)
        .raw(true),
      range: this.db
        .prepare<
          [number, number],
          CommandRow
        >(`SELECT ${COMMAND_ROW} FROM commands WHERE id BETWEEN ? AND ?`)
        .raw(true),
      generation,
    };
  }

  // Each raw row is let go once decoded: a collection while a page is decoded then copies only
  // the rows still to decode (the page's events outlive them; the rows need not).
  private decode(rows: RawRow[]): StoredEvent[] {
    const commands = this.commandsOf(rows);
    const events = new Array<StoredEvent>(rows.length);
    const { shapeOf } = this.shapes;
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i];
      events[i] = {
        streamId: r[1],
        revision: r[2],
        position: BigInt(r[0]),
        eventId: r[3],
        type: r[4],
        data: this.data(r[10], r[5], r[11], shapeOf),
        metadata:
          r[7] === null
            ? (JSON.parse(r[6]) as unknown)
            : this.expand(commands, r[7], this.own.of(r[6]) as Record<string, unknown>, r[8], r[9]),
      };
      (rows as unknown as null[])[i] = null;
    }
    return events;
  }

  private decodeFold(rows: FoldRow[]): StoredEvent[] {
    const events = new Array<StoredEvent>(rows.length);
    const { shapeOf } = this.shapes;
    for (let i = 0; i < rows.length; i++) {
      events[i] = this.foldEvent(rows[i], shapeOf);
      // Let go once decoded (see decode).
      (rows as unknown as null[])[i] = null;
    }
    return events;
  }

  private foldEvent(r: FoldRow, shapeOf: ShapeCache['shapeOf']): StoredEvent {
    return {
      streamId: r[1],
      revision: r[2],
      position: BigInt(r[0]),
      eventId: r[3],
      type: r[4],
      data: this.data(r[7], r[5], r[8], shapeOf),
      metadata: this.own.of(r[6]),
    };
  }

  // Each row read in the codec it was written in.
  private data(
    shape: number | null,
    data: string,
    blob: 0 | 1,
    shapeOf: ShapeCache['shapeOf'],
  ): unknown {
    // A blob where text belongs (edited) is read as its hex text, and text where a record's blob
    // belongs as it is: never the recorded data.
    if (blob) return shape === RECORD ? this.records.decodeHex(data) : data.toLowerCase();
    if (shape === RECORD) return data;
    return shape === null ? (JSON.parse(data) as unknown) : unpackData(shape, data, shapeOf);
  }

  private expand(
    commands: CommandFields,
    id: number,
    own: Record<string, unknown>,
    prevHash: string | null,
    hash: string | null,
  ): Record<string, unknown> {
    const command = commands.get(id);
    return expandMetadata(command?.fields ?? null, own, prevHash, hash, command?.writePath);
  }

  // Each command's fields, parsed once; a missing row (deleted) gives none.
  private commandsOf(rows: RawRow[]): CommandFields {
    const ids = new Set<number>();
    let min = Infinity;
    let max = -Infinity;
    for (const r of rows) {
      const id = r[7];
      if (id === null || ids.has(id)) continue;
      ids.add(id);
      if (id < min) min = id;
      if (id > max) max = id;
    }
    const byId = new Map<number, CommandRow>();
    const { listed, range } = this.layout;
    if (ids.size === 0 || !listed || !range) return new CommandFields(byId);
    // A page of the global feed refers to nearly every command in its span: one range scan.
    const found =
      max - min < 2 * ids.size ? range.all(min, max) : listed.all(JSON.stringify([...ids]));
    for (const row of found) byId.set(row[0], row);
    return new CommandFields(byId);
  }
}
