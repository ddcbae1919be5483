import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REVOCATION_STREAM, RevocationStream } from '../../src/api/auth/revocation-stream';
import { RevocationList } from '../../src/api/auth/revocations';
import { LedgerLease } from '../../src/ledger/lease';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';

// The background lease and the revocation stream over the store port (SQLite here; the
// multi-process test runs both over the wire-level KurrentDB).
describe('the background lease kept in the ledger', () => {
  let store: SqliteEventStore;
  let t = 1_000_000;
  const now = () => t;
  const lease = (holder: string) =>
    new LedgerLease(store, 'background', { ttlMs: 3000, now, holder });
  beforeEach(() => {
    store = new SqliteEventStore({ filename: ':memory:' });
    t = 1_000_000;
  });
  afterEach(() => store.close());

  it('is held by one replica at a time: the second claim sees the first and waits', async () => {
    const a = lease('a');
    const b = lease('b');
    await a.tick();
    await b.tick();
    expect([a.held, b.held]).toEqual([true, false]);
    // Renewed by its holder, never taken by the other while unexpired.
    t += 2000;
    await a.tick();
    await b.tick();
    expect([a.held, b.held]).toEqual([true, false]);
  });

  it('two replicas claiming a free lease at once: the expected revision lets one win', async () => {
    const a = lease('a');
    const b = lease('b');
    await Promise.all([a.tick(), b.tick()]);
    expect([a.held, b.held].filter(Boolean)).toHaveLength(1);
  });

  it('is handed over when its holder stops, and taken after expiry when it dies', async () => {
    const a = lease('a');
    const b = lease('b');
    await a.tick();
    await a.stop();
    await b.tick();
    expect([a.held, b.held]).toEqual([false, true]);
    // b dies without a word: c waits out the time to live, then takes it.
    const c = lease('c');
    await c.tick();
    expect(c.held).toBe(false);
    t += 3001;
    expect(b.held).toBe(false);
    await c.tick();
    expect(c.held).toBe(true);
    // b comes back: its renewal is refused (CONFLICT on the revision it read), it does not hold.
    await b.tick();
    expect([b.held, c.held]).toEqual([false, true]);
  });
});

describe('token revocations kept in the ledger', () => {
  let dir: string;
  let store: SqliteEventStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cue-ledger-revocations-'));
    store = new SqliteEventStore({ filename: ':memory:' });
  });
  afterEach(() => {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("carries a file's old revocations into the stream once, and another replica reads them", async () => {
    const old = join(dir, 'one.jsonl');
    writeFileSync(old, `${JSON.stringify({ jti: 'j-old', revokedAt: '2026-01-01T00:00:00Z' })}\n`);
    const one = new RevocationStream(store, new RevocationList(old, 0), 60_000);
    await one.start();
    await one.stop();
    await one.start();
    await one.stop();
    expect(await store.readStream(REVOCATION_STREAM)).toHaveLength(1);

    const otherList = new RevocationList(join(dir, 'two.jsonl'), 0);
    const two = new RevocationStream(store, otherList, 60_000);
    await two.start();
    expect(otherList.isRevoked('j-old', 'x', 0)).toBe(true);
    // One made on the first replica reaches the second at its next poll, and its file (the cache).
    await one.publish({ subject: 'scorer-9', issuedAtOrBefore: 500, revokedAt: 'now' });
    expect(otherList.isRevoked('j2', 'scorer-9', 400)).toBe(false);
    await two.poll();
    expect(otherList.isRevoked('j2', 'scorer-9', 400)).toBe(true);
    expect(new RevocationList(join(dir, 'two.jsonl'), 0).isRevoked('j2', 'scorer-9', 400)).toBe(
      true,
    );
    await two.stop();
  });
});
