import { DemoSeeder } from '../../src/demo/seed-demo';
import { demoCompetitions } from '../../src/demo/demo-people';
import { longReads } from '../../src/ledger/slices';
import { MatchCommandService } from '../../src/matches/match-commands.service';
import { ReadModel } from '../../src/projections/read-model';
import { RegistryCommandService } from '../../src/registry/registry-commands.service';
import { LedgerClient } from '../support/ledger-client';
import { collect, liveClient, type LiveClient } from '../support/live-client';
import { countLoopTurns } from '../support/loop-turns';
import { removeDir, startServer, type TestServer } from '../support/server';

const SEED = 3;
const MAXIMUM = 1000;
const COMPETITION = demoCompetitions(SEED)[0].competitionId;
const aliases = (n: number, field: string) =>
  `{ ${Array.from({ length: n }, (_, i) => `a${i}: ${field}`).join(' ')} }`;

// What a graphql-ws client gets for one operation: its payloads, or its errors.
function once(c: LiveClient, query: string, variables: Record<string, unknown> = {}) {
  return new Promise<{ data?: unknown; errors?: any[] }>((resolve) => {
    let data: unknown;
    c.client.subscribe(
      { query, variables },
      {
        next: (v) => {
          if (v.errors) resolve({ errors: [...v.errors] });
          data = v.data;
        },
        error: (e) => resolve({ errors: Array.isArray(e) ? e : [e] }),
        complete: () => resolve({ data }),
      },
    );
  });
}

// One admission path (depth, tokens, complexity, the client's budget) for HTTP and graphql-ws,
// and prices that follow the rows a field reads.
describe('admission: the WebSocket as HTTP, prices that follow the work', () => {
  let server: TestServer;
  let rows: number;
  const clients: LiveClient[] = [];
  const connect = () => {
    const c = liveClient(server.url);
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    // A lower limit than the default 5000, so this small ledger's prices show within the alias cap.
    server = await startServer(undefined, {
      LEDGER_LIVE_MAX_SUBSCRIPTIONS: '25',
      LEDGER_GRAPHQL_MAX_COMPLEXITY: String(MAXIMUM),
    });
    await new DemoSeeder(
      server.app.get(MatchCommandService),
      server.app.get(RegistryCommandService),
    ).run({ players: 8, matches: 6, seed: SEED });
    rows = (await server.gql<{ statsCsv: string }>('{ statsCsv }')).data!.statsCsv.split(
      '\n',
    ).length;
  }, 120_000);
  afterEach(async () => {
    longReads.sliceMs = 2;
    for (const c of clients.splice(0)) await c.client.dispose();
  });
  afterAll(async () => {
    await server.close();
    removeDir(server.dataDir);
  });

  it('20 aliases of a competition export in one WebSocket message are refused as over HTTP', async () => {
    const query = aliases(20, `ledgerExport(competitionId: "${COMPETITION}")`);
    const http = await server.gql(query);
    expect(http.errors?.[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
    const ws = await once(connect(), query);
    expect(ws.data).toBeUndefined();
    expect(ws.errors?.[0]).toMatchObject({
      message: expect.stringMatching(/too complex/),
      extensions: { code: 'QUERY_TOO_COMPLEX', maximum: MAXIMUM },
    });
    // A query within the limits is served over the WebSocket as over HTTP.
    const one = await once(connect(), '{ statsCsv }');
    expect(one.errors).toBeUndefined();
    expect((one.data as { statsCsv: string }).statsCsv.split('\n')).toHaveLength(rows);
  });

  it('a document past the token cap is refused over the WebSocket', async () => {
    const tokens = await once(connect(), aliases(2000, '__typename'));
    expect(tokens.errors?.[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
  });

  it('590 aliases of statsCsv and 300 of standings are refused before validation, over HTTP and WebSocket', async () => {
    for (const query of [
      aliases(590, 'statsCsv'),
      aliases(300, `standings(competitionId: "${COMPETITION}") { played }`),
    ]) {
      const res = await server.gql(query);
      expect(res.status).toBe(400);
      expect(res.errors?.[0]).toMatchObject({
        message: expect.stringMatching(/too many aliases/),
        extensions: { code: 'QUERY_TOO_COMPLEX', maximum: 100 },
      });
      const ws = await once(connect(), query);
      expect(ws.errors?.[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
    }
  });

  it('statsCsv is priced by the rows it aggregates', async () => {
    const res = await server.gql(aliases(60, 'statsCsv'));
    // 10 points each plus one per player-match row (two a match).
    expect(res.errors?.[0].extensions).toMatchObject({
      code: 'QUERY_TOO_COMPLEX',
      complexity: 60 * (10 + 6 * 2),
    });
    expect(rows).toBeGreaterThan(2);
  });

  it('standings and standingsCsv are priced by the matches of the competition', async () => {
    const matches = (
      await server.gql<{ standings: { played: number }[] }>(
        `{ standings(competitionId: "${COMPETITION}") { played } }`,
      )
    ).data!.standings.reduce((n, r) => n + r.played, 0);
    expect(matches).toBeGreaterThan(0);
    for (const [field, selection] of [
      ['standings', ' { played }'],
      ['standingsCsv', ''],
    ]) {
      const res = await server.gql(
        aliases(95, `${field}(competitionId: "${COMPETITION}")${selection}`),
      );
      // Each alias: 10, plus one per match of the competition (each played by two), plus its selection.
      expect(res.errors?.[0].extensions).toMatchObject({
        code: 'QUERY_TOO_COMPLEX',
        complexity: 95 * (10 + matches / 2 + (selection ? 1 : 0)),
      });
    }
  });

  it('a WebSocket message larger than the HTTP body cap (100 kB) closes the connection', async () => {
    const c = connect();
    await c.connected;
    const padded = (n: number) => `{ __typename }\n#${'x'.repeat(n)}`;
    const big = once(c, padded(150_000));
    const closed = await c.closed;
    expect(closed.code).toBe(1009);
    await expect(Promise.race([big, Promise.resolve('pending')])).resolves.not.toHaveProperty(
      'data.__typename',
    );
    // Just under the cap is served.
    const ok = await once(connect(), padded(90_000));
    expect(ok.data).toEqual({ __typename: 'Query' });
  });

  it('20 ledgerFeed(after: "0") on one connection replay one slice per turn, and a write is served between slices', async () => {
    // A zero-length slice makes every replayed item wait for a turn of its own, whatever the
    // machine's speed: the count of turns does not depend on a clock.
    longReads.sliceMs = 0;
    const c = connect();
    await c.connected;
    const events = matchEvents(server);
    const turns = countLoopTurns();
    const slicesBefore = longReads.slices;
    const feeds = Array.from({ length: 20 }, () =>
      collect(c.client, 'subscription { ledgerFeed(after: "0") { cursor } }'),
    );
    await feeds[0].until(5);
    // A writer while the replays run: answered before they end.
    const admin = new LedgerClient(server, 'ADMIN', 'admin-1');
    const written = await admin.scheduleMatch({
      raceTo: 2,
      players: [
        { id: 'w1', name: 'W One' },
        { id: 'w2', name: 'W Two' },
      ],
    });
    expect(written.matchId).toBeDefined();
    const replayedWhenWritten = feeds.reduce((n, f) => n + f.items.length, 0);
    // The write was answered while the replays had most of the ledger still to send.
    expect(replayedWhenWritten).toBeLessThan((20 * events) / 2);
    await Promise.all(feeds.map((f) => f.until(100, 60_000)));
    turns.stop();
    // Items received so far; the server produced at least as many, each in a slice of its own.
    const replayed = feeds.reduce((n, f) => n + f.items.length, 0);
    expect(replayed).toBeGreaterThanOrEqual(20 * 100);
    // Every replayed item had a slice of its own, each on its own turn of the event loop.
    expect(longReads.slices - slicesBefore).toBeGreaterThanOrEqual(replayed);
    expect(turns.count()).toBeGreaterThanOrEqual(replayed);
  }, 120_000);
});

const matchEvents = (server: TestServer): number =>
  server.app
    .get(ReadModel)
    .database.prepare('SELECT count(*) FROM audit_events WHERE match_id IS NOT NULL')
    .pluck()
    .get() as number;

describe('admission: the client budget over the WebSocket', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(undefined, { LEDGER_RATE_COST_LIMIT: '400' });
    await new DemoSeeder(
      server.app.get(MatchCommandService),
      server.app.get(RegistryCommandService),
    ).run({ players: 4, matches: 3, seed: SEED });
  }, 120_000);
  afterAll(async () => {
    await server.close();
    removeDir(server.dataDir);
  });

  it('a replay is charged per event: past the budget it ends with RATE_LIMITED, and the next operation is refused', async () => {
    expect(matchEvents(server)).toBeGreaterThan(400);
    const c = liveClient(server.url);
    try {
      const feed = collect(c.client, 'subscription { ledgerFeed(after: "0") { cursor } }');
      // Resolves at the first error.
      await feed.until(1_000_000, 30_000);
      expect(feed.items.length).toBeLessThan(400);
      expect(feed.errors[0]).toMatchObject([{ extensions: { code: 'RATE_LIMITED' } }]);
      // What the replay spent stays spent: an operation of 500 points no longer fits.
      const next = await once(c, `{ ledgerExport(competitionId: "${COMPETITION}") }`);
      expect(next.errors?.[0].extensions.code).toBe('RATE_LIMITED');
    } finally {
      await c.client.dispose();
    }
  });
});
