import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
