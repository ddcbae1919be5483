import { LEDGER_STREAM_PREFIXES } from '../../../src/ledger/envelope';
import { NO_STREAM } from '../../../src/ledger/event-store';
import { KurrentDbEventStore } from '../../../src/ledger/kurrentdb/kurrentdb-event-store';
import { competitionStream, playerStream } from '../../../src/registry/registry-streams';
import { FakeKurrentDbClient } from '../../support/fake-kurrentdb-client';

// The global feed on KurrentDB is filtered by stream prefix: a stream kind left out of the list
// would never reach the read model of a server running on KurrentDB.
describe('KurrentDB global feed: every stream the ledger writes', () => {
  it('carries match, player and competition streams, and nothing else of $all', async () => {
    const cluster = new FakeKurrentDbClient();
    const store = new KurrentDbEventStore(cluster.asClient());
    const event = (id: string) => ({ eventId: id, type: 'Noted', data: {}, metadata: {} });
    await store.append('match-m1', [event('00000000-0000-4000-8000-000000000001')], NO_STREAM);
    await store.append(
      playerStream('L-1'),
      [event('00000000-0000-4000-8000-000000000002')],
      NO_STREAM,
    );
    await store.append(
      competitionStream('c-1'),
      [event('00000000-0000-4000-8000-000000000003')],
      NO_STREAM,
    );
    await store.append('other-x', [event('00000000-0000-4000-8000-000000000004')], NO_STREAM);

    const feed = (await store.readAll()).map((e) => e.streamId);
    expect(feed).toEqual(['match-m1', 'player-L-1', 'competition-c-1']);
    expect(LEDGER_STREAM_PREFIXES).toEqual(['match-', 'player-', 'competition-']);
  });
});
