import { verifyLedger } from '../../../src/ledger/ledger-verifier';
import { EventStoreError, NO_STREAM, type EventStore } from '../../../src/ledger/event-store';
import { KurrentDbEventStore } from '../../../src/ledger/kurrentdb/kurrentdb-event-store';
import { MatchProjector } from '../../../src/projections/match-projector';
import { ReadModel } from '../../../src/projections/read-model';
import { FakeKurrentDbClient } from '../../support/fake-kurrentdb-client';
import { ctx, play, simulated, writer } from '../../support/cluster-play';

const codeOf = (err: unknown) => (err instanceof EventStoreError ? err.code : err);

describe('KurrentDB adapter in a cluster (over a fake that behaves like the server)', () => {
  it('reads and appends on the write path from the leader: a lagging node never decides a command', async () => {
    const cluster = new FakeKurrentDbClient();
    const store = new KurrentDbEventStore(cluster.asClient());
    // A demoted leader that stays up serves reads it has not caught up on.
    cluster.followerLag = 1_000;
    const id = await play(writer(store), 3);
    expect((await store.readStream(`match-${id}`)).length).toBeGreaterThan(5);
    const writePath = cluster.calls.filter(
      (c) => c.op === 'readStream' || c.op === 'appendToStream',
    );
    expect(writePath.length).toBeGreaterThan(0);
    expect(writePath.every((c) => c.requiresLeader)).toBe(true);
  });

  it('refuses the same command id with another payload sent to two replicas (IDEMPOTENCY_KEY_REUSED)', async () => {
    const cluster = new FakeKurrentDbClient();
    const a = new KurrentDbEventStore(cluster.asClient());
    const id = await play(writer(a), 4, 4);
    const stream = `match-${id}`;
    const before = await a.readStream(stream);
    // Replica B read the stream before replica A's write landed.
    const b = new KurrentDbEventStore(cluster.asClient());
    let stale = true;
    const staleB: EventStore = {
      append: (s, e, x) => b.append(s, e, x),
      readAll: (o) => b.readAll(o),
      close: () => b.close(),
      readStream: async (s, o) => (stale ? ((stale = false), before) : b.readStream(s, o)),
    };
    const sim = simulated(4);
    const next = sim.commands[4];
    await writer(a).handle(id, next, ctx('same-id'));
    // Same command id, other payload (another actor: the command hash differs), same head.
    await expect(
      writer(staleB).handle(id, next, { ...ctx('same-id'), actor: 'scorer-2' }),
    ).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect((await a.readStream(stream)).length).toBe(before.length + 1);
  });

  it('acknowledges a retried NO_STREAM append of the same events, as the server does', async () => {
    const store = new KurrentDbEventStore(new FakeKurrentDbClient().asClient());
    const events = [{ eventId: 'e-1', type: 'A', data: {}, metadata: {} }];
    const first = await store.append('match-retry', events, NO_STREAM);
    const again = await store.append('match-retry', events, NO_STREAM);
    expect(again.events).toEqual(first.events);
    expect(await store.readStream('match-retry')).toHaveLength(1);
  });

  it('refuses to write on a truncated stream (STREAM_TRUNCATED, nothing appended) and verify reports it', async () => {
    const cluster = new FakeKurrentDbClient();
    const store = new KurrentDbEventStore(cluster.asClient());
    const id = await play(writer(store), 5, 6);
    const stream = `match-${id}`;
    await cluster.setStreamMetadata(stream, { truncateBefore: 2 });
    const sim = simulated(5);
    const attempt = writer(store).handle(id, sim.commands[6], ctx('after-truncation'));
    await expect(attempt.catch(codeOf)).resolves.toBe('STREAM_TRUNCATED');
    // $all still holds every event (no scavenge ran): the chain alone would look intact.
    const report = await verifyLedger(store);
    expect(report.ok).toBe(false);
    expect(report.breaks.map((b) => [b.streamId, b.reason])).toEqual([
      [stream, 'STREAM_ALTERED'],
      [stream, 'STREAM_ALTERED'],
    ]);
    expect(report.breaks.map((b) => b.message).join(' ')).toMatch(/truncateBefore=2/);
  });

  it('reports soft-deleted and tombstoned match streams as breaks; writing to a tombstoned one is STREAM_DELETED', async () => {
    const cluster = new FakeKurrentDbClient();
    const store = new KurrentDbEventStore(cluster.asClient());
    const soft = await play(writer(store), 6, 4);
    const hard = await play(writer(store), 7, 4);
    const kept = await play(writer(store), 8, 4);
    await cluster.deleteStream(`match-${soft}`);
    await cluster.tombstoneStream(`match-${hard}`);
    const report = await verifyLedger(store);
    const altered = new Set(report.breaks.map((b) => b.streamId));
    expect(altered).toEqual(new Set([`match-${soft}`, `match-${hard}`]));
    expect(altered.has(`match-${kept}`)).toBe(false);
    expect(report.breaks.find((b) => b.streamId === `match-${hard}`)?.message).toMatch(
      /tombstoned/,
    );
    const sim = simulated(7);
    await expect(
      writer(store).handle(hard, sim.commands[4], ctx('after-tombstone')).catch(codeOf),
    ).resolves.toBe('STREAM_DELETED');
  });

  it('rebuilds a read model kept across a wiped or replaced ledger instead of serving stale views', async () => {
    const views = new ReadModel(':memory:');
    const old = new KurrentDbEventStore(new FakeKurrentDbClient().asClient());
    const oldId = await play(writer(old), 9, 6);
    const onOld = new MatchProjector(old, views);
    await onOld.adoptLedger();
    await onOld.catchUp();
    expect(views.match(oldId)).not.toBeNull();
    expect(await onOld.adoptLedger()).toBe(false);

    const replaced = new KurrentDbEventStore(new FakeKurrentDbClient().asClient());
    const newId = await play(writer(replaced), 10, 5);
    const onNew = new MatchProjector(replaced, views);
    expect(await onNew.adoptLedger()).toBe(true);
    expect(views.match(oldId)).toBeNull();
    await onNew.catchUp();
    expect(views.match(newId)?.version).toBe((await replaced.readStream(`match-${newId}`)).length);

    const wiped = new MatchProjector(
      new KurrentDbEventStore(new FakeKurrentDbClient().asClient()),
      views,
    );
    expect(await wiped.adoptLedger()).toBe(true);
    expect(views.match(newId)).toBeNull();
  });

  it('keeps the live follower going when the server drops the subscription, with no gap or duplicate', async () => {
    const cluster = new FakeKurrentDbClient();
    const store = new KurrentDbEventStore(cluster.asClient());
    const views = new ReadModel(':memory:');
    const errors: unknown[] = [];
    const follower = new MatchProjector(store, views, {
      retryDelayMs: 5,
      onError: (e) => errors.push(e),
    });
    follower.follow();
    const w = writer(store);
    const length = async (id: string) => (await store.readStream(`match-${id}`)).length;
    const first = await play(w, 11, 5);
    const firstLength = await length(first);
    await until(() => views.match(first)?.version === firstLength);
    cluster.dropSubscriptions();
    await until(() => errors.length > 0);
    expect(codeOf(errors[0])).toBe('UNAVAILABLE');
    const second = await play(w, 12, 7);
    const secondLength = await length(second);
    await until(() => views.match(second)?.version === secondLength);
    await follower.stopFollowing();
    const rebuilt = new ReadModel(':memory:');
    await new MatchProjector(store, rebuilt).catchUp();
    expect(views.match(first)).toEqual(rebuilt.match(first));
    expect(views.match(second)).toEqual(rebuilt.match(second));
  });
});

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}
