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

async function until<T>(read: () => T, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
}

// Subscriptions over a real WebSocket (graphql-ws + ws) against the real server and SQLite ledger.
describe('live: subscriptions over graphql-ws', () => {
  let server: TestServer;
  let admin: LedgerClient;
  let scorer: LedgerClient;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    server = await startServer(undefined, {
      LEDGER_LIVE_QUEUE_LIMIT: '5',
      LEDGER_LIVE_MAX_SUBSCRIPTIONS: '30',
      LEDGER_LIVE_MAX_CONNECTIONS: '4',
    });
    admin = new LedgerClient(server, 'ADMIN', 'admin-1');
    scorer = new LedgerClient(server, 'SCORER', 'scorer-1');
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) await c.client.dispose();
    await until(
      () => server.app.get(LiveHub).stats().subscriptions,
      (s) => s === 0,
    );
  });
  afterAll(async () => {
    await server.close();
    removeDir(server.dataDir);
  });

  // Each test starts with no subscription open (afterEach waits for them to close).
  const subscribed = (n: number) =>
    until(
      () => server.app.get(LiveHub).stats().subscriptions,
      (s) => s >= n,
    );

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
    await subscribed(1);
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

  it('a resubscription after a cursor replays what followed it, then goes live: no gap, no duplicate', async () => {
    const matchId = await readyToBreak();
    const { client } = connect();
    const reference = collect(client, MATCH_UPDATED, { id: matchId });
    await subscribed(1);
    const shot = await breakShot(matchId);
    const seen = await reference.until(shot.events.length);
    const resumeAt = seen[1].cursor;
    // Writes race the resubscription: some land before its replay is read, some after.
    const writes = (async () => {
      for (const ball of [5, 6, 7, 2, 4]) await call(matchId, ball);
    })();
    const { client: again } = connect();
    const resumed = collect(again, MATCH_UPDATED, { id: matchId, after: resumeAt });
    await writes;
    const total = shot.events.length + 5;
    const all = await reference.until(total);
    const tail = await resumed.until(total - 2);
    await new Promise((r) => setTimeout(r, 300));
    expect(resumed.items.map((i) => i.cursor)).toEqual(all.slice(2).map((i) => i.cursor));
    // The replayed states are the states the live subscriber saw.
    expect(tail.map((i) => i.match)).toEqual(all.slice(2).map((i) => i.match));
    expect(resumed.errors).toEqual([]);
  });

  it('after: "0" replays the whole match from the audit index with the state after each event', async () => {
    const matchId = await readyToBreak();
    await breakShot(matchId);
    const record = await admin.match(matchId);
    const { client } = connect();
    const replay = collect(client, MATCH_UPDATED, { id: matchId, after: '0' });
    const items = await replay.until(record.revision + 1);
    expect(items.map((i) => i.event.revision)).toEqual(
      Array.from({ length: record.revision + 1 }, (_, i) => i),
    );
    expect(items.map((i) => i.match.revision)).toEqual(items.map((i) => i.event.revision));
    expect(items[items.length - 1].match.currentGame).toEqual(
      expect.objectContaining({ shooter: record.currentGame.shooter }),
    );
  });

  it('ledgerFeed filters by event type across matches; resultChanged carries no shot', async () => {
    const { client } = connect();
    const feed = collect(
      client,
      `subscription { ledgerFeed(filter: { types: ["ShotCalled"] }) { cursor matchId event { type } } }`,
    );
    const results = collect(client, `subscription { resultChanged { kind matchId } }`);
    await subscribed(2);
    const a = await readyToBreak();
    const b = await readyToBreak();
    await breakShot(a);
    await breakShot(b);
    await call(a, 5);
    await call(b, 6);
    const items = await feed.until(2);
    expect(items.map((i) => [i.matchId, i.event.type])).toEqual([
      [a, 'ShotCalled'],
      [b, 'ShotCalled'],
    ]);
    expect(results.items).toEqual([]);
  });

  it('refuses a cursor that is not a ledger position with BAD_USER_INPUT', async () => {
    const { client } = connect();
    const bad = collect(client, MATCH_UPDATED, { id: 'x', after: 'yesterday' });
    await bad.until(1).catch(() => undefined);
    expect(JSON.stringify(bad.errors)).toContain('BAD_USER_INPUT');
  });

  it('refuses an invalid token at connect time with 4401 and a reason; a valid one is accepted', async () => {
    const refused = connect({ connectionParams: { authorization: 'Bearer abc.def.ghi' } });
    const closed = await refused.closed;
    expect(closed.code).toBe(4401);
    expect(closed.reason).toMatch(/not valid/);
    const ok = connect({
      connectionParams: { authorization: `Bearer ${testTokens.issue('SCORER', 'scorer-1')}` },
    });
    await ok.connected;
  });

  it('refuses a subscription document past the token cap (GRAPHQL_PARSE_FAILED), as over HTTP', async () => {
    const { client, connected } = connect();
    await connected;
    const aliases = Array.from({ length: 1400 }, (_, i) => `a${i}: __typename`).join(' ');
    const huge = collect(client, `subscription { ${aliases} }`, {});
    await huge.until(1).catch(() => undefined);
    expect(JSON.stringify(huge.errors)).toContain('GRAPHQL_PARSE_FAILED');
    expect(JSON.stringify(huge.errors)).toContain('4000 tokens');
    client.dispose();
  });

  it('caps subscriptions per connection and connections per server', async () => {
    const { client, connected } = connect();
    await connected;
    const subs = Array.from({ length: 31 }, () => collect(client, MATCH_UPDATED, { id: 'm-any' }));
    await subs[30].until(1).catch(() => undefined);
    expect(JSON.stringify(subs[30].errors)).toContain('TOO_MANY_SUBSCRIPTIONS');
    expect(subs.slice(0, 30).every((s) => s.errors.length === 0)).toBe(true);
    // Three more fill the server's four connections; a fifth is closed with a reason.
    const more = [connect(), connect(), connect()];
    await Promise.all(more.map((c) => c.connected));
    const fifth = connect();
    const closed = await fifth.closed;
    expect(closed.code).toBe(4503);
    expect(closed.reason).toMatch(/Too many connections/);
  });

  it('drops a slow consumer with 4420 and a reason; its queue never exceeds the limit', async () => {
    const matchId = await readyToBreak();
    await breakShot(matchId);
    const hub = server.app.get(LiveHub);
    const slow = connect();
    await slow.connected;
    // Large updates (aliases repeat the match) fill the socket buffers in a few writes.
    const copies = Array.from(
      { length: 20 },
      (_, i) =>
        `m${i}: match { id status players { id name score } currentGame { shooter ballsOnTable pocketed } }`,
    ).join(' ');
    const heavy = `subscription($id: ID!) { matchUpdated(matchId: $id) { cursor
      event { eventId streamId type data metadata { recordedBy role recordedAt commandId correlationId } } ${copies} } }`;
    // Thirty subscriptions on one connection: every write sends thirty updates down it.
    for (let i = 0; i < 30; i++) collect(slow.client, heavy, { id: matchId });
    const before = await subscribed(30);
    // The client stops reading its socket: the server's send buffers fill, then its queues.
    slow.socket()!.pause();
    let writes = 0;
    while (hub.stats().subscriptions > before - 30 && writes < 300) {
      await call(matchId, [2, 4, 5, 6, 7][writes % 5]);
      writes += 1;
      expect(hub.stats().maxQueued).toBeLessThanOrEqual(5);
    }
    expect(hub.stats().subscriptions).toBe(before - 30);
    slow.socket()!.resume();
    const closed = await slow.closed;
    expect(closed.code).toBe(4420);
    expect(closed.reason).toMatch(/Slow consumer/);
  });
});
