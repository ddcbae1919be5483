import {
  KurrentDBClient,
  StreamDeletedError,
  StreamNotFoundError,
} from '@kurrent/kurrentdb-client';
import { verifyLedger } from '../../../src/ledger/ledger-verifier';
import { ANY, EventStoreError, NO_STREAM } from '../../../src/ledger/event-store';
import { KurrentDbEventStore } from '../../../src/ledger/kurrentdb/kurrentdb-event-store';
import { ctx, play, simulated, writer } from '../../support/cluster-play';
import { WireKurrentDb } from '../../support/wire-kurrentdb/server';
import type { WriteFault } from '../../support/wire-kurrentdb/node';

// The adapter through the real client against the wire-level server, where the server's own
// semantics (metastreams of tombstoned streams, soft deletes, BatchAppend's answers from a node
// that did not handle a write, NotLeader) show what the in-memory fake cannot.

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

const codeOf = (err: unknown) => (err instanceof EventStoreError ? err.code : err);

async function read(client: KurrentDBClient, stream: string) {
  const out = [];
  for await (const e of client.readStream(stream, { requiresLeader: true })) out.push(e);
  return out;
}

describe('KurrentDB adapter over the wire: deleted streams', () => {
  let wire: WireKurrentDb;
  let store: KurrentDbEventStore;
  let admin: KurrentDBClient;
  beforeAll(async () => {
    wire = await WireKurrentDb.start();
    store = KurrentDbEventStore.fromConnectionString({ connectionString: wire.connectionString() });
    admin = KurrentDBClient.connectionString(wire.connectionString());
  });
  afterAll(async () => {
    await store.close();
    await admin.dispose();
    await wire.stop();
  });

  it('verifyLedger reports a tombstoned match stream instead of throwing on its deleted metadata stream', async () => {
    const kept = await play(writer(store), 21, 4);
    const hard = await play(writer(store), 22, 4);
    await admin.tombstoneStream(`match-${hard}`);
    // The server deletes the metadata stream with its stream.
    await expect(admin.getStreamMetadata(`match-${hard}`)).rejects.toBeInstanceOf(
      StreamDeletedError,
    );
    const report = await verifyLedger(store);
    expect(report.ok).toBe(false);
    const breaks = report.breaks.filter((b) => b.streamId === `match-${hard}`);
    expect(breaks.map((b) => b.message).join(' ')).toMatch(/tombstoned/);
    expect(report.breaks.some((b) => b.streamId === `match-${kept}`)).toBe(false);
  });

  it('writes the correlation and causation ids under the names KurrentDB tooling reads', async () => {
    const id = await play(writer(store), 25, 2);
    const [first] = await read(admin, `match-${id}`);
    const meta = first.event?.metadata as Record<string, unknown>;
    expect(meta).toMatchObject({ $correlationId: 'cluster-spec', $causationId: null });
    expect(meta).not.toHaveProperty('correlationId');
    const [mine] = await store.readStream(`match-${id}`, { maxCount: 1 });
    expect(mine.metadata).toMatchObject({ correlationId: 'cluster-spec', causationId: null });
  });

  it('soft delete: the stream reads as missing, and NO_STREAM recreates it after its last event', async () => {
    // Outside the ledger's prefixes: the raw event below is no match event.
    const stream = `wire-${crypto.randomUUID()}`;
    const event = () =>
      ({ id: crypto.randomUUID(), type: 'A', contentType: 'application/json', data: {} }) as never;
    await admin.appendToStream(stream, [event(), event(), event()]);
    const before = [0, 1, 2];
    await admin.deleteStream(stream);
    await expect(read(admin, stream)).rejects.toBeInstanceOf(StreamNotFoundError);
    const meta = await admin.getStreamMetadata(stream);
    expect(meta.metadata?.truncateBefore).toBeGreaterThan(2 ** 62);
    const again = await admin.appendToStream(stream, [event()], { streamState: 'no_stream' });
    expect(again.nextExpectedRevision).toBe(BigInt(before.length));
    expect((await read(admin, stream)).map((e) => e.event?.revision)).toEqual([
      BigInt(before.length),
    ]);
  });

  it('a replica with the stream cached refuses to write onto a soft-deleted stream: nothing lands, it stays deleted', async () => {
    const w = writer(store);
    const id = await play(w, 24, 4);
    const stream = `match-${id}`;
    await admin.deleteStream(stream);
    const next = simulated(24).commands[4];
    await expect(w.handle(id, next, ctx('after-soft-delete')).catch(codeOf)).resolves.toBe(
      'STREAM_TRUNCATED',
    );
    await expect(read(admin, stream)).rejects.toBeInstanceOf(StreamNotFoundError);
    expect((await admin.getStreamMetadata(stream)).metadata?.truncateBefore).toBeGreaterThan(
      2 ** 62,
    );
  });
  it('does not recreate a soft-deleted stream with NO_STREAM or ANY, which would continue its old revisions', async () => {
    const id = await play(writer(store), 26, 2);
    const stream = `match-${id}`;
    await admin.deleteStream(stream);
    const fresh = (n: number) => ({
      eventId: crypto.randomUUID(),
      type: 'A',
      data: { n },
      metadata: {},
    });
    for (const expected of [NO_STREAM, ANY] as const)
      await expect(store.append(stream, [fresh(1)], expected).catch(codeOf)).resolves.toBe(
        'STREAM_TRUNCATED',
      );
    await expect(read(admin, stream)).rejects.toBeInstanceOf(StreamNotFoundError);
  });
});

describe('KurrentDB adapter over the wire: writes during a leader change', () => {
  let wire: WireKurrentDb;
  let store: KurrentDbEventStore;
  beforeEach(async () => {
    wire = await WireKurrentDb.start({ nodes: 3 });
    store = KurrentDbEventStore.fromConnectionString({ connectionString: wire.connectionString() });
  });
  afterEach(async () => {
    await store.close();
    await wire.stop();
  });

  const landed = async (id: string) => (await store.readStream(`match-${id}`)).length;
  // The events a command wrote, and that no event id is stored twice.
  const written = async (id: string, commandId: string) => {
    const events = await store.readStream(`match-${id}`);
    expect(new Set(events.map((e) => e.eventId)).size).toBe(events.length);
    return events.filter((e) => (e.metadata as { commandId?: string }).commandId === commandId)
      .length;
  };

  it('retries once on the new leader when the demoted one answers NotLeader: the write lands once', async () => {
    const w = writer(store);
    const id = await play(w, 31, 4);
    const before = await landed(id);
    wire.elect(1);
    await play(w, 31, 6, 4);
    expect(await landed(id)).toBe(
      before + (await written(id, '31-4')) + (await written(id, '31-5')),
    );
    expect(await written(id, '31-4')).toBeGreaterThan(0);
    const appends = (n: number) => wire.nodes[n].calls.filter((c) => /Append/.test(c.path));
    expect(appends(1).length).toBeGreaterThan(0);
  });

  it.each<WriteFault>(['no-leader', 'not-ready', 'too-busy'])(
    'retries once a write the node did not handle (%s) and it lands once',
    async (fault) => {
      const w = writer(store);
      const id = await play(w, 32, 3);
      const before = await landed(id);
      wire.nodes[0].failNextWrite(fault);
      await play(w, 32, 4, 3);
      const mine = await written(id, '32-3');
      expect(mine).toBeGreaterThan(0);
      expect(await landed(id)).toBe(before + mine);
    },
  );

  it('a write refused twice surfaces UNAVAILABLE, never a raw client error, and nothing lands', async () => {
    const w = writer(store);
    const id = await play(w, 33, 3);
    const before = await landed(id);
    wire.nodes[0].failNextWrite('no-leader', 2);
    const next = simulated(33).commands[3];
    await expect(w.handle(id, next, ctx('refused')).catch(codeOf)).resolves.toBe('UNAVAILABLE');
    expect(await landed(id)).toBe(before);
  });

  it('never retries a write that may have landed (the connection dropped after it): UNAVAILABLE, and the retried command is acknowledged once', async () => {
    const w = writer(store);
    const id = await play(w, 34, 3);
    const before = await landed(id);
    wire.nodes[0].failNextWrite('drop-after');
    const next = simulated(34).commands[3];
    await expect(w.handle(id, next, ctx('34-3')).catch(codeOf)).resolves.toBe('UNAVAILABLE');
    const mine = await written(id, '34-3');
    expect(mine).toBeGreaterThan(0);
    expect(await landed(id)).toBe(before + mine);
    await w.handle(id, next, ctx('34-3'));
    expect(await landed(id)).toBe(before + mine);
  });

  it('cannot tell a connection dropped before the write from one dropped after: UNAVAILABLE, nothing resent, and the retried command lands once', async () => {
    const w = writer(store);
    const id = await play(w, 35, 3);
    const before = await landed(id);
    wire.nodes[0].failNextWrite('drop-before');
    const next = simulated(35).commands[3];
    await expect(w.handle(id, next, ctx('35-3')).catch(codeOf)).resolves.toBe('UNAVAILABLE');
    expect(await landed(id)).toBe(before);
    await w.handle(id, next, ctx('35-3'));
    expect(await landed(id)).toBe(before + (await written(id, '35-3')));
  });

  it('two replicas with concurrent writers through leader changes and an election: every acknowledged command is stored once, and every failure is a typed one', async () => {
    const other = KurrentDbEventStore.fromConnectionString({
      connectionString: wire.connectionString(),
    });
    const acknowledged: { seed: number; commandId: string }[] = [];
    const failures: unknown[] = [];
    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
    // Each writer retries a failed command with the same id, as a client does.
    const run = async (replica: KurrentDbEventStore, seed: number) => {
      const w = writer(replica);
      const sim = simulated(seed);
      for (const [i, command] of sim.commands.slice(0, 8).entries()) {
        const commandId = `${seed}-${i}`;
        for (let attempt = 0; ; attempt++) {
          try {
            if (i === 0) await w.schedule(command as never, ctx(commandId));
            else await w.handle(sim.state.id, command, ctx(commandId));
            acknowledged.push({ seed, commandId });
            break;
          } catch (err) {
            failures.push(err);
            if (attempt === 3) return;
            await pause(50);
          }
        }
      }
    };
    let done = false;
    const writers = Promise.all(
      [40, 41, 42, 43, 44, 45, 46, 47].map((seed, i) => run(i % 2 ? other : store, seed)),
    ).finally(() => (done = true));
    const after = (n: number) => until(() => done || acknowledged.length >= n);
    await after(8);
    wire.elect(1);
    await after(24);
    wire.startElection();
    await pause(60);
    wire.elect(2);
    await writers;
    await other.close();
    expect(failures.filter((f) => !(f instanceof EventStoreError))).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(24);
    for (const { seed, commandId } of acknowledged)
      expect(await written(simulated(seed).state.id, commandId)).toBeGreaterThan(0);
  });
});
