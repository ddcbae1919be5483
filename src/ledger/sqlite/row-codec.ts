// How the SQLite ledger lays an event's metadata out on disk. Readers only ever see the logical
// metadata the writer sealed (every field, hashes as 64-hex); the hash chain is computed over that
// form, so the layout changes no hash.
//
// A compact row keeps only the event's own fields in `metadata`, its hashes as 32-byte blobs, and
// a reference to a `commands` row holding the fields every event of one command shares (who, when,
// from which command, under which engine). A row whose metadata the compact layout cannot give
// back exactly (key for key, in order) is stored whole, as every row was before the layout.

// What belongs to the command rather than to one of its events, in the write path's order.
const WRITE_PATH_COMMAND_KEYS = [
  'recordedBy',
  'role',
  'recordedAt',
  'occurredAt',
  'origin',
  'commandId',
  'correlationId',
  'causationId',
  'engineVersion',
  'ruleProfile',
  'commandHash',
];
const COMMAND_KEYS = new Set(WRITE_PATH_COMMAND_KEYS);
const WRITE_PATH_OWN_KEYS = ['schemaVersion', 'gameNumber'];

const HEX_HASH = /^[0-9a-f]{64}$/;

export interface CompactMetadata {
  // The command's fields, in their order, and as JSON (which tells two commands apart).
  command: Record<string, unknown>;
  commandJson: string;
  // JSON of the event's own fields (schema version, game), in their order.
  own: string;
  prevHash: Buffer;
  hash: Buffer;
}

// Null when the metadata must be stored whole: not a plain object (or one with its own toJSON), a
// command field after an event field, anything but `prevHash` then `hash` (64-hex) at the end,
// an undefined value or a `__proto__` key.
export function compactMetadata(metadata: unknown): CompactMetadata | null {
  if (metadata === null || typeof metadata !== 'object') return null;
  const proto = Object.getPrototypeOf(metadata) as unknown;
  if (proto !== Object.prototype && proto !== null) return null;
  if ('toJSON' in metadata) return null;
  const keys = Object.keys(metadata);
  const n = keys.length;
  if (n < 2 || keys[n - 2] !== 'prevHash' || keys[n - 1] !== 'hash') return null;
  const m = metadata as Record<string, unknown>;
  const { prevHash, hash } = m;
  if (typeof prevHash !== 'string' || typeof hash !== 'string') return null;
  if (!HEX_HASH.test(prevHash) || !HEX_HASH.test(hash)) return null;
  const command: Record<string, unknown> = {};
  const own: Record<string, unknown> = {};
  let ownStarted = false;
  for (let i = 0; i < n - 2; i++) {
    const key = keys[i];
    const value = m[key];
    if (value === undefined || key === '__proto__') return null;
    if (COMMAND_KEYS.has(key)) {
      if (ownStarted) return null;
      command[key] = value;
    } else {
      ownStarted = true;
      own[key] = value;
    }
  }
  return {
    command,
    commandJson: JSON.stringify(command),
    own: JSON.stringify(own),
    prevHash: Buffer.from(prevHash, 'hex'),
    hash: Buffer.from(hash, 'hex'),
  };
}

// A write-path command's fields as the commands table's columns, in WRITE_PATH_COMMAND_KEYS
// order: text or null each, `commandHash` as its 32 bytes, `occurredAt` null when it is the same
// instant as `recordedAt` (the write path's default). Null for any other command: stored as JSON.
export type CommandColumns = [...(string | null)[], Buffer | null];

export function commandColumns(command: Record<string, unknown>): CommandColumns | null {
  if (!writePathCommand(command)) return null;
  const values = WRITE_PATH_COMMAND_KEYS.map((k) => command[k]);
  if (!values.every((v) => v === null || typeof v === 'string')) return null;
  const { recordedAt, occurredAt, commandHash } = command;
  if (typeof occurredAt !== 'string') return null;
  if (commandHash !== null && !HEX_HASH.test(commandHash as string)) return null;
  const columns: (string | Buffer | null)[] = values;
  columns[3] = occurredAt === recordedAt ? null : occurredAt;
  columns[10] = commandHash === null ? null : Buffer.from(commandHash as string, 'hex');
  return columns as CommandColumns;
}

// The fields of a command stored as columns (commandHash read back as hex text).
export function commandFromColumns(c: (string | null)[]): Record<string, unknown> {
  return {
    recordedBy: c[0],
    role: c[1],
    recordedAt: c[2],
    occurredAt: c[3] ?? c[2],
    origin: c[4],
    commandId: c[5],
    correlationId: c[6],
    causationId: c[7],
    engineVersion: c[8],
    ruleProfile: c[9],
    commandHash: c[10],
  };
}

// True when an object's keys are exactly these, in this order.
function keysAre(o: Record<string, unknown>, keys: readonly string[]): boolean {
  let i = 0;
  for (const key in o) if (key !== keys[i++]) return false;
  return i === keys.length;
}

// Whether a command's fields are those the write path writes, in its order: then its events are
// expanded by one object literal, about twice as fast as key by key.
export const writePathCommand = (command: Record<string, unknown>): boolean =>
  keysAre(command, WRITE_PATH_COMMAND_KEYS);

// The logical metadata of a compact row (hashes as 64-hex). A missing part (a deleted command
// row, a blanked hash) leaves its fields out, which the verifier then reports as a broken chain.
export function expandMetadata(
  command: Record<string, unknown> | null,
  own: Record<string, unknown>,
  prevHash: string | null,
  hash: string | null,
  writePath = false,
): Record<string, unknown> {
  const c = command!;
  if (writePath && prevHash !== null && hash !== null && keysAre(own, WRITE_PATH_OWN_KEYS))
    return {
      recordedBy: c.recordedBy,
      role: c.role,
      recordedAt: c.recordedAt,
      occurredAt: c.occurredAt,
      origin: c.origin,
      commandId: c.commandId,
      correlationId: c.correlationId,
      causationId: c.causationId,
      engineVersion: c.engineVersion,
      ruleProfile: c.ruleProfile,
      commandHash: c.commandHash,
      schemaVersion: own.schemaVersion,
      gameNumber: own.gameNumber,
      prevHash,
      hash,
    };
  const metadata: Record<string, unknown> = {};
  if (command) for (const key in command) metadata[key] = command[key];
  for (const key in own) metadata[key] = own[key];
  if (prevHash !== null) metadata.prevHash = prevHash;
  if (hash !== null) metadata.hash = hash;
  return metadata;
}
