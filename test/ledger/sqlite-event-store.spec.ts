import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GroupCommit } from '../../src/ledger/sqlite/group-commit';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import { NO_STREAM } from '../../src/ledger/event-store';
import { eventStoreContract } from './contract/event-store.contract';

const dir = mkdtempSync(join(tmpdir(), 'cue-ledger-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
// A real database file per test, as production uses.
eventStoreContract('SQLite', () =>
  Promise.resolve(new SqliteEventStore({ filename: join(dir, `ledger-${n++}.sqlite`) })),
);

// The same contract with appends committed by the worker thread, as the server runs it.
eventStoreContract('SQLite, appends in a worker', () =>
  Promise.resolve(
    new SqliteEventStore({ filename: join(dir, `ledger-${n++}.sqlite`), appendInWorker: true }),
  ),
);

describe('SQLite event store: durability across reopen', () => {
  it('keeps appended events when the file is closed and opened again', async () => {
    const file = join(dir, 'reopen.sqlite');
    const first = new SqliteEventStore({ filename: file });
    await first.append(
      'match-x',
      [{ eventId: 'e1', type: 'A', data: { a: 1 }, metadata: {} }],
      NO_STREAM,
    );
    await first.close();
    const second = new SqliteEventStore({ filename: file });
    const events = await second.readStream('match-x');
    await second.close();
    expect(events.map((e) => [e.eventId, e.data])).toEqual([['e1', { a: 1 }]]);
  });
});

describe('SQLite event store: group commit', () => {
  const ev = (id: string) => ({ eventId: id, type: 'A', data: { id }, metadata: {} });

  it('commits appends made in the same turn in one transaction; a conflict is rolled back alone', async () => {
    const store = new SqliteEventStore({ filename: join(dir, 'group.sqlite') });
    await store.append('match-b', [ev('b0')], NO_STREAM);
    const before = { ...store.groupCommits };
    const results = await Promise.allSettled([
      store.append('match-a', [ev('a0'), ev('a1')], NO_STREAM),
      // match-b is at revision 0, not 5: this one conflicts.
      store.append('match-b', [ev('b1')], 5),
      store.append('match-c', [ev('c0')], NO_STREAM),
      store.append('match-b', [ev('b2')], 0),
    ]);
    expect(store.groupCommits.commits - before.commits).toBe(1);
    expect(store.groupCommits.requests - before.requests).toBe(4);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ code: 'CONFLICT' });
    // Each append starts where the one before it in the group ended: the feed has no gap.
    const [a, , c, b] = results.map((r) => (r.status === 'fulfilled' ? r.value : null));
    expect(a!.previousPosition).toBe(1n);
    expect(c!.previousPosition).toBe(a!.position);
    expect(b!.previousPosition).toBe(c!.position);
    const feed = await store.readAll();
    expect(feed.map((e) => e.eventId)).toEqual(['b0', 'a0', 'a1', 'c0', 'b2']);
    await store.close();
    // Durable once acknowledged: a fresh handle on the file reads the same.
    const reopened = new SqliteEventStore({ filename: join(dir, 'group.sqlite') });
    expect((await reopened.readAll()).map((e) => e.eventId)).toEqual(feed.map((e) => e.eventId));
    await reopened.close();
  });

  it('commits appends still waiting when the store is closed, before closing', async () => {
    const file = join(dir, 'group-close.sqlite');
    const store = new SqliteEventStore({ filename: file });
    const appends = [
      store.append('match-a', [ev('x0')], NO_STREAM),
      store.append('match-b', [ev('x1')], NO_STREAM),
    ];
    await store.close();
    const results = await Promise.allSettled(appends);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    const reopened = new SqliteEventStore({ filename: file });
    expect((await reopened.readAll()).map((e) => e.eventId)).toEqual(['x0', 'x1']);
    await reopened.close();
  });

  it('answers nobody before the commit: a failed commit fails every append of the group', async () => {
    let committed = false;
    const group = new GroupCommit<string, string>(() => {
      throw new Error('disk I/O error');
    });
    const results = Promise.allSettled([group.submit('a'), group.submit('b')]).then((r) => {
      committed = true;
      return r;
    });
    expect(committed).toBe(false);
    expect((await results).map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(group.stats).toEqual({ commits: 0, requests: 0 });
  });
});

describe('SQLite event store: appends in a worker thread', () => {
  const ev = (id: string) => ({ eventId: id, type: 'A', data: { id }, metadata: {} });

  it('gathers the appends requested while a group is being committed into the next one', async () => {
    const file = join(dir, 'worker-group.sqlite');
    const store = new SqliteEventStore({ filename: file, appendInWorker: true });
    await store.append('match-w', [ev('w0')], NO_STREAM);
    const before = { ...store.groupCommits };
    const first = store.append('match-a', [ev('a0')], NO_STREAM);
    // The first group is now with the worker; these wait for it and go together.
    await new Promise((resolve) => setImmediate(resolve));
    const rest = ['b', 'c', 'd', 'e'].map((s) =>
      store.append(`match-${s}`, [ev(`${s}0`)], NO_STREAM),
    );
    const results = await Promise.all([first, ...rest]);
    expect(store.groupCommits.commits - before.commits).toBe(2);
    expect(store.groupCommits.requests - before.requests).toBe(5);
    expect(results.map((r) => r.previousPosition)).toEqual([1n, 2n, 3n, 4n, 5n]);
    await store.close();
    const reopened = new SqliteEventStore({ filename: file });
    expect((await reopened.readAll()).map((e) => e.eventId)).toEqual([
      'w0',
      'a0',
      'b0',
      'c0',
      'd0',
      'e0',
    ]);
    await reopened.close();
  });

  it('refuses an append to a ledger opened read-only (ACCESS_DENIED) and writes nothing', async () => {
    const file = join(dir, 'read-only.sqlite');
    const writer = new SqliteEventStore({ filename: file });
    await writer.append('match-x', [ev('x0')], NO_STREAM);
    await writer.close();
    const reader = new SqliteEventStore({ filename: file, readOnly: true });
    await expect(reader.append('match-x', [ev('x1')], 0)).rejects.toMatchObject({
      code: 'ACCESS_DENIED',
    });
    expect((await reader.readAll()).map((e) => e.eventId)).toEqual(['x0']);
    await reader.close();
  });

  it('refuses an append after the store is closed (UNAVAILABLE), whether or not it had appended', async () => {
    for (const wrote of [true, false]) {
      const file = join(dir, `worker-closed-${wrote}.sqlite`);
      const store = new SqliteEventStore({ filename: file, appendInWorker: true });
      if (wrote) await store.append('match-x', [ev('x0')], NO_STREAM);
      await store.close();
      await expect(store.append('match-y', [ev('y0')], NO_STREAM)).rejects.toMatchObject({
        code: 'UNAVAILABLE',
      });
      const reopened = new SqliteEventStore({ filename: file });
      expect((await reopened.readAll()).map((e) => e.eventId)).toEqual(wrote ? ['x0'] : []);
      await reopened.close();
    }
  });
});
