import { EVENT_STORE, type EventStore } from '../../src/ledger/event-store';
import { MatchProjector } from '../../src/projections/match-projector';
import { legacyLines, loadLegacyLedger } from '../support/legacy-ledger';
import { collect, liveClient, type LiveClient } from '../support/live-client';
import { removeDir, startServer, type TestServer } from '../support/server';
import { waitFor } from '../support/webhook-receiver';
import { LiveHub } from '../../src/live/live-hub';

const RESULTS = `subscription($after: String) { resultChanged(after: $after) {
  cursor kind matchId gameNumber winner event { type } } }`;
const FEED = `subscription($f: LedgerFeedFilter, $after: String) { ledgerFeed(filter: $f, after: $after) {
  cursor matchId event { type } } }`;

// Real results: the ledger recorded by older code (games, matches, appeals, a sign-off) written
// into the store of a running server, which projects it and announces it to its subscribers.
describe('live: results and the filtered feed, live and replayed', () => {
  let server: TestServer;
  let store: EventStore;
  const clients: LiveClient[] = [];
  const lines = legacyLines();
  const expected = lines.filter((l) =>
    ['GameEnded', 'MatchEnded', 'MatchSignedOff', 'AppealDecided'].includes(l.type),
  );

  beforeAll(async () => {
    server = await startServer();
    store = server.app.get<EventStore>(EVENT_STORE);
  });
  afterAll(async () => {
    for (const c of clients) await c.client.dispose();
    await server.close();
    removeDir(server.dataDir);
  });

  // Opens a subscription and waits until the server holds it.
  const open = async (...args: Parameters<typeof collect>) => {
    const hub = server.app.get(LiveHub);
    const before = hub.stats().subscriptions;
    const sub = collect(...args);
    await waitFor(() => hub.stats().subscriptions > before);
    return sub;
  };

  const connect = () => {
    const c = liveClient(server.url);
    clients.push(c);
    return c;
  };

  it('resultChanged announces every game and match won, sign-off and appeal decided, then replays the same', async () => {
    const live = connect();
    await live.connected;
    const results = await open(live.client, RESULTS);
    await loadLegacyLedger(store);
    await server.app.get(MatchProjector).catchUp();
    const items = await results.until(expected.length);
    expect(items.map((i) => i.event.type)).toEqual(expected.map((l) => l.type));
    const kinds = (t: string) => items.filter((i) => i.kind === t).length;
    expect([
      kinds('GAME_WON'),
      kinds('MATCH_WON'),
      kinds('MATCH_SIGNED_OFF'),
      kinds('APPEAL_DECIDED'),
    ]).toEqual([45, 21, 1, 3]);
    expect(items.filter((i) => i.kind === 'GAME_WON').every((i) => i.winner && i.gameNumber)).toBe(
      true,
    );

    const again = connect();
    const replayed = collect(again.client, RESULTS, { after: '0' });
    expect(await replayed.until(expected.length)).toEqual(items);
  });

  it('ledgerFeed keeps only the matches of a competition and table, live and replayed', async () => {
    const c = connect();
    await c.connected;
    const feed = await open(c.client, FEED, { f: { competitionId: 'cup-2026', tableNumber: 4 } });
    // A match scheduled at table 4 of a registered competition (fields absent from older events).
    const scheduled = lines.find((l) => l.type === 'MatchScheduled')!;
    const data = {
      ...(scheduled.data as object),
      matchId: 'cup-final',
      competitionId: 'cup-2026',
      tableNumber: 4,
    };
    const other = { ...data, matchId: 'cup-semi', tableNumber: 5 };
    await store.append(
      'match-cup-final',
      [{ ...scheduled, eventId: 'e-cup-final', data }],
      'no_stream',
    );
    await store.append(
      'match-cup-semi',
      [{ ...scheduled, eventId: 'e-cup-semi', data: other }],
      'no_stream',
    );
    await server.app.get(MatchProjector).catchUp();
    const items = await feed.until(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(feed.items.map((i) => i.matchId)).toEqual(['cup-final']);
    const replay = collect(c.client, FEED, { f: { competitionId: 'cup-2026' }, after: '0' });
    const replayed = await replay.until(2);
    expect(replayed.map((i) => i.matchId)).toEqual(['cup-final', 'cup-semi']);
    expect(replayed[0].cursor).toBe(items[0].cursor);
  });
});
