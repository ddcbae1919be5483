import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import { MatchProjector } from '../../src/projections/match-projector';
import { ReadModel } from '../../src/projections/read-model';
import { verifyLedger } from '../../src/ledger/ledger-verifier';
import { ledgerSize, reportRebuild, startProgress } from '../../src/projections/rebuild-progress';
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

  it('verify reports its progress page by page, ending at 100% with the events it checked', async () => {
    const store = new SqliteEventStore({ filename: ':memory:' });
    await recordSimulatedMatches(store, [8, 9, 10, 11, 12, 13, 14, 15]);
    const total = await ledgerSize(store);
    const lines: string[] = [];
    const progress = startProgress(
      'verify',
      total,
      { isTTY: false, write: (t) => lines.push(t) },
      0,
    );
    const v = await verifyLedger(store, { onProgress: (n) => progress.update(n) });
    progress.stop();
    expect(v.ok).toBe(true);
    expect(v.events).toBe(total);
    expect(total).toBeGreaterThan(250);
    // One line a page of 250 events, then the last one.
    expect(lines.length).toBe(Math.floor(total! / 250) + 2);
    expect(lines[0]).toMatch(
      new RegExp(`^verify: 250/${total} \\(\\d+%\\) events, \\d+/s, ETA \\d+ s\\n$`),
    );
    expect(lines.at(-1)).toMatch(
      new RegExp(`^verify: ${total}/${total} \\(100%\\) events, \\d+/s, ETA 0 s\\n$`),
    );
  });

  it('on a terminal: a bar with the count, rate and ETA', () => {
    let text = '';
    const out = {
      isTTY: true,
      write: (t: string) => ((text += t), true),
      columns: 120,
      cursorTo: () => true,
      clearLine: () => true,
      moveCursor: () => true,
      on: () => out,
      removeListener: () => out,
    };
    const progress = startProgress('verify', 400, out as never, 0);
    progress.update(200);
    progress.stop();
    expect(text).toMatch(/verify .* 200\/400 events \| \d+\/s \| ETA \d+s/);
  });
});
