import type Database from 'better-sqlite3';
import { Packr, Unpackr } from 'msgpackr';

// How the SQLite ledger stores an event's data as a MessagePack record (msgpackr, records with
// shared structures): each object's values in order after the id of its key list, its
// "structure". Structures live in the `structures` table, row id = record slot, and are only ever
// appended: a slot's keys never change once committed, so every row stays decodable as written.
// A row in this codec has `shape` = RECORD and its data as a blob (see ./ledger-schema.ts).
// Data is stored so only when decoding the blob gives back exactly what JSON.parse of the JSON
// text gives (same values, same key order, checked on every write), so no hash changes.

// The `shape` column's marker for a record row (packed rows' shapes start at 1).
export const RECORD = 0;

// msgpackr's largest shared set; past it, new key lists are defined inside the row itself.
const SHARED = 8160;
// Event data is a few levels deep; deeper data is left to the other codecs.
const MAX_DEPTH = 64;

type KeyLists = string[][] & { sharedLength?: number; uninitialized?: boolean };

// Every committed structure by slot. A slot missing or edited reads as an empty key list, the
// same on both sides: rows written with it are then read as altered, never as other data.
function loadStructures(select: Database.Statement<[], { id: number; keys: string }>): KeyLists {
  const lists: KeyLists = [];
  for (const { id, keys } of select.iterate()) {
    if (!Number.isSafeInteger(id) || id < 0 || id >= SHARED) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(keys);
    } catch {
      parsed = null;
    }
    const valid = Array.isArray(parsed) && parsed.every((k) => typeof k === 'string');
    lists[id] = valid ? (parsed as string[]) : [];
  }
  for (let i = 0; i < lists.length; i++) lists[i] ??= [];
  return lists;
}

// msgpackr's key lists, which its typings leave out.
const held = (codec: Unpackr) => codec as unknown as { structures: KeyLists };

const selectAll = (db: Database.Database) =>
  db.prepare<[], { id: number; keys: string }>('SELECT id, keys FROM structures ORDER BY id');

// copyBuffers: binary values (none in event data, but an edited blob may hold some) are copied,
// never views of the buffer a row was decoded from (reused for the next row).
const options = (getStructures: () => KeyLists) => ({
  useRecords: true,
  copyBuffers: true,
  maxSharedStructures: SHARED,
  getStructures,
});

// Depth of nesting, stopping past the limit.
function tooDeep(value: unknown, depth: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (depth >= MAX_DEPTH) return true;
  for (const v of Object.values(value)) if (tooDeep(v, depth + 1)) return true;
  return false;
}

// The reader's side: structures loaded when first needed and again when a row names a slot not
// yet loaded (another connection appended it).
export class RecordReader {
  private readonly unpackr: Unpackr;
  private scratch = Buffer.allocUnsafe(4096);
  private select: Database.Statement<[], { id: number; keys: string }> | null = null;

  constructor(private readonly db: Database.Database) {
    this.unpackr = new Unpackr(options(() => (this.select ? loadStructures(this.select) : [])));
  }

  // The table exists (again) or not: called whenever the reader reads the file's layout.
  reset(present: boolean): void {
    this.select = present ? selectAll(this.db) : null;
    this.forget();
  }

  // On the writer's connection after a rollback, which may undo a structure a read has seen.
  forget(): void {
    const fresh: KeyLists = [];
    fresh.uninitialized = true;
    fresh.sharedLength = 0;
    held(this.unpackr).structures = fresh;
  }

  // The same for a blob read as SQLite's hex text: decoded from a buffer kept for it, so no buffer
  // (nor msgpackr's view of it) is made per row, which makes a replay's reads cheaper.
  decodeHex(hex: string): unknown {
    const length = hex.length >>> 1;
    if (this.scratch.length < length) this.scratch = Buffer.allocUnsafe(2 * length);
    this.scratch.write(hex, 0, length, 'hex');
    try {
      return this.unpackr.unpack(this.scratch, length) as unknown;
    } catch {
      return hex.toLowerCase();
    }
  }

  // A blob that does not decode (edited, or its structure gone) is given as its hex text: never
  // the recorded data (an object), so the verifier reports it.
  decode(data: unknown): unknown {
    if (!Buffer.isBuffer(data)) return data;
    try {
      return this.unpackr.unpack(data) as unknown;
    } catch {
      return data.toString('hex');
    }
  }
}

// The writer's side, on one connection. Structures it creates are inserted in the same
// transaction as the row that first uses them; after a rollback it reloads what is committed.
export class RecordWriter {
  private readonly packr: Packr;
  private readonly select: Database.Statement<[], { id: number; keys: string }>;
  private readonly last: Database.Statement<[], number | null>;
  private readonly insert: Database.Statement<[number, string]>;
  // Slots known to be in the table (committed or written in the open transaction).
  private saved = 0;

  constructor(db: Database.Database) {
    this.select = selectAll(db);
    this.last = db.prepare<[], number | null>('SELECT MAX(id) FROM structures').pluck();
    this.insert = db.prepare<[number, string]>('INSERT INTO structures (id, keys) VALUES (?, ?)');
    this.packr = new Packr(
      options(() => {
        const lists = loadStructures(this.select);
        this.saved = lists.length;
        return lists;
      }),
    );
    this.reload();
  }

  // The blob for data serialised as `json`, or null when it must be stored another way: not an
  // object at its root, nested deeper than MAX_DEPTH, or not given back exactly (a `__proto__`
  // key, a lone surrogate in a string).
  encode(json: string): Buffer | null {
    const value = JSON.parse(json) as unknown;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
    if (tooDeep(value, 0)) return null;
    this.sync();
    const blob = Buffer.from(this.packr.pack(value));
    this.persist();
    return JSON.stringify(this.packr.unpack(blob)) === json ? blob : null;
  }

  // Another writer on the file (a CLI) may have appended structures since: reloaded first.
  private sync(): void {
    const structures = held(this.packr).structures;
    if (structures.uninitialized) return;
    const last = this.last.get() ?? -1;
    if (last + 1 !== this.saved) this.reload();
  }

  private persist(): void {
    const structures = held(this.packr).structures;
    const shared = structures.sharedLength ?? 0;
    for (let id = this.saved; id < shared; id++)
      this.insert.run(id, JSON.stringify([...structures[id]]));
    this.saved = Math.max(this.saved, shared);
  }

  // The transaction or one of its savepoints rolled back: what is committed is loaded again.
  rollback(): void {
    this.reload();
  }

  private reload(): void {
    const fresh: KeyLists = [];
    fresh.uninitialized = true;
    fresh.sharedLength = 0;
    held(this.packr).structures = fresh;
    this.saved = 0;
  }
}
