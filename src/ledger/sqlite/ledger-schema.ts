import type Database from 'better-sqlite3';

// The SQLite ledger's tables. Three layouts of a row live side by side in one file, and each is
// read as it was written (./ledger-rows.ts):
//  - whole: data and metadata as JSON, every row written before the compact layouts;
//  - compact metadata: `command`, `prev_hash`, `hash` set (./row-codec.ts);
//  - packed data: `shape` set (./data-codec.ts);
//  - record data: `shape` = 0, data a MessagePack blob (./record-codec.ts), what is written now.
// A writable open converts older rows' data to records (./record-upgrade.ts).

// A command's shared fields: a write-path command's as columns (no key names stored; the
// occurred_at of a command that happened when it was recorded left null), any other's as JSON.
const COMMANDS_COLUMNS = `
  id             INTEGER PRIMARY KEY,
  metadata       TEXT,
  recorded_by    TEXT,
  role           TEXT,
  recorded_at    TEXT,
  occurred_at    TEXT,
  origin         TEXT,
  command_id     TEXT,
  correlation_id TEXT,
  causation_id   TEXT,
  engine_version TEXT,
  rule_profile   TEXT,
  command_hash   BLOB`;
export const COMMAND_FIELDS =
  'recorded_by, role, recorded_at, occurred_at, origin, command_id, correlation_id, causation_id, engine_version, rule_profile';

// The key lists of packed data's objects, each stored once.
const SHAPES_TABLE = `CREATE TABLE IF NOT EXISTS shapes (id INTEGER PRIMARY KEY, keys TEXT NOT NULL UNIQUE);`;

// The key lists of record data's objects by msgpackr slot, only ever appended; and how far the
// conversion of older rows to records has got (the last position it has looked at).
const RECORDS_TABLES = `
CREATE TABLE IF NOT EXISTS structures (id INTEGER PRIMARY KEY, keys TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS record_upgrade (id INTEGER PRIMARY KEY CHECK (id = 1), through INTEGER NOT NULL);`;

// `command`, `prev_hash` and `hash` are null on a row whose metadata is stored whole; `shape` is
// null on a row whose data is, 0 on a record row.
const EVENTS_SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  position  INTEGER PRIMARY KEY AUTOINCREMENT,
  stream_id TEXT    NOT NULL,
  revision  INTEGER NOT NULL,
  event_id  TEXT    NOT NULL UNIQUE,
  type      TEXT    NOT NULL,
  data      TEXT    NOT NULL,
  metadata  TEXT    NOT NULL,
  command   INTEGER,
  prev_hash BLOB,
  hash      BLOB,
  shape     INTEGER,
  UNIQUE (stream_id, revision)
);
CREATE TABLE IF NOT EXISTS commands (${COMMANDS_COLUMNS});
${SHAPES_TABLE}`;

// A file from before a layout gains its columns and table; its rows stay as they are.
const ADD_COMPACT_METADATA = `
ALTER TABLE events ADD COLUMN command INTEGER;
ALTER TABLE events ADD COLUMN prev_hash BLOB;
ALTER TABLE events ADD COLUMN hash BLOB;
CREATE TABLE IF NOT EXISTS commands (${COMMANDS_COLUMNS});`;
const ADD_PACKED_DATA = `
ALTER TABLE events ADD COLUMN shape INTEGER;
${SHAPES_TABLE}`;

export const tableExists = (db: Database.Database, name: string): boolean =>
  db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !==
  undefined;

const hasColumn = (db: Database.Database, name: string): boolean =>
  (db.pragma('table_info(events)') as { name: string }[]).some((c) => c.name === name);

export const hasCompactMetadata = (db: Database.Database): boolean => hasColumn(db, 'command');
export const hasPackedData = (db: Database.Database): boolean => hasColumn(db, 'shape');

// A layout's table is gone while its rows may refer to it: dropped, which would hide who recorded
// the compact events, or what the packed ones say. Reads report those events as altered; a
// writable open refuses the file.
export const commandsMissing = (db: Database.Database): boolean =>
  hasCompactMetadata(db) && !tableExists(db, 'commands');
export const shapesMissing = (db: Database.Database): boolean =>
  hasPackedData(db) && !tableExists(db, 'shapes');
// Record rows are there but their structures are not (a scan, only while the table is missing).
export const structuresMissing = (db: Database.Database): boolean =>
  hasPackedData(db) &&
  !tableExists(db, 'structures') &&
  db.prepare('SELECT 1 FROM events WHERE shape = 0 LIMIT 1').get() !== undefined;

// Creates the tables of a new file, or adds the missing layouts to an older one. Run inside the
// opening transaction, so a crash leaves the file as it was or fully upgraded.
export function upgradeEventsSchema(db: Database.Database): void {
  db.exec(EVENTS_SCHEMA);
  if (!hasCompactMetadata(db)) db.exec(ADD_COMPACT_METADATA);
  if (!hasPackedData(db)) db.exec(ADD_PACKED_DATA);
  db.exec(RECORDS_TABLES);
}
