import type { Channel, LiveItem } from '../../src/kernel/live-channel.port';
import { pacedChannel } from '../../src/live/paced-replay';
import { SliceQueue } from '../../src/ledger/slices';
import { countLoopTurns } from '../support/loop-turns';

const item = (position: number) => ({ position: BigInt(position) }) as LiveItem;

// A channel whose replay yields `n` items from position 1, counting how many were read.
function channel(n: number) {
  const read = { count: 0 };
  const c: Channel = {
    take: () => [],
    async *replay() {
      for (let p = 1; p <= n; p++) {
        read.count++;
        yield await Promise.resolve(item(p));
      }
    },
  };
  return { c, read };
}

async function drain(it: AsyncIterator<LiveItem>, into: string[], name: string) {
  for (let r = await it.next(); !r.done; r = await it.next())
    into.push(`${name}${r.value.position}`);
}

describe('live: subscription replays take turns', () => {
  it('with a zero-length slice every item waits for a turn of its own, and replays alternate', async () => {
    const pacer = new SliceQueue(0);
    const order: string[] = [];
    const turns = countLoopTurns();
    const a = pacedChannel(channel(30).c, pacer, () => undefined).replay(0n, 30n);
    const b = pacedChannel(channel(30).c, pacer, () => undefined).replay(0n, 30n);
    await Promise.all([drain(a, order, 'a'), drain(b, order, 'b')]);
    turns.stop();
    expect(order).toHaveLength(60);
    expect(pacer.slices).toBeGreaterThanOrEqual(60);
    expect(turns.count()).toBeGreaterThanOrEqual(60);
    // One replay per turn, in order: neither runs ahead of the other.
    expect(order.slice(0, 6)).toEqual(['a1', 'b1', 'a2', 'b2', 'a3', 'b3']);
  });

  it("one client's replays share its lane: another client's replay gets every other turn", async () => {
    const pacer = new SliceQueue(0);
    const order: string[] = [];
    // Three replays of one client (say, on one connection) and one of another.
    const mine = ['a', 'b', 'c'].map((name) =>
      drain(
        pacedChannel(channel(10).c, pacer, () => undefined, 'ip:one').replay(0n, 10n),
        order,
        name,
      ),
    );
    const other = drain(
      pacedChannel(channel(10).c, pacer, () => undefined, 'ip:two').replay(0n, 10n),
      order,
      'z',
    );
    await Promise.all([...mine, other]);
    expect(order).toHaveLength(40);
    // The other client's ten items come first, one every other turn, not one in four.
    expect(order.slice(0, 20).filter((o) => o.startsWith('z'))).toHaveLength(10);
    expect(order.slice(0, 6)).toEqual(['a1', 'z1', 'b1', 'z2', 'c1', 'z3']);
  });

  it('skips what the client already has, yet paces the fold that reaches it', async () => {
    const pacer = new SliceQueue(0);
    const { c, read } = channel(20);
    const out: string[] = [];
    await drain(pacedChannel(c, pacer, () => undefined).replay(15n, 20n), out, 'm');
    expect(out).toEqual(['m16', 'm17', 'm18', 'm19', 'm20']);
    expect(read.count).toBe(20);
    expect(pacer.slices).toBeGreaterThanOrEqual(20);
  });

  it('charges each block of 100 events before reading it; a refused charge ends the replay', async () => {
    const pacer = new SliceQueue(1000);
    const charges: number[] = [];
    const { c, read } = channel(250);
    const out: string[] = [];
    await drain(pacedChannel(c, pacer, (n) => charges.push(n)).replay(0n, 250n), out, 'x');
    expect(charges).toEqual([100, 100, 100]);
    const refused = pacedChannel(channel(250).c, pacer, (n) => {
      if (charges.push(n) > 4) throw new Error('RATE_LIMITED');
    }).replay(0n, 250n);
    await expect(drain(refused, [], 'y')).rejects.toThrow('RATE_LIMITED');
    expect(read.count).toBe(250);
  });
});
