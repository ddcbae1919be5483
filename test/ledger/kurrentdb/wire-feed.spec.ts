import { KurrentDBClient, START, streamNameFilter } from '@kurrent/kurrentdb-client';
import { EventStoreError } from '../../../src/ledger/event-store';
import { KurrentDbEventStore } from '../../../src/ledger/kurrentdb/kurrentdb-event-store';
import { MatchProjector } from '../../../src/projections/match-projector';
import { ReadModel } from '../../../src/projections/read-model';
import { play, writer } from '../../support/cluster-play';
import { WireKurrentDb } from '../../support/wire-kurrentdb/server';

// The global feed through the real client's subscriptions, against the wire-level server.

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('KurrentDB feed over the wire', () => {
  let wire: WireKurrentDb;
  beforeEach(async () => {
    wire = await WireKurrentDb.start({ nodes: 3 });
  });
  afterEach(() => wire.stop());

  it('keeps a replica following through dropped connections and a leader change, with no gap or duplicate', async () => {
    const store = KurrentDbEventStore.fromConnectionString({
      connectionString: wire.connectionString(),
    });
    const views = new ReadModel(':memory:');
    const errors: unknown[] = [];
    const follower = new MatchProjector(store, views, {
      retryDelayMs: 5,
      onError: (e) => errors.push(e),
    });
    follower.follow();
    const w = writer(store);
    const version = async (id: string) => (await store.readStream(`match-${id}`)).length;
    const first = await play(w, 51, 5);
    const firstVersion = await version(first);
    await until(() => views.match(first)?.version === firstVersion);
    wire.dropConnections();
    await until(() => errors.length > 0);
    expect(errors.every((e) => e instanceof EventStoreError && e.code === 'UNAVAILABLE')).toBe(
      true,
    );
    wire.elect(2);
    const second = await play(w, 52, 7);
    const secondVersion = await version(second);
    await until(() => views.match(second)?.version === secondVersion);
    await follower.stopFollowing();
    const rebuilt = new ReadModel(':memory:');
    await new MatchProjector(store, rebuilt).catchUp();
    expect(views.match(first)).toEqual(rebuilt.match(first));
    expect(views.match(second)).toEqual(rebuilt.match(second));
    await store.close();
  });

  it('sends filtered subscriptions their checkpoints while it searches the log', async () => {
    const client = KurrentDBClient.connectionString(wire.connectionString());
    const store = KurrentDbEventStore.fromConnectionString({
      connectionString: wire.connectionString(),
    });
    await play(writer(store), 53, 6);
    const checkpoints: bigint[] = [];
    const sub = client.subscribeToAll({
      fromPosition: START,
      filter: streamNameFilter({
        prefixes: ['no-such-stream-'],
        maxSearchWindow: 2,
        checkpointInterval: 1,
        checkpointReached: (_s, p) => void checkpoints.push(p.commit),
      }),
    });
    const reading = (async () => {
      for await (const e of sub) void e;
    })();
    await until(() => checkpoints.length >= 2);
    expect([...checkpoints].sort((a, b) => (a < b ? -1 : 1))).toEqual(checkpoints);
    await sub.unsubscribe();
    await reading;
    await client.dispose();
    await store.close();
  });
});
