import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verifyLedger } from '../../src/ledger/ledger-verifier';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import { loadLegacyLedger } from '../support/legacy-ledger';
import { testEnv } from '../support/server';
import { compiledEntry } from '../support/compiled-src';

const ROOT = join(__dirname, '..', '..');

// A ledger file from before the head table: the legacy fixture as stored, without stream_heads.
async function preHeadsLedger(file: string): Promise<number> {
  const store = new SqliteEventStore({ filename: file, synchronous: 'NORMAL' });
  const count = await loadLegacyLedger(store);
  await store.close();
  const db = new Database(file);
  db.exec('DROP TABLE stream_heads');
  db.close();
  return count;
}

async function headsOf(file: string) {
  const store = new SqliteEventStore({ filename: file, readOnly: true });
  try {
    return (await store.readHeads()).heads.sort((a, b) => a.streamId.localeCompare(b.streamId));
  } finally {
    await store.close();
  }
}

describe('a ledger without a head table is adopted only on purpose', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cue-ledger-adopt-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a new, empty file gets the table; a file with events and no table is refused, unchanged', async () => {
    const fresh = new SqliteEventStore({ filename: join(dir, 'new.sqlite') });
    expect(await fresh.readHeads()).toEqual({ heads: [], position: null });
    await fresh.close();
    const file = join(dir, 'refused.sqlite');
    await preHeadsLedger(file);
    expect(() => new SqliteEventStore({ filename: file })).toThrow(
      expect.objectContaining({ name: 'EventStoreError', code: 'HEADS_MISSING' }),
    );
    const readOnly = new SqliteEventStore({ filename: file, readOnly: true });
    const v = await verifyLedger(readOnly);
    await readOnly.close();
    expect(v.ok).toBe(false);
    expect(new Set(v.breaks.map((b) => b.reason))).toEqual(new Set(['HEAD_MISMATCH']));
  });

  it('adopting records the heads the appends would have recorded', async () => {
    const recorded = join(dir, 'recorded.sqlite');
    const store = new SqliteEventStore({ filename: recorded, synchronous: 'NORMAL' });
    await loadLegacyLedger(store);
    await store.close();
    const file = join(dir, 'adopted.sqlite');
    const count = await preHeadsLedger(file);
    await new SqliteEventStore({ filename: file, adoptHeads: true }).close();
    expect(await headsOf(file)).toEqual(await headsOf(recorded));
    const reopened = new SqliteEventStore({ filename: file });
    expect(await verifyLedger(reopened)).toMatchObject({
      ok: true,
      events: count,
      headsChecked: true,
    });
    await reopened.close();
  });

  it('`adopt-heads` over the CLI checks the chains, adopts, and says so', async () => {
    const dataDir = join(dir, 'cli');
    const file = join(dataDir, 'ledger.sqlite');
    const count = await preHeadsLedger(file);
    const run = spawnSync(process.execPath, [compiledEntry('cli'), 'adopt-heads'], {
      cwd: ROOT,
      env: { ...process.env, ...testEnv(dataDir) },
      encoding: 'utf8',
    });
    expect(run.stdout).toMatch(
      new RegExp(`verified: \\d+ streams, ${count} events, every chain intact`),
    );
    expect(run.stdout).toMatch(/adopted the heads of \d+ streams as recorded/);
    expect(run.status).toBe(0);
    const store = new SqliteEventStore({ filename: file });
    expect(await verifyLedger(store)).toMatchObject({ ok: true, headsChecked: true });
    await store.close();
  }, 180_000);
});
