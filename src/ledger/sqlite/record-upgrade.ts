import type Database from 'better-sqlite3';
import { chainFieldsOf, eventHash } from '../hash-chain';
import type { StoredEvent } from '../event-store';
import { RowReader } from './ledger-rows';
import { RecordWriter } from './record-codec';

// A writable open converts the data of rows written in an older codec (JSON whole, packed) to
// records (./record-codec.ts), a batch per transaction: a crash loses at most the batch under
// way, and the next writable open goes on from the last position committed in `record_upgrade`.
// Only the stored form changes: a row is converted only when its own hash matches its content as
// read, and to a blob that reads back exactly that content, so every chain verifies as before.
// A row whose hash does not match (edited, or from before the chain) is left exactly as it is,
// evidence included; a read-only open converts nothing and reads every codec.

const BATCH = 500;

export interface RecordUpgrade {
  converted: number;
  // Rows looked at but left as they are (unchained, altered, or data records cannot hold).
  kept: number;
}

export function upgradeToRecords(db: Database.Database, batchSize = BATCH): RecordUpgrade {
  const reader = new RowReader(db);
  const writer = new RecordWriter(db);
  const pending = reader.query<[number | bigint, number]>(
    'WHERE position > ? AND (shape IS NULL OR shape <> 0) ORDER BY position LIMIT ?',
  );
  const through = db
    .prepare<[], number | bigint | null>('SELECT through FROM record_upgrade WHERE id = 1')
    .pluck();
  const last = db.prepare<[], number | bigint | null>('SELECT MAX(position) FROM events').pluck();
  const update = db.prepare<[Buffer, bigint]>(
    'UPDATE events SET data = ?, shape = 0 WHERE position = ?',
  );
  const mark = db.prepare<[number | bigint]>(
    `INSERT INTO record_upgrade (id, through) VALUES (1, ?)
     ON CONFLICT(id) DO UPDATE SET through = excluded.through`,
  );
  const total: RecordUpgrade = { converted: 0, kept: 0 };
  const batch = db.transaction((): boolean => {
    const rows = pending(through.get() ?? 0, batchSize);
    for (const row of rows) {
      const blob = verified(row) ? writer.encode(JSON.stringify(row.data)) : null;
      if (blob) update.run(blob, row.position);
      total[blob ? 'converted' : 'kept'] += 1;
    }
    const done = rows.length < batchSize;
    const end = done ? (last.get() ?? null) : rows[rows.length - 1].position;
    if (end !== null) mark.run(end);
    return done;
  });
  for (;;) {
    try {
      if (batch.immediate()) return total;
    } catch (err) {
      writer.rollback();
      reader.forgetShapes();
      throw err;
    }
  }
}

// The row's own hash is that of its content as read.
function verified(row: StoredEvent): boolean {
  const { hash } = chainFieldsOf(row.metadata);
  return hash !== undefined && eventHash(row) === hash;
}
