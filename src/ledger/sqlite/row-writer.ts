import type Database from 'better-sqlite3';
import { EventStoreError, type EventToAppend } from '../event-store';
import { packData } from './data-codec';
import { COMMAND_FIELDS } from './ledger-schema';
import { RECORD, RecordWriter } from './record-codec';
import {
  commandColumns,
  compactMetadata,
  type CommandColumns,
  type CompactMetadata,
} from './row-codec';
import { ShapeRegistry } from './shapes';

// The codec new rows' data is written in: records (./record-codec.ts), or the packed codec
// (./data-codec.ts), which tests use to write files as the previous build did.
export type DataCodec = 'records' | 'packed';

// A row's data and its `shape` column, in the first codec that gives it back exactly: a record,
// packed values, or the JSON text whole.
export class DataWriter {
  private readonly shapes: ShapeRegistry;
  private readonly records: RecordWriter | null;

  constructor(db: Database.Database, codec: DataCodec) {
    this.shapes = new ShapeRegistry(db);
    this.records = codec === 'records' ? new RecordWriter(db) : null;
  }

  encode(json: string): { data: string | Buffer; shape: number | null } {
    const blob = this.records?.encode(json);
    if (blob) return { data: blob, shape: RECORD };
    const packed = packData(json, this.shapes.idOf);
    return packed ? packed : { data: json, shape: null };
  }

  committed(): void {
    this.shapes.commit();
  }

  rolledBack(): void {
    this.shapes.rollback();
    this.records?.rollback();
  }
}

type InsertEvent = Database.Statement<
  [
    string,
    number,
    string,
    string,
    string | Buffer,
    string,
    number | bigint | null,
    Buffer | null,
    Buffer | null,
    number | null,
  ]
>;

// Writes the rows of one append: its events' shared command fields once, each event's own, its
// data encoded. The caller says when the transaction commits or rolls back (see ./shapes.ts).
export class RowWriter {
  private readonly insertEvent: InsertEvent;
  private readonly insertCommandRow: Database.Statement<[string | null, ...CommandColumns]>;
  private readonly data: DataWriter;

  constructor(db: Database.Database, codec: DataCodec = 'records') {
    this.insertEvent = db.prepare(
      'INSERT INTO events (stream_id, revision, event_id, type, data, metadata, command, prev_hash, hash, shape) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    this.data = new DataWriter(db, codec);
    this.insertCommandRow = db.prepare(
      `INSERT INTO commands (metadata, ${COMMAND_FIELDS}, command_hash) VALUES (${'?, '.repeat(11)}?)`,
    );
  }

  private insertCommand(compact: CompactMetadata): number | bigint {
    const columns = commandColumns(compact.command);
    const values: [string | null, ...CommandColumns] = columns
      ? [null, ...columns]
      : [compact.commandJson, ...(new Array(11).fill(null) as CommandColumns)];
    return this.insertCommandRow.run(...values).lastInsertRowid;
  }

  committed(): void {
    this.data.committed();
  }

  rolledBack(): void {
    this.data.rolledBack();
  }

  // Returns each row's position.
  write(streamId: string, firstRevision: number, events: readonly EventToAppend[]): bigint[] {
    let commandJson: string | null = null;
    let commandRow: number | bigint | null = null;
    return events.map((e, i) => {
      const metadata = e.metadata ?? {};
      const compact = compactMetadata(metadata);
      if (compact && compact.commandJson !== commandJson) {
        commandJson = compact.commandJson;
        commandRow = this.insertCommand(compact);
      }
      const json = JSON.stringify(e.data) as string | undefined;
      const stored = json === undefined ? null : this.data.encode(json);
      try {
        const info = this.insertEvent.run(
          streamId,
          firstRevision + i,
          e.eventId,
          e.type,
          stored ? stored.data : (json as string),
          compact ? compact.own : JSON.stringify(metadata),
          compact ? commandRow : null,
          compact ? compact.prevHash : null,
          compact ? compact.hash : null,
          stored ? stored.shape : null,
        );
        return BigInt(info.lastInsertRowid);
      } catch (err) {
        // The stream/revision pair is guarded by the write lock and the expected revision, so a
        // unique violation can only be an event id already stored elsewhere in the ledger.
        if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE')
          throw new EventStoreError(
            'DUPLICATE_EVENT_ID',
            `Event id ${e.eventId} is already in the ledger`,
          );
        throw err;
      }
    });
  }
}
