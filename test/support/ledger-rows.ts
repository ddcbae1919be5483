import Database from 'better-sqlite3';
import { verifyLedger, type Verification } from '../../src/ledger/ledger-verifier';
import type { StoredEvent } from '../../src/ledger/event-store';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import { RowReader } from '../../src/ledger/sqlite/ledger-rows';

// Raw access to a SQLite ledger file for tamper tests: rows read in their logical form (what the
// store returns, whichever layout they are stored in), and rows written back whole, as someone
// editing the file with the hash recipe in hand would.

// One stream's rows by revision, or every row in commit order.
export function logicalRows(db: Database.Database, streamId?: string): StoredEvent[] {
  const reader = new RowReader(db);
  return streamId === undefined
    ? reader.query<[]>('ORDER BY position')()
    : reader.query<[string]>('WHERE stream_id = ? ORDER BY revision')(streamId);
}

export function logicalRow(db: Database.Database, streamId: string, revision: number): StoredEvent {
  const row = logicalRows(db, streamId).find((e) => e.revision === revision);
  if (!row) throw new Error(`No row ${streamId}@${revision}`);
  return row;
}

// Stores the row at `position` whole (its compact and packed columns cleared), with this data and metadata.
export function storeWhole(
  db: Database.Database,
  position: bigint | number,
  data: unknown,
  metadata: unknown,
): void {
  db.prepare(
    'UPDATE events SET data = ?, metadata = ?, command = NULL, prev_hash = NULL, hash = NULL, shape = NULL WHERE position = ?',
  ).run(JSON.stringify(data), JSON.stringify(metadata), position);
}

// Edits one row's data as it reads, and stores that data whole (its metadata left as stored).
export function editData(
  db: Database.Database,
  streamId: string,
  revision: number,
  edit: (data: Record<string, unknown>) => Record<string, unknown>,
): void {
  const row = logicalRow(db, streamId, revision);
  db.prepare('UPDATE events SET data = ?, shape = NULL WHERE position = ?').run(
    JSON.stringify(edit(row.data as Record<string, unknown>)),
    row.position,
  );
}

// Opens a closed ledger file raw, lets `edit` change it, and closes it.
export function editFile(file: string, edit: (db: Database.Database) => void): void {
  const db = new Database(file);
  try {
    edit(db);
  } finally {
    db.close();
  }
}

// Verifies a ledger file as `npm run ledger -- verify` does: opened read-only, afresh.
export async function verifyFile(file: string): Promise<Verification> {
  const store = new SqliteEventStore({ filename: file, readOnly: true });
  try {
    return await verifyLedger(store);
  } finally {
    await store.close();
  }
}

// Metadata as the write path builds it (envelope.ts toAppend), before sealing.
export const commandMetadata = (commandId: string, gameNumber: number | null) => ({
  recordedBy: 'scorer-7',
  role: 'SCORER',
  recordedAt: '2026-11-29T12:00:00.000Z',
  occurredAt: '2026-11-29T12:00:00.000Z',
  origin: null,
  commandId,
  correlationId: `corr-${commandId}`,
  causationId: null,
  engineVersion: '1.2.0',
  ruleProfile: 'WPA',
  commandHash: 'ab'.repeat(32),
  schemaVersion: 1,
  gameNumber,
});
