import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verifyLedger } from '../../src/ledger/ledger-verifier';
import { NO_STREAM, type EventToAppend } from '../../src/ledger/event-store';
import { eventHash, sealEvents } from '../../src/ledger/hash-chain';
import { compactMetadata } from '../../src/ledger/sqlite/row-codec';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import { commandMetadata, editFile, verifyFile } from '../support/ledger-rows';
import { legacyLines } from '../support/legacy-ledger';

const dir = mkdtempSync(join(tmpdir(), 'cue-ledger-rows-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const file = () => join(dir, `ledger-${files++}.sqlite`);

const command = (commandId: string, count: number): EventToAppend[] =>
  Array.from({ length: count }, (_, i) => ({
    eventId: `${commandId}-${i}`,
    type: i === 0 ? 'ShotPlayed' : 'ShotAdjudicated',
    data: { shot: i, note: 'ç' },
    metadata: commandMetadata(commandId, i === 2 ? null : 1),
  }));

// The metadata exactly, key order included.
const texts = (events: { metadata: unknown }[]) => events.map((e) => JSON.stringify(e.metadata));

describe('SQLite ledger rows: a command stored once, hashes as bytes', () => {
  it('keeps the fields a command shares once and gives every event its metadata back exactly', async () => {
    const store = new SqliteEventStore({ filename: file() });
    const first = sealEvents('match-a', null, command('c1', 3));
    const a = await store.append('match-a', first, NO_STREAM);
    const second = sealEvents('match-a', a.events[2], command('c2', 2));
    await store.append('match-a', second, 2);

    const read = await store.readStream('match-a');
    expect(texts(read)).toEqual(texts([...first, ...second]));
    // A read that starts inside a command, and the global feed, give the same.
    expect(texts(await store.readStream('match-a', { fromRevision: 1 }))).toEqual(
      texts([...first, ...second].slice(1)),
    );
    expect(texts(await store.readAll({ after: 2n, maxCount: 2 }))).toEqual(
      texts([...first, ...second].slice(2, 4)),
    );
    expect((await verifyLedger(store)).ok).toBe(true);
    await store.close();
  });

  it('stores each event with only its own fields and its hashes as 32 bytes', async () => {
    const name = file();
    const store = new SqliteEventStore({ filename: name });
    await store.append('match-a', sealEvents('match-a', null, command('c1', 3)), NO_STREAM);
    await store.close();
    const db = new Database(name, { readonly: true });
    const commands = db
      .prepare(
        'SELECT metadata, recorded_by, command_id, occurred_at, length(command_hash) AS h FROM commands',
      )
      .all();
    const rows = db
      .prepare('SELECT metadata, command, length(prev_hash) AS p, length(hash) AS h FROM events')
      .all() as { metadata: string; command: number; p: number; h: number }[];
    db.close();
    expect(commands).toHaveLength(1);
    // No key names stored, and an occurredAt equal to recordedAt left out.
    expect(commands[0]).toEqual({
      metadata: null,
      recorded_by: 'scorer-7',
      command_id: 'c1',
      occurred_at: null,
      h: 32,
    });
    expect(rows.map((r) => r.metadata)).toEqual([
      '{"schemaVersion":1,"gameNumber":1}',
      '{"schemaVersion":1,"gameNumber":1}',
      '{"schemaVersion":1,"gameNumber":null}',
    ]);
    expect(rows.every((r) => r.p === 32 && r.h === 32)).toBe(true);
    expect(new Set(rows.map((r) => r.command)).size).toBe(1);
  });

  // A command of another shape keeps its fields as JSON; one that happened before it was
  // recorded keeps its occurredAt.
  it.each([
    ['happened earlier', { occurredAt: '2026-11-29T11:59:00.000Z' }, false],
    ['is followed by a field of the event', { venue: 'Lisboa' }, false],
    ['has no causationId', { causationId: undefined }, true],
    ['has a null occurredAt', { occurredAt: null }, true],
    ['has a command hash that is not hex', { commandHash: 'not-hex' }, true],
  ])('stores a command that %s exactly', async (_, change, asJson) => {
    const name = file();
    const store = new SqliteEventStore({ filename: name });
    const events = command('c1', 2).map((e) => ({
      ...e,
      // Through JSON, so a field changed to undefined is left out.
      metadata: JSON.parse(
        JSON.stringify(
          (({ schemaVersion, gameNumber, ...shared }) => ({
            ...shared,
            ...change,
            schemaVersion,
            gameNumber,
          }))(e.metadata as Record<string, unknown>),
        ),
      ) as unknown,
    }));
    const sealed = sealEvents('match-a', null, events);
    await store.append('match-a', sealed, NO_STREAM);
    expect(texts(await store.readStream('match-a'))).toEqual(texts(sealed));
    await store.close();
    const db = new Database(name, { readonly: true });
    const stored = db.prepare('SELECT metadata FROM commands').pluck().all();
    db.close();
    expect(stored).toHaveLength(1);
    expect(stored[0] !== null).toBe(asJson);
  });

  // Anything the compact row could not give back key for key is stored whole.
  it.each([
    ['no hash chain', { recordedBy: 'a', schemaVersion: 1 }],
    ['a command field after an event field', { schemaVersion: 1, recordedBy: 'a' }],
    ['upper-case hashes', { recordedBy: 'a', prevHash: 'A'.repeat(64), hash: 'B'.repeat(64) }],
    [
      'a field after the hash',
      { recordedBy: 'a', prevHash: '0'.repeat(64), hash: '1'.repeat(64), x: 1 },
    ],
    ['hash before prevHash', { recordedBy: 'a', hash: '1'.repeat(64), prevHash: '0'.repeat(64) }],
    [
      'a toJSON of its own',
      Object.defineProperty(
        { recordedBy: 'a', prevHash: '0'.repeat(64), hash: '1'.repeat(64) },
        'toJSON',
        { value: () => ({ replaced: true }) },
      ),
    ],
  ])(
    'stores a row whole when its metadata has %s, and reads it back exactly',
    async (_, metadata) => {
      expect(compactMetadata(metadata)).toBeNull();
      const store = new SqliteEventStore({ filename: file() });
      await store.append('match-w', [{ eventId: 'w1', type: 'A', data: {}, metadata }], NO_STREAM);
      expect(texts(await store.readStream('match-w'))).toEqual([JSON.stringify(metadata)]);
      await store.close();
    },
  );
});

// The layout of every ledger file written before the compact rows.
const OLDER_LAYOUT = `
CREATE TABLE events (
  position  INTEGER PRIMARY KEY AUTOINCREMENT,
  stream_id TEXT    NOT NULL,
  revision  INTEGER NOT NULL,
  event_id  TEXT    NOT NULL UNIQUE,
  type      TEXT    NOT NULL,
  data      TEXT    NOT NULL,
  metadata  TEXT    NOT NULL,
  UNIQUE (stream_id, revision)
);
CREATE TABLE stream_heads (stream_id TEXT PRIMARY KEY, revision INTEGER NOT NULL, hash TEXT);`;

// The engine-1.1.0 fixture ledger, written row for row into a file of the older layout.
function olderLedgerFile(withHeads = true): string {
  const name = file();
  const db = new Database(name);
  db.pragma('journal_mode = WAL');
  db.exec(OLDER_LAYOUT);
  const insert = db.prepare(
    'INSERT INTO events (stream_id, revision, event_id, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const head = db.prepare(
    'INSERT INTO stream_heads (stream_id, revision, hash) VALUES (?, ?, ?) ON CONFLICT(stream_id) DO UPDATE SET revision = excluded.revision, hash = excluded.hash',
  );
  db.transaction(() => {
    for (const l of legacyLines()) {
      const { streamId, revision, eventId, type, data, metadata } = l;
      insert.run(streamId, revision, eventId, type, JSON.stringify(data), JSON.stringify(metadata));
      head.run(streamId, revision, (metadata as { hash: string }).hash);
    }
  })();
  if (!withHeads) db.exec('DROP TABLE stream_heads');
  db.close();
  return name;
}

describe('SQLite ledger rows: a file written before the compact layout', () => {
  const lines = legacyLines();

  it('reads read-only, unchanged, and verifies', async () => {
    const name = olderLedgerFile();
    const store = new SqliteEventStore({ filename: name, readOnly: true });
    const all = await store.readAll();
    expect(texts(all)).toEqual(texts(lines));
    expect(all.map((e) => e.data)).toEqual(lines.map((l) => l.data));
    expect((await verifyLedger(store)).ok).toBe(true);
    await store.close();
    const db = new Database(name, { readonly: true });
    expect(db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'commands'").get()).toBeUndefined();
    db.close();
  });

  it('gains the compact layout when opened for writing; old and new rows chain and verify together', async () => {
    const name = olderLedgerFile();
    const store = new SqliteEventStore({ filename: name, appendInWorker: true });
    expect(texts(await store.readAll())).toEqual(texts(lines));
    const last = lines[lines.length - 1];
    const [head] = await store.readStream(last.streamId, { fromRevision: last.revision });
    const more = sealEvents(last.streamId, head, command('after-upgrade', 2));
    await store.append(last.streamId, more, last.revision);
    const tail = await store.readStream(last.streamId, { fromRevision: last.revision });
    expect(texts(tail)).toEqual(texts([last, ...more]));
    const v = await verifyLedger(store);
    expect(v).toMatchObject({ ok: true, events: lines.length + 2, headsChecked: true });
    await store.close();
    const db = new Database(name, { readonly: true });
    const layout = db
      .prepare('SELECT COUNT(*) AS total, COUNT(command) AS compact FROM events')
      .get() as { total: number; compact: number };
    db.close();
    expect(layout).toEqual({ total: lines.length + 2, compact: 2 });
  });

  // Heads adopted from the rows as they are: whole rows' hashes from their JSON, compact rows'
  // from their blobs.
  it('adopts the heads of whole and compact rows alike', async () => {
    const name = olderLedgerFile(false);
    const store = new SqliteEventStore({ filename: name, adoptHeads: true });
    const last = lines[lines.length - 1];
    const [head] = await store.readStream(last.streamId, { fromRevision: last.revision });
    await store.append(
      last.streamId,
      sealEvents(last.streamId, head, command('c9', 2)),
      last.revision,
    );
    await store.close();
    const db = new Database(name);
    db.exec('DROP TABLE stream_heads');
    db.close();
    const adopted = new SqliteEventStore({ filename: name, adoptHeads: true });
    const v = await verifyLedger(adopted);
    const { heads } = await adopted.readHeads();
    await adopted.close();
    expect(v).toMatchObject({ ok: true, headsChecked: true });
    expect(heads.every((h) => /^[0-9a-f]{64}$/.test(h.hash ?? ''))).toBe(true);
  });

  const columns = (name: string) => {
    const db = new Database(name, { readonly: true });
    const names = (db.pragma('table_info(events)') as { name: string }[]).map((c) => c.name);
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all();
    db.close();
    return { names, tables };
  };

  it('is left exactly as it was when a writable open refuses it (no head table)', () => {
    const name = olderLedgerFile(false);
    const before = columns(name);
    expect(() => new SqliteEventStore({ filename: name })).toThrow(
      expect.objectContaining({ code: 'HEADS_MISSING' }),
    );
    expect(columns(name)).toEqual(before);
    expect(before.names).not.toContain('command');
  });

  it('is read right by a read-only reader that opened it before a writer upgraded it', async () => {
    const name = olderLedgerFile();
    const reader = new SqliteEventStore({ filename: name, readOnly: true });
    expect(texts(await reader.readAll())).toEqual(texts(lines));
    const writer = new SqliteEventStore({ filename: name });
    const last = lines[lines.length - 1];
    const [head] = await writer.readStream(last.streamId, { fromRevision: last.revision });
    const more = sealEvents(last.streamId, head, command('while-reading', 2));
    await writer.append(last.streamId, more, last.revision);
    await writer.close();
    const tail = await reader.readStream(last.streamId, { fromRevision: last.revision + 1 });
    expect(texts(tail)).toEqual(texts(more));
    expect((await verifyLedger(reader)).ok).toBe(true);
    await reader.close();
  });
});

describe('SQLite ledger rows: tampering with the compact columns', () => {
  async function tampered(edit: (db: Database.Database) => void) {
    const name = file();
    const store = new SqliteEventStore({ filename: name });
    const a = await store.append(
      'match-a',
      sealEvents('match-a', null, command('c1', 2)),
      NO_STREAM,
    );
    await store.append('match-a', sealEvents('match-a', a.events[1], command('c2', 2)), 1);
    await store.close();
    editFile(name, edit);
    return name;
  }

  it("reports an edit of a command's shared row: every event of that command no longer matches its hash", async () => {
    const name = await tampered((db) =>
      db.prepare("UPDATE commands SET recorded_by = 'someone-else' WHERE command_id = 'c2'").run(),
    );
    const v = await verifyFile(name);
    const store = new SqliteEventStore({ filename: name, readOnly: true });
    const read = await store.readStream('match-a');
    await store.close();
    expect(v.breaks.map((b) => [b.revision, b.reason])).toEqual([[2, 'CONTENT_ALTERED']]);
    expect(read.map((e) => eventHash(e) === (e.metadata as { hash: string }).hash)).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it("reports a deleted command row at its command's first event", async () => {
    const name = await tampered((db) =>
      db.prepare("DELETE FROM commands WHERE command_id = 'c2'").run(),
    );
    const v = await verifyFile(name);
    expect(v.breaks.map((b) => [b.revision, b.reason])).toEqual([[2, 'CONTENT_ALTERED']]);
  });

  it('reports a hash cut short as a changed event', async () => {
    const name = await tampered((db) =>
      db.prepare('UPDATE events SET hash = substr(hash, 1, 31) WHERE revision = 1').run(),
    );
    const v = await verifyFile(name);
    expect(v.breaks.map((b) => [b.revision, b.reason])).toEqual([[1, 'CONTENT_ALTERED']]);
  });

  it('reports a dropped commands table when read, and a writable open refuses the file unchanged', async () => {
    const name = await tampered((db) => db.exec('DROP TABLE commands'));
    const v = await verifyFile(name);
    expect(v.ok).toBe(false);
    expect(v.breaks.map((b) => [b.revision, b.reason])).toEqual([[0, 'CONTENT_ALTERED']]);
    expect(() => new SqliteEventStore({ filename: name })).toThrow(
      expect.objectContaining({ code: 'COMMANDS_MISSING' }),
    );
    const db = new Database(name, { readonly: true });
    expect(db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'commands'").get()).toBeUndefined();
    db.close();
  });
});
