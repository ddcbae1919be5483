import Database from 'better-sqlite3';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuditService } from '../../src/audit/audit.service';
import { verifyLedger } from '../../src/ledger/ledger-verifier';
import { NO_STREAM, type EventStore } from '../../src/ledger/event-store';
import { sealEvents } from '../../src/ledger/hash-chain';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import { matchReplay } from '../../src/matches/match-replay';
import { ReadModel } from '../../src/projections/read-model';
import { legacyLines, loadLegacyLedger } from '../support/legacy-ledger';
import { commandMetadata, editData, editFile, verifyFile } from '../support/ledger-rows';

// Event data stored as msgpackr records with shared structures (src/ledger/sqlite/record-codec.ts):
// every event type reads back exactly, an older file is converted on a writable open (batch by
// batch, resumable) and still verifies and re-rules the same, and edits are still reported.

const dir = mkdtempSync(join(tmpdir(), 'cue-ledger-records-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const file = () => join(dir, `ledger-${files++}.sqlite`);

const raw = <T>(name: string, read: (db: Database.Database) => T): T => {
  const db = new Database(name, { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
};
const shapes = (name: string) =>
  raw(name, (db) =>
    db.prepare<[], number | null>('SELECT shape FROM events ORDER BY position').pluck().all(),
  );
const texts = (events: { data: unknown }[]) => events.map((e) => JSON.stringify(e.data));
const fixtureTexts = () => texts(legacyLines());
// A match of the fixture, with a few dozen events.
const STREAM = legacyLines()[0].streamId;

async function withStore<T>(
  options: { filename: string; readOnly?: boolean },
  use: (s: SqliteEventStore) => Promise<T>,
): Promise<T> {
  const store = new SqliteEventStore({ synchronous: 'NORMAL', ...options });
  try {
    return await use(store);
  } finally {
    await store.close();
  }
}

const readjudicate = async (store: EventStore) => {
  const readModel = new ReadModel(':memory:');
  try {
    return await new AuditService(store, readModel, matchReplay(store)).readjudicate(null);
  } finally {
    readModel.close();
  }
};

// The fixture ledger as the build before records wrote it: packed data, and its first 40 rows
// (as a file from before packing has them) stored whole.
let oldFormat = '';
beforeAll(async () => {
  oldFormat = join(dir, 'old-format.sqlite');
  const store = new SqliteEventStore({
    filename: oldFormat,
    synchronous: 'NORMAL',
    dataCodec: 'packed',
  });
  await loadLegacyLedger(store);
  await store.close();
  const lines = legacyLines();
  editFile(oldFormat, (db) => {
    const whole = db.prepare('UPDATE events SET data = ?, shape = NULL WHERE position = ?');
    for (let i = 0; i < 40; i++) whole.run(JSON.stringify(lines[i].data), i + 1);
  });
}, 60_000);

const copyOfOld = () => {
  const name = file();
  copyFileSync(oldFormat, name);
  return name;
};

describe('record data: the SQLite ledger', () => {
  it('stores every event type of the fixture ledger as a record and reads it back exactly', async () => {
    const name = file();
    await withStore({ filename: name }, async (store) => {
      await loadLegacyLedger(store);
      expect(texts(await store.readAll())).toEqual(fixtureTexts());
      expect((await verifyLedger(store)).ok).toBe(true);
    });
    expect(new Set(shapes(name))).toEqual(new Set([0]));
    const types = raw(name, (db) => db.prepare('SELECT DISTINCT type FROM events').pluck().all());
    expect(types).toHaveLength(new Set(legacyLines().map((l) => l.type)).size);
    // Read afresh (no structure cached from the writes) and read-only, as verify does.
    expect((await verifyFile(name)).ok).toBe(true);
  });

  // Another writer (a CLI) on the same file adds structures the first has not seen: each writer
  // looks at the table before encoding, so no slot is given two key lists.
  it('keeps every slot to one key list with two writers on one file', async () => {
    const name = file();
    const a = new SqliteEventStore({ filename: name });
    const b = new SqliteEventStore({ filename: name });
    const append = async (s: SqliteEventStore, id: string, data: object) => {
      const head = (await s.readStream(id)).pop() ?? null;
      const events = [
        {
          eventId: `${id}-${head ? head.revision + 1 : 0}`,
          type: 'ShotPlayed',
          data,
          metadata: commandMetadata(id, 1),
        },
      ];
      await s.append(id, sealEvents(id, head, events), head ? head.revision : NO_STREAM);
    };
    await append(a, 's1', { a: 1 });
    await append(b, 's2', { b: 1 });
    await append(a, 's1', { c: 1 });
    await append(b, 's2', { a: 2, b: 2 });
    await append(a, 's1', { b: 3 });
    await Promise.all([a.close(), b.close()]);
    await withStore({ filename: name, readOnly: true }, async (store) => {
      expect(texts(await store.readAll())).toEqual([
        '{"a":1}',
        '{"b":1}',
        '{"c":1}',
        '{"a":2,"b":2}',
        '{"b":3}',
      ]);
      expect((await verifyLedger(store)).ok).toBe(true);
    });
    const lists = raw(name, (db) =>
      db.prepare('SELECT keys FROM structures ORDER BY id').pluck().all(),
    );
    expect(lists).toEqual(['["a"]', '["b"]', '["c"]', '["a","b"]']);
    expect(new Set(shapes(name))).toEqual(new Set([0]));
  });

  // Past msgpackr's 8,160 shared slots a key list is defined inside the row that uses it.
  it('reads back data with more distinct key lists than there are shared slots', async () => {
    const name = file();
    const many = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => ({ [`k${from + i}`]: i }));
    const events = [
      {
        eventId: 'e0',
        type: 'Many',
        data: { items: many(0, 8200) },
        metadata: commandMetadata('c0', 1),
      },
      {
        eventId: 'e1',
        type: 'Many',
        data: { items: many(8190, 20) },
        metadata: commandMetadata('c1', 1),
      },
    ];
    await withStore({ filename: name }, async (store) => {
      await store.append('s', sealEvents('s', null, events), NO_STREAM);
    });
    expect(shapes(name)).toEqual([0, 0]);
    expect(raw(name, (db) => db.prepare('SELECT COUNT(*) FROM structures').pluck().get())).toBe(
      8160,
    );
    await withStore({ filename: name, readOnly: true }, async (store) => {
      expect(texts(await store.readAll())).toEqual(texts(events));
      expect((await verifyLedger(store)).ok).toBe(true);
    });
  });

  // What a record cannot give back exactly goes to the next codec that can.
  it.each([
    ['a lone surrogate (packed)', { s: 'a\ud800b' }, 1],
    ['a __proto__ key (whole)', JSON.parse('{"x":{"__proto__":1}}') as object, null],
    ['data nested past the depth of both codecs (whole)', { d: nest(70) }, null],
  ])('stores %s in the older codec', async (_, data, shape) => {
    const name = file();
    const events = [
      { eventId: 'e0', type: 'ShotPlayed', data, metadata: commandMetadata('c0', 1) },
    ];
    await withStore({ filename: name }, async (store) => {
      await store.append('match-a', sealEvents('match-a', null, events), NO_STREAM);
      expect(texts(await store.readAll())).toEqual(texts(events));
    });
    expect(shapes(name)).toEqual([shape === 1 ? expect.any(Number) : null]);
    expect(shapes(name)[0]).not.toBe(0);
    expect((await verifyFile(name)).ok).toBe(true);
  });
});

function nest(levels: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < levels; i++) v = { a: v };
  return v;
}

describe('record data: a ledger written in the older codecs', () => {
  it('is read as it is by a read-only open, which converts nothing', async () => {
    const name = copyOfOld();
    const before = shapes(name);
    await withStore({ filename: name, readOnly: true }, async (store) => {
      expect(texts(await store.readAll())).toEqual(fixtureTexts());
      expect((await verifyLedger(store)).ok).toBe(true);
    });
    expect(shapes(name)).toEqual(before);
    expect(before.filter((s) => s === null)).toHaveLength(40);
    expect(before).not.toContain(0);
  });

  it('is converted by a writable open, still verifies and re-adjudicates with no difference', async () => {
    const name = copyOfOld();
    const before = await withStore({ filename: name, readOnly: true }, readjudicate);
    await withStore({ filename: name }, async (store) => {
      expect(texts(await store.readAll())).toEqual(fixtureTexts());
      const v = await verifyLedger(store);
      expect(v.breaks).toEqual([]);
      expect(v.ok).toBe(true);
    });
    expect(new Set(shapes(name))).toEqual(new Set([0]));
    const after = await withStore({ filename: name, readOnly: true }, readjudicate);
    expect(after).toEqual(before);
    expect((await verifyFile(name)).ok).toBe(true);
  });

  // A batch that fails part way (as a crash would stop it) is rolled back whole; those before it
  // stay converted, and the next writable open goes on from there.
  it('resumes a conversion stopped part way', async () => {
    const name = copyOfOld();
    editFile(name, (db) =>
      db.exec(`CREATE TRIGGER stop BEFORE UPDATE OF data ON events WHEN old.position = 700
               BEGIN SELECT RAISE(ABORT, 'stopped'); END`),
    );
    expect(() => new SqliteEventStore({ filename: name })).toThrow('stopped');
    const partly = shapes(name);
    expect(partly.slice(0, 500)).toEqual(new Array(500).fill(0));
    expect(partly.slice(500)).not.toContain(0);
    expect(raw(name, (db) => db.prepare('SELECT through FROM record_upgrade').pluck().get())).toBe(
      500,
    );
    expect((await verifyFile(name)).ok).toBe(true);

    editFile(name, (db) => db.exec('DROP TRIGGER stop'));
    await withStore({ filename: name }, async (store) => {
      expect(texts(await store.readAll())).toEqual(fixtureTexts());
      expect((await verifyLedger(store)).ok).toBe(true);
    });
    expect(new Set(shapes(name))).toEqual(new Set([0]));
  });

  it('leaves a row whose hash does not match as it is, and the verifier still reports it', async () => {
    const name = copyOfOld();
    editFile(name, (db) => editData(db, STREAM, 3, (d) => ({ ...d, note: 'edited' })));
    const altered = raw(name, (db) =>
      db
        .prepare(`SELECT position FROM events WHERE stream_id = ? AND revision = 3`)
        .pluck()
        .get(STREAM),
    ) as number;
    await withStore({ filename: name }, async () => undefined);
    const after = shapes(name);
    expect(after[altered - 1]).toBeNull();
    expect(after.filter((s) => s !== 0)).toHaveLength(1);
    const v = await verifyFile(name);
    expect(v.breaks.map((b) => [b.streamId, b.revision, b.reason])).toEqual([
      [STREAM, 3, 'CONTENT_ALTERED'],
    ]);
  });
});

describe('record data: tampering with a converted ledger', () => {
  let converted = '';
  beforeAll(async () => {
    converted = copyOfOld();
    await withStore({ filename: converted }, async () => undefined);
  });
  const tampered = (edit: (db: Database.Database) => void) => {
    const name = file();
    copyFileSync(converted, name);
    editFile(name, edit);
    return name;
  };
  const breaks = async (name: string) =>
    (await verifyFile(name)).breaks.map((b) => [b.streamId, b.revision, b.reason]);
  const position = (streamId: string, revision: number) =>
    raw(converted, (db) =>
      db
        .prepare('SELECT position FROM events WHERE stream_id = ? AND revision = ?')
        .pluck()
        .get(streamId, revision),
    ) as number;

  it('reports a value edited inside a record', async () => {
    const at = position(STREAM, 5);
    const name = tampered((db) => {
      const blob = db
        .prepare<[number], Buffer>('SELECT data FROM events WHERE position = ?')
        .pluck()
        .get(at)!;
      // A string's last byte changed: the blob still decodes, to other data.
      const i = blob.lastIndexOf(blob.find((b) => b >= 0x61 && b <= 0x7a)!);
      blob[i] = blob[i] === 0x61 ? 0x62 : 0x61;
      db.prepare('UPDATE events SET data = ? WHERE position = ?').run(blob, at);
    });
    expect(await breaks(name)).toEqual([[STREAM, 5, 'CONTENT_ALTERED']]);
  });

  it.each([
    ['cut short', `substr(data, 1, length(data) - 1)`],
    ['turned into JSON text', `'{"a":1}'`],
    ['turned into a number', `7`],
  ])('reports a record %s without failing the read', async (_, value) => {
    const at = position(STREAM, 5);
    const name = tampered((db) =>
      db.prepare(`UPDATE events SET data = ${value} WHERE position = ?`).run(at),
    );
    expect(await breaks(name)).toEqual([[STREAM, 5, 'CONTENT_ALTERED']]);
  });

  it('reports a renamed field at every event whose data uses it', async () => {
    const name = tampered((db) =>
      db.exec(
        `UPDATE structures SET keys = replace(keys, '"shooter"', '"shooter_"') WHERE id = (SELECT MIN(id) FROM structures WHERE keys LIKE '%"shooter"%')`,
      ),
    );
    const found = await breaks(name);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((b) => b[2] === 'CONTENT_ALTERED')).toBe(true);
  });

  it('reports a dropped structures table when read, and a writable open refuses the file unchanged', async () => {
    const name = tampered((db) => db.exec('DROP TABLE structures'));
    const found = await breaks(name);
    expect(found.length).toBeGreaterThan(0);
    expect(() => new SqliteEventStore({ filename: name })).toThrow(
      expect.objectContaining({ code: 'STRUCTURES_MISSING' }),
    );
    expect(
      raw(name, (db) => db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'structures'").get()),
    ).toBeUndefined();
  });
});
