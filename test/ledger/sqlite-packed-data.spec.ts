import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verifyLedger } from '../../src/ledger/ledger-verifier';
import { NO_STREAM, type EventToAppend } from '../../src/ledger/event-store';
import { sealEvents } from '../../src/ledger/hash-chain';
import { packData, shapeOf, unpackData } from '../../src/ledger/sqlite/data-codec';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import { commandMetadata, editFile, logicalRows, verifyFile } from '../support/ledger-rows';

const dir = mkdtempSync(join(tmpdir(), 'cue-ledger-packed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const file = () => join(dir, `ledger-${files++}.sqlite`);

// An in-memory shapes table for the codec alone.
function shapes() {
  const lists: string[][] = [];
  return {
    idOf: (keys: string[]) => {
      const i = lists.findIndex((k) => JSON.stringify(k) === JSON.stringify(keys));
      return (i === -1 ? lists.push(keys) : i + 1) as number;
    },
    shapeOf: (id: number) => (lists[id - 1] ? shapeOf(lists[id - 1]) : undefined),
    lists,
  };
}

const roundTrip = (json: string) => {
  const s = shapes();
  const packed = packData(json, s.idOf);
  return packed && JSON.stringify(unpackData(packed.shape, packed.data, s.shapeOf));
};

describe('packed event data: the codec', () => {
  // Each is given back exactly as JSON.parse gives it: same values, same key order.
  it.each([
    ['an empty object', {}],
    [
      'nested objects and arrays of objects',
      { a: { b: [{ c: 1 }, { c: 2, d: [] }] }, e: [[1, [2]]] },
    ],
    ['integer-like keys (ordered first by JavaScript)', { b: 1, 10: 'x', 2: 'y', a: { 1: null } }],
    ['numbers', { n: [0, -0, 0.1, 1e21, -5e-324, Number.MAX_SAFE_INTEGER] }],
    [
      'strings with quotes, unicode and a lone surrogate',
      { s: 'a"b\\c\n ç 🎱 \ud800', 'k"ey': '' },
    ],
    ['booleans and nulls', { t: true, f: false, z: null, arr: [null, true] }],
    ['arrays whose first item is 0 or a number', { a: [0, 1], b: [[0], [5, 'x']], c: [0] }],
    ['arrays whose first item is negative', { d: [-1, 2], e: [-0.5], f: [[-3], [{ g: -2 }]] }],
    ['keys named like Object members', { constructor: 1, toString: 'x', hasOwnProperty: [] }],
  ])('%s', (_, value) => {
    const json = JSON.stringify(value);
    expect(roundTrip(json)).toBe(json);
  });

  it('stores the key names once, not in the packed values', () => {
    const s = shapes();
    const json = JSON.stringify({ shooter: 'p2', facts: { pocketed: [{ ball: 4 }, { ball: 9 }] } });
    const packed = packData(json, s.idOf)!;
    expect(packed.data).toBe('["p2",[-2,[[-3,4],[-3,9]]]]');
    expect(s.lists).toEqual([['shooter', 'facts'], ['pocketed'], ['ball']]);
  });

  // Stored whole instead: an assignment of `__proto__` would set a prototype, not a field.
  it.each([
    ['an array', '[1,2]'],
    ['a string', '"x"'],
    ['null', 'null'],
    ['an object with a __proto__ key', '{"a":{"__proto__":{"x":1}}}'],
  ])('leaves %s to be stored whole', (_, json) => {
    expect(packData(json, shapes().idOf)).toBeNull();
  });

  // Deeper data is stored whole, so a read never recurses far enough to exhaust the stack.
  it('packs data nested a few dozen levels deep, and leaves deeper data to be stored whole', () => {
    const nested = (levels: number): unknown =>
      Array.from({ length: levels }).reduce<unknown>(
        (inner, _, i) => (i % 2 ? [inner] : { a: inner }),
        1,
      );
    const json = (levels: number) => JSON.stringify({ root: nested(levels) });
    expect(roundTrip(json(60))).toBe(json(60));
    expect(packData(json(100), shapes().idOf)).toBeNull();
  });

  it('reads a shape it does not know as bare values, never as the recorded object', () => {
    const s = shapes();
    const packed = packData('{"a":1,"b":{"c":2}}', s.idOf)!;
    expect(unpackData(packed.shape, packed.data, () => undefined)).toEqual([1, [2]]);
    // A key list of another length than the values is not the one they were packed with.
    expect(unpackData(packed.shape, packed.data, () => shapeOf(['a']))).toEqual([1, { a: 2 }]);
  });
});

const shot = (id: string, data: Record<string, unknown>): EventToAppend => ({
  eventId: id,
  type: 'ShotPlayed',
  data,
  metadata: commandMetadata(`c-${id}`, 1),
});

const dataTexts = (events: { data: unknown }[]) => events.map((e) => JSON.stringify(e.data));

describe('packed event data: the SQLite ledger', () => {
  it('stores data without key names, each key list once, and reads it back exactly', async () => {
    const name = file();
    const store = new SqliteEventStore({ filename: name, dataCodec: 'packed' });
    const events = [
      shot('e0', { shooter: 'p1', facts: { pocketed: [{ ball: 3, pocket: 'HL' }] } }),
      shot('e1', { shooter: 'p2', facts: { pocketed: [] } }),
      shot('e2', { shooter: 'p1', facts: { pocketed: [{ ball: 9, pocket: 'FR' }] } }),
    ];
    const sealed = sealEvents('match-a', null, events);
    await store.append('match-a', sealed, NO_STREAM);
    expect(dataTexts(await store.readStream('match-a'))).toEqual(dataTexts(events));
    expect(dataTexts(await store.readAll())).toEqual(dataTexts(events));
    expect((await verifyLedger(store)).ok).toBe(true);
    await store.close();

    const db = new Database(name, { readonly: true });
    const rows = db.prepare('SELECT shape, data FROM events ORDER BY position').all();
    const lists = db.prepare('SELECT keys FROM shapes ORDER BY id').pluck().all();
    db.close();
    expect(rows).toEqual([
      { shape: 1, data: '["p1",[-2,[[-3,3,"HL"]]]]' },
      { shape: 1, data: '["p2",[-2,[]]]' },
      { shape: 1, data: '["p1",[-2,[[-3,9,"FR"]]]]' },
    ]);
    expect(lists).toEqual(['["shooter","facts"]', '["pocketed"]', '["ball","pocket"]']);
  });

  it('stores data it cannot pack whole, beside packed rows', async () => {
    const name = file();
    const store = new SqliteEventStore({ filename: name, dataCodec: 'packed' });
    const odd = JSON.parse('{"x":{"__proto__":1}}') as Record<string, unknown>;
    const events = [shot('e0', odd), shot('e1', { shooter: 'p1' })];
    await store.append('match-a', sealEvents('match-a', null, events), NO_STREAM);
    const read = await store.readStream('match-a');
    expect(Object.keys(read[0].data as object)).toEqual(['x']);
    expect(Object.getOwnPropertyNames((read[0].data as { x: object }).x)).toEqual(['__proto__']);
    expect((await verifyLedger(store)).ok).toBe(true);
    await store.close();
    const db = new Database(name, { readonly: true });
    expect(db.prepare('SELECT shape FROM events ORDER BY position').pluck().all()).toEqual([
      null,
      expect.any(Number),
    ]);
    db.close();
  });

  // Past the codec's depth, within the depth a hash can be taken at.
  it('stores deeply nested data whole and reads it back exactly', async () => {
    const store = new SqliteEventStore({ filename: file(), dataCodec: 'packed' });
    let deep: unknown = 'bottom';
    for (let i = 0; i < 200; i++) deep = { d: deep };
    const events = [shot('e0', { deep })];
    await store.append('match-a', sealEvents('match-a', null, events), NO_STREAM);
    expect(dataTexts(await store.readStream('match-a'))).toEqual(dataTexts(events));
    expect((await verifyLedger(store)).ok).toBe(true);
    await store.close();
  });

  // A shape allocated by an append that is rolled back (here, an event id already stored) is
  // gone from the file, and its id may go to another key list: no later row may use it stale.
  it('forgets the shapes of an append rolled back inside a group commit', async () => {
    const name = file();
    const store = new SqliteEventStore({ filename: name, dataCodec: 'packed' });
    await store.append('match-a', sealEvents('match-a', null, [shot('a0', { a: 1 })]), NO_STREAM);
    const [failed, other] = await Promise.allSettled([
      store.append(
        'match-b',
        sealEvents('match-b', null, [shot('b0', { b: 1 }), shot('a0', { a: 2 })]),
        NO_STREAM,
      ),
      store.append('match-c', sealEvents('match-c', null, [shot('c0', { c: 1 })]), NO_STREAM),
    ]);
    expect(failed).toMatchObject({ status: 'rejected', reason: { code: 'DUPLICATE_EVENT_ID' } });
    expect(other.status).toBe('fulfilled');
    expect(store.groupCommits).toMatchObject({ commits: 2, requests: 3 });
    await store.append('match-b', sealEvents('match-b', null, [shot('b1', { b: 2 })]), NO_STREAM);
    expect(dataTexts(await store.readAll())).toEqual(['{"a":1}', '{"c":1}', '{"b":2}']);
    expect((await verifyLedger(store)).ok).toBe(true);
    await store.close();
  });
});

// A file as the previous layout wrote it: compact metadata, data stored whole, no shapes.
async function previousLayoutFile(): Promise<string> {
  const name = file();
  const store = new SqliteEventStore({ filename: name, dataCodec: 'packed' });
  const events = [shot('e0', { shooter: 'p1' }), shot('e1', { shooter: 'p2', n: [1] })];
  await store.append('match-a', sealEvents('match-a', null, events), NO_STREAM);
  await store.close();
  const db = new Database(name);
  const rows = logicalRows(db);
  const whole = db.prepare('UPDATE events SET data = ? WHERE position = ?');
  for (const r of rows) whole.run(JSON.stringify(r.data), r.position);
  db.exec('ALTER TABLE events DROP COLUMN shape; DROP TABLE shapes;');
  db.close();
  return name;
}

describe('packed event data: a file written before it', () => {
  it('reads as it is, gains the layout when opened for writing, and chains new rows on', async () => {
    const name = await previousLayoutFile();
    const reader = new SqliteEventStore({ filename: name, readOnly: true });
    const before = await reader.readAll();
    expect(dataTexts(before)).toEqual(['{"shooter":"p1"}', '{"shooter":"p2","n":[1]}']);

    // The read-only reader keeps its connection while a writer upgrades the file.
    const writer = new SqliteEventStore({
      filename: name,
      appendInWorker: true,
      dataCodec: 'packed',
    });
    const more = sealEvents('match-a', before[1], [shot('e2', { shooter: 'p1', n: [2] })]);
    await writer.append('match-a', more, 1);
    await writer.close();

    expect(dataTexts(await reader.readAll())).toEqual([
      '{"shooter":"p1"}',
      '{"shooter":"p2","n":[1]}',
      '{"shooter":"p1","n":[2]}',
    ]);
    expect((await verifyLedger(reader)).ok).toBe(true);
    await reader.close();
    const db = new Database(name, { readonly: true });
    expect(db.prepare('SELECT shape FROM events ORDER BY position').pluck().all()).toEqual([
      null,
      null,
      1,
    ]);
    db.close();
  });
});

describe('packed event data: tampering with the shapes', () => {
  async function tampered(edit: (db: Database.Database) => void) {
    const name = file();
    const store = new SqliteEventStore({ filename: name, dataCodec: 'packed' });
    const events = [
      shot('e0', { shooter: 'p1', facts: { ball: 1 } }),
      shot('e1', { shooter: 'p2', note: 'x' }),
      shot('e2', { shooter: 'p1', facts: { ball: 2 } }),
    ];
    await store.append('match-a', sealEvents('match-a', null, events), NO_STREAM);
    await store.close();
    editFile(name, edit);
    return name;
  }

  const altered = async (name: string) =>
    (await verifyFile(name)).breaks.map((b) => [b.revision, b.reason]);

  it('reports a renamed field at the first event whose data uses it', async () => {
    const name = await tampered((db) =>
      db.prepare(`UPDATE shapes SET keys = '["ball_"]' WHERE keys = '["ball"]'`).run(),
    );
    expect(await altered(name)).toEqual([[0, 'CONTENT_ALTERED']]);
  });

  it('reports a deleted shape without failing the read', async () => {
    const name = await tampered((db) =>
      db.prepare(`DELETE FROM shapes WHERE keys = '["shooter","note"]'`).run(),
    );
    expect(await altered(name)).toEqual([[1, 'CONTENT_ALTERED']]);
  });

  // Someone editing the file without the codec in hand: reads go on, the verifier reports it.
  it.each([
    ['plain JSON', `'{"shooter":"p1","note":"x"}'`],
    ['a number', `'7'`],
    ['a nested value turned into an object', `json_set(data, '$[1]', json('{"ball":1}'))`],
    [
      'arrays nested a thousand deep',
      `'[' || replace(hex(zeroblob(1000)), '00', '[') || replace(hex(zeroblob(1000)), '00', ']') || ']'`,
    ],
    [
      'arrays nested a hundred thousand deep',
      `'[' || replace(hex(zeroblob(100000)), '00', '[') || replace(hex(zeroblob(100000)), '00', ']') || ']'`,
    ],
  ])('reports data edited into %s', async (_, value) => {
    const name = await tampered((db) =>
      db.prepare(`UPDATE events SET data = ${value} WHERE event_id = 'e1'`).run(),
    );
    expect(await altered(name)).toEqual([[1, 'CONTENT_ALTERED']]);
  });

  it('reports a dropped shapes table when read, and a writable open refuses the file unchanged', async () => {
    const name = await tampered((db) => db.exec('DROP TABLE shapes'));
    expect(await altered(name)).toEqual([[0, 'CONTENT_ALTERED']]);
    expect(() => new SqliteEventStore({ filename: name })).toThrow(
      expect.objectContaining({ code: 'SHAPES_MISSING' }),
    );
    const db = new Database(name, { readonly: true });
    expect(db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'shapes'").get()).toBeUndefined();
    db.close();
  });
});
