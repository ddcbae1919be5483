import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WorkerScans } from '../../src/audit/ledger-scans';
import { verifyLedger } from '../../src/ledger/ledger-verifier';
import { readjudicateLedger } from '../../src/audit/readjudication';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import { loadLegacyLedger } from '../support/legacy-ledger';
import { editData } from '../support/ledger-rows';
import { countLoopTurns } from '../support/loop-turns';
import { appendRecorded } from '../support/recorded-ledger';
import { simulateMatch } from '../support/simulator';

// Whole-ledger scans of a SQLite file run on a worker thread: the same reports as in process,
// while the event loop stays free.
describe('whole-ledger scans on a worker thread', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cue-ledger-scans-'));
  const file = join(dir, 'ledger.sqlite');
  const scans = new WorkerScans(file);
  let store: SqliteEventStore;
  beforeAll(async () => {
    store = new SqliteEventStore({ filename: file });
    await loadLegacyLedger(store);
    for (const seed of [3, 4, 5, 6])
      await appendRecorded(
        store,
        `scan-${seed}`,
        simulateMatch(seed, { matchId: `scan-${seed}`, raceTo: 3 }).batches,
      );
  }, 60_000);
  afterAll(async () => {
    await scans.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('verifies and re-adjudicates as the in-process scans do', async () => {
    const verified = await scans.verify();
    expect(verified).toEqual(await verifyLedger(store));
    expect(verified.ok).toBe(true);
    expect(verified.events).toBeGreaterThan(1000);
    expect(await scans.readjudicate()).toEqual(await readjudicateLedger(store));
  });

  it('fails the scans of a worker that dies with UNAVAILABLE; the next scan gets a new worker', async () => {
    const own = new WorkerScans(file);
    const scan = own.verify();
    // The worker, killed under its scan.
    await (
      own as unknown as { current: { worker: { terminate(): Promise<number> } } }
    ).current.worker.terminate();
    await expect(scan).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    expect((await own.verify()).ok).toBe(true);
    await own.close();
    await expect(own.verify()).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });

  it('leaves the event loop free while it scans', async () => {
    const turns = countLoopTurns();
    const mainThreadReads = jest.spyOn(SqliteEventStore.prototype, 'readAll');
    await scans.verify();
    turns.stop();
    // Nothing of the scan was read on this thread, and the loop kept turning meanwhile.
    expect(mainThreadReads).not.toHaveBeenCalled();
    mainThreadReads.mockRestore();
    expect(turns.count()).toBeGreaterThan(20);
  });

  it('reports an edited event as the in-process verifier does', async () => {
    const db = new Database(file);
    editData(db, 'match-scan-4', 7, (data) => ({ ...data, edited: true }));
    db.close();
    const verified = await scans.verify();
    expect(verified.ok).toBe(false);
    expect(verified.firstBreak?.streamId).toBe('match-scan-4');
    expect(verified).toEqual(await verifyLedger(store));
  });

  it('fails a scan of a file it cannot open with SQLite’s error, and answers the next scan too', async () => {
    const garbage = join(dir, 'not-a-ledger.sqlite');
    writeFileSync(garbage, 'not a database, whatever its name says'.repeat(200));
    const scansOfGarbage = new WorkerScans(garbage);
    for (let i = 0; i < 2; i++)
      await expect(scansOfGarbage.verify()).rejects.toMatchObject({ code: 'SQLITE_NOTADB' });
    await scansOfGarbage.close();
  });
});
