import { SliceQueue } from '../../src/ledger/slices';
import type { Channel, LiveItem } from '../../src/kernel/live-channel.port';
import { pacedChannel } from '../../src/live/paced-replay';
import { countLoopTurns } from '../support/loop-turns';

// A subscription replay of `n` items from position 1.
const channel = (n: number): Channel => ({
  take: () => [],
  async *replay() {
    for (let p = 1; p <= n; p++) yield await Promise.resolve({ position: BigInt(p) } as LiveItem);
  },
});

const nextTurn = () => new Promise((r) => setImmediate(r));

// Long reads and subscription replays are both background work: one budget per turn of the event
// loop covers them together, so a write waits behind one slice of either, not one of each.
describe('long reads and replays share one budget per turn', () => {
  it('a long read and two replays interleave, one piece of work per turn of the event loop', async () => {
    // A zero-length slice: every piece of work is a slice boundary, whatever the machine's speed.
    const queue = new SliceQueue(0);
    const turns = countLoopTurns();
    const log: { who: string; turn: number }[] = [];
    const read = queue.run(async (slice) => {
      for (let i = 0; i < 20; i++) {
        if (slice.due()) await slice.next();
        log.push({ who: 'read', turn: turns.count() });
      }
    }, {});
    const replays = ['a', 'b'].map(async (who) => {
      const it = pacedChannel(channel(20), queue, () => undefined).replay(0n, 20n);
      for (let r = await it.next(); !r.done; r = await it.next())
        log.push({ who, turn: turns.count() });
    });
    await Promise.all([read, ...replays]);
    turns.stop();
    expect(log).toHaveLength(60);
    // No two pieces share a turn, whichever kind they are.
    expect(new Set(log.map((l) => l.turn)).size).toBe(60);
    // The three take turns in order: neither kind runs ahead of the other.
    const order = log.map((l) => l.who);
    expect(order.slice(0, 6)).toEqual(['a', 'b', 'read', 'a', 'b', 'read']);
    expect(order.filter((w) => w === 'read').length).toBe(20);
    expect(queue.slices).toBeGreaterThanOrEqual(60);
  });

  it('work that finds the budget spent waits for the next turn, even with the queue free', async () => {
    const queue = new SliceQueue(0);
    const turns = countLoopTurns();
    await queue.run(() => Promise.resolve());
    // The slice that run began has ended and nobody holds the queue; its budget is spent.
    await nextTurn();
    await nextTurn();
    const before = turns.count();
    let ranAt = -1;
    await queue.run(() => {
      ranAt = turns.count();
      return Promise.resolve();
    });
    turns.stop();
    expect(ranAt).toBeGreaterThan(before);
  });

  it('a replay holds the slice while it reads an item: other work waits, even with time left', async () => {
    const queue = new SliceQueue(60_000);
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const slow: Channel = {
      take: () => [],
      async *replay() {
        await gate;
        yield { position: 1n } as LiveItem;
      },
    };
    const first = pacedChannel(slow, queue, () => undefined)
      .replay(0n, 1n)
      .next();
    await nextTurn();
    await nextTurn();
    let ran = false;
    const read = queue.run(() => Promise.resolve((ran = true)));
    await nextTurn();
    expect(ran).toBe(false);
    release();
    expect((await first).value).toEqual({ position: 1n });
    await read;
    expect(ran).toBe(true);
  });
});
