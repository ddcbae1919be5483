import { readjudicateStream } from '../../src/audit/readjudication';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import { SliceQueue, type Slice } from '../../src/ledger/slices';
import { replayMatch } from '../../src/matches/match-replay';
import { loadMatch } from '../../src/streams/match-stream';
import { legacyLines, loadLegacyLedger } from '../support/legacy-ledger';
import { countLoopTurns } from '../support/loop-turns';
import { appendRecorded } from '../support/recorded-ledger';
import { simulateMatch } from '../support/simulator';

const LONG = 'long-match';

// Replays in slices give the same result as the one-piece fold every writer uses, and never hold
// the event loop for much more than a slice.
describe('replays in slices', () => {
  const store = new SqliteEventStore({ filename: ':memory:' });
  let events = 0;
  beforeAll(async () => {
    const long = simulateMatch(11, { matchId: LONG, raceTo: 9 });
    events = long.events.length;
    await appendRecorded(store, LONG, long.batches);
    await loadLegacyLedger(store);
  });
  afterAll(() => store.close());

  it('a replay in slices equals loadMatch: whole, by revision, by instant, and for a missing match', async () => {
    const queue = new SliceQueue(1);
    const recordedAt = (await store.readStream(`match-${LONG}`))[events >> 1].metadata as {
      recordedAt: string;
    };
    const cases = [
      {},
      { maxCount: 1 },
      { maxCount: 150 },
      { maxCount: events + 10 },
      { recordedAtOrBefore: recordedAt.recordedAt },
    ];
    for (const options of cases) {
      const sliced = await queue.run((slice) => replayMatch(store, LONG, slice, options));
      expect(sliced).toEqual(await loadMatch(store, LONG, options));
    }
    expect(await queue.run((slice) => replayMatch(store, 'nobody', slice))).toEqual(
      await loadMatch(store, 'nobody'),
    );
    expect(events).toBeGreaterThan(500);
  });

  it('every legacy match replays and re-rules identically in slices', async () => {
    const queue = new SliceQueue(1);
    const ids = [...new Set(legacyLines().map((l) => l.streamId))]
      .filter((s) => s.startsWith('match-'))
      .map((s) => s.slice('match-'.length));
    expect(ids.length).toBeGreaterThan(5);
    for (const id of ids) {
      const whole = await loadMatch(store, id);
      const sliced = await queue.run(async (slice) => {
        const loaded = await replayMatch(store, id, slice);
        return { loaded, rerun: await readjudicateStream(id, loaded.records, slice) };
      });
      expect(sliced.loaded).toEqual(whole);
      const rerun = await new SliceQueue().run((s) => readjudicateStream(id, whole.records, s));
      expect(sliced.rerun).toEqual(rerun);
    }
  });

  it('serves lanes in turn: a request behind an operation of many aliases waits for one slice, not for all', async () => {
    const queue = new SliceQueue(4);
    const busy = (ms: number) => {
      const end = performance.now() + ms;
      while (performance.now() < end);
    };
    const done: string[] = [];
    const attack = {};
    const aliases = Array.from({ length: 50 }, (_, i) =>
      queue.run(() => {
        busy(2);
        done.push(`a${i}`);
        return Promise.resolve();
      }, attack),
    );
    const other = queue.run(() => {
      done.push('other');
      return Promise.resolve();
    }, {});
    await Promise.all([...aliases, other]);
    // The first slice goes to the aliases (two of 2 ms fit), the next to the other lane.
    expect(done.indexOf('other')).toBeLessThan(5);
    expect(done.filter((d) => d !== 'other')).toEqual(aliases.map((_, i) => `a${i}`));
  });

  it('runs one slice per turn of the event loop, whoever asks: immediates and I/O run between them', async () => {
    // A zero-length slice makes every due() check a slice boundary, so the count of boundaries
    // does not depend on how fast this machine is.
    const queue = new SliceQueue(0);
    const turns = countLoopTurns();
    const waits: number[] = [];
    const watched = (slice: Slice): Slice => ({
      due: () => slice.due(),
      next: async () => {
        const before = turns.count();
        await slice.next();
        waits.push(turns.count() - before);
      },
      away: (io) => slice.away(io),
    });
    const replays = Array.from({ length: 8 }, () =>
      queue.run((slice) => replayMatch(store, LONG, watched(slice))),
    );
    const done = await Promise.all(replays);
    turns.stop();
    expect(done.every((d) => d.records.length === events)).toBe(true);
    // Eight replays at once, yet the loop turned at every boundary: no two slices share a turn.
    expect(waits.length).toBeGreaterThan(8 * 10);
    expect(waits.filter((w) => w < 1)).toEqual([]);
  });
});
