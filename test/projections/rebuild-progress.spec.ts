import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import { MatchProjector } from '../../src/projections/match-projector';
import { ReadModel } from '../../src/projections/read-model';
import { ledgerSize, reportRebuild } from '../../src/projections/rebuild-progress';
import { recordSimulatedMatches } from '../support/recorded-ledger';

describe('rebuild progress', () => {
  it('counts the ledger from its head record and reports plain lines off a terminal, ending at 100%', async () => {
    const store = new SqliteEventStore({ filename: ':memory:' });
    await recordSimulatedMatches(store, [5, 6]);
    const total = (await store.readAll({ maxCount: 100_000 })).length;
    expect(await ledgerSize(store)).toBe(total);

    const lines: string[] = [];
    const projector = new MatchProjector(store, new ReadModel(':memory:'));
    const stop = reportRebuild(projector, total, { isTTY: false, write: (t) => lines.push(t) }, 0);
    await projector.rebuild();
    stop();
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.at(-1)).toMatch(
      new RegExp(`^rebuild: ${total}/${total} \\(100%\\) events, \\d+/s, ETA 0 s\\n$`),
    );
  });

  it('reports count and rate without an end when the store keeps no head record', async () => {
    const store = new SqliteEventStore({ filename: ':memory:' });
    await recordSimulatedMatches(store, [7]);
    const noHeads = Object.assign(Object.create(store) as SqliteEventStore, {
      readHeads: undefined,
    });
    expect(await ledgerSize(noHeads)).toBeNull();
    const lines: string[] = [];
    const projector = new MatchProjector(store, new ReadModel(':memory:'));
    const stop = reportRebuild(projector, null, { isTTY: false, write: (t) => lines.push(t) }, 0);
    await projector.rebuild();
    stop();
    expect(lines.at(-1)).toMatch(/^rebuild: \d+ events, \d+\/s\n$/);
  });
});
