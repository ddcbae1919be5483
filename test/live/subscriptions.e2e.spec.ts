import { LiveHub } from '../../src/live/live-hub';
import { collect, liveClient, type LiveClient } from '../support/live-client';
import { LedgerClient } from '../support/ledger-client';
import { removeDir, startServer, testTokens, type TestServer } from '../support/server';

const PLAYERS = [
  { id: 'ana', name: 'Ana' },
  { id: 'bruno', name: 'Bruno' },
];

const MATCH_UPDATED = `subscription($id: ID!, $after: String) {
  matchUpdated(matchId: $id, after: $after) {
    cursor matchId event { type revision gameNumber } ruling { rules turn }
    match { revision status currentGame { shooter ballsOnTable } } } }`;

// Subscriptions over a real WebSocket (graphql-ws + ws) against the real server and SQLite ledger.
describe('live: subscriptions over graphql-ws', () => {
  let server: TestServer;
  let admin: LedgerClient;
  let scorer: LedgerClient;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    server = await startServer(undefined, {
      LEDGER_LIVE_QUEUE_LIMIT: '5',
      LEDGER_LIVE_MAX_SUBSCRIPTIONS: '3',
      LEDGER_LIVE_MAX_CONNECTIONS: '4',
    });
    admin = new LedgerClient(server, 'ADMIN', 'admin-1');
    scorer = new LedgerClient(server, 'SCORER', 'scorer-1');
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) await c.client.dispose();
  });
  afterAll(async () => {
    await server.close();
    removeDir(server.dataDir);
  });

  const connect = (opts?: Parameters<typeof liveClient>[1]) => {
    const c = liveClient(server.url, opts);
    clients.push(c);
    return c;
  };

  // A match at the break: ana to break.
  async function readyToBreak(): Promise<string> {
    const s = await admin.scheduleMatch({ raceTo: 2, players: PLAYERS });
    await admin.assignOfficials({ matchId: s.matchId, scorers: ['scorer-1'], referees: [] });
    await scorer.decideBreakOrder({ matchId: s.matchId, method: 'LAG', winner: 'ana' });
    await scorer.chooseOption({ matchId: s.matchId, player: 'ana', option: 'BREAK' });
    return s.matchId as string;
  }

  const breakShot = (matchId: string) =>
    scorer.recordShot({
      matchId,
      shooter: 'ana',
      firstContact: 1,
      objectBallsDrivenToRail: 4,
      pocketed: [{ ball: 3, pocket: 'FR' }],
    });
  const call = (matchId: string, ball: number) =>
    scorer.callShot({ matchId, player: 'ana', ball, pocket: 'SL' });

  it('an update arrives for each event written, with its ruling and the match after it', async () => {
    const matchId = await readyToBreak();
    const { client } = connect();
    const sub = collect(client, MATCH_UPDATED, { id: matchId });
    await new Promise((r) => setTimeout(r, 200));
    const shot = await breakShot(matchId);
    const called = await call(matchId, 5);
    const written = [...shot.events, ...called.events];
    const items = await sub.until(written.length);
    expect(items.map((i) => [i.event.type, i.event.revision])).toEqual(
      written.map((e: any) => [e.type, e.revision]),
    );
    const adjudicated = items.find((i) => i.event.type === 'ShotAdjudicated')!;
    expect(adjudicated.ruling).toEqual({ rules: shot.ruling.rules, turn: shot.ruling.turn });
    expect(items[items.length - 1].match.revision).toBe(called.revision);
    // Cursors are ledger positions in increasing order.
    const cursors = items.map((i) => BigInt(i.cursor));
    expect([...cursors].sort((a, b) => (a < b ? -1 : 1))).toEqual(cursors);
  });
});
