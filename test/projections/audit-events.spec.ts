import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import { withEvents } from '../../src/projections/audit-events';
import { MatchProjector } from '../../src/projections/match-projector';
import { ReadModel } from '../../src/projections/read-model';
import { loadLegacyLedger } from '../support/legacy-ledger';

// The audit index holds no event: a page's events are read back from the ledger, by stream.
describe('audit index: events read from the ledger', () => {
  const store = new SqliteEventStore({ filename: ':memory:' });
  const readModel = new ReadModel(':memory:');
  beforeAll(async () => {
    await loadLegacyLedger(store);
    await new MatchProjector(store, readModel).catchUp();
  });
  afterAll(async () => {
    readModel.close();
    await store.close();
  });

  it('returns each row with its own stored event, in the page order, a read per run of a stream', async () => {
    const all = await store.readAll();
    const byPosition = new Map(all.map((e) => [e.position, e]));
    const rows = readModel.audit({ types: ['ShotAdjudicated', 'AppealFiled'] }, undefined, 120);
    expect(rows.length).toBe(120);
    const reads = jest.spyOn(store, 'readStream');
    const page = await withEvents(store, rows);
    expect(page.map((r) => r.event)).toEqual(rows.map((r) => byPosition.get(r.position)));
    expect(page.map((r) => r.event.type)).toEqual(rows.map((r) => r.type));
    const streams = new Set(rows.map((r) => r.streamId)).size;
    expect(reads.mock.calls.length).toBeGreaterThanOrEqual(streams);
    expect(reads.mock.calls.length).toBeLessThan(rows.length / 4);
    reads.mockRestore();
  });

  it('refuses a row whose event the ledger does not hold (STREAM_TRUNCATED)', async () => {
    const other = new SqliteEventStore({ filename: ':memory:' });
    const rows = readModel.audit({}, undefined, 5);
    await expect(withEvents(other, rows)).rejects.toMatchObject({ code: 'STREAM_TRUNCATED' });
    await other.close();
  });
});

describe('audit index: a bulk load the process did not finish', () => {
  it('is finished when the read model is opened again: indexes built, marks applied', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'audit-bulk-'));
    const file = join(dir, 'views.sqlite');
    const store = new SqliteEventStore({ filename: ':memory:' });
    await loadLegacyLedger(store);
    const reference = new ReadModel(':memory:');
    await new MatchProjector(store, reference).catchUp();
    const interrupted = new ReadModel(file);
    // What a rebuild stopped before its end leaves behind: rows, no secondary index, marks pending.
    const stop = jest.spyOn(interrupted, 'endBulkLoad').mockImplementation(() => undefined);
    await new MatchProjector(store, interrupted).catchUp();
    stop.mockRestore();
    interrupted.close();
    const raw = new Database(file);
    const pending = raw.prepare('SELECT COUNT(*) AS n FROM audit_marks').get() as { n: number };
    raw.close();
    expect(pending.n).toBeGreaterThan(0);
    const reopened = new ReadModel(file);
    const indexes = reopened.database
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'audit_events'")
      .all()
      .map((r) => (r as { name: string }).name);
    expect(indexes).toEqual(expect.arrayContaining(['audit_by_match', 'audit_by_pos']));
    expect(reopened.audit({}, undefined, 100_000)).toEqual(reference.audit({}, undefined, 100_000));
    reopened.close();
    reference.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
