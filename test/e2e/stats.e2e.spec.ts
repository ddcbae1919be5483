import { LedgerClient, type Result } from '../support/ledger-client';
import { removeDir, startServer, type TestServer } from '../support/server';

// A small 9-ball round robin played over GraphQL, then its stats read back over GraphQL: player
// figures with filters, head to head, a match's sheet, a paged leaderboard and the CSV.
describe('stats over GraphQL', () => {
  let server: TestServer;
  let admin: LedgerClient;
  let scorer: LedgerClient;
  const ids: Record<string, string> = {};

  async function schedule(a: string, b: string): Promise<string> {
    const r = await admin.scheduleMatch({
      discipline: 'NINE_BALL',
      ruleProfile: 'WPA',
      raceTo: 1,
      breakOrder: 'WINNER',
      refereePresent: true,
      players: [
        { id: a, name: a[0].toUpperCase() + a.slice(1) },
        { id: b, name: b[0].toUpperCase() + b.slice(1) },
      ],
    });
    await admin.assignOfficials({ matchId: r.matchId, scorers: ['scorer-1'], referees: [] });
    await scorer.decideBreakOrder({ matchId: r.matchId, method: 'COIN_TOSS', winner: a });
    await scorer.chooseOption({ matchId: r.matchId, player: a, option: 'BREAK' });
    return r.matchId;
  }

  const shot = (matchId: string, shooter: string, facts: Record<string, unknown>) =>
    scorer.recordShot({ matchId, shooter, ...facts });
  const breakShot = (matchId: string, shooter: string, pocketed: number[]) =>
    shot(matchId, shooter, {
      firstContact: 1,
      objectBallsDrivenToRail: 5,
      pocketed: pocketed.map((ball) => ({ ball, pocket: 'FL' })),
      railContactsAfterFirstContact: [{ ball: 0 }],
    });
  async function run(matchId: string, shooter: string, from: number): Promise<void> {
    for (let b = from; b <= 9; b++)
      await shot(matchId, shooter, { firstContact: b, pocketed: [{ ball: b, pocket: 'FR' }] });
  }

  beforeAll(async () => {
    server = await startServer();
    admin = new LedgerClient(server, 'ADMIN', 'admin-1');
    scorer = new LedgerClient(server, 'SCORER', 'scorer-1');
    // Ana breaks and runs out against Bruno.
    ids.ab = await schedule('ana', 'bruno');
    await breakShot(ids.ab, 'ana', [1]);
    await run(ids.ab, 'ana', 2);
    // Ana breaks dry; Carla runs the table.
    ids.ac = await schedule('ana', 'carla');
    await breakShot(ids.ac, 'ana', []);
    await run(ids.ac, 'carla', 1);
    // Bruno makes the 9 on the break against Carla.
    ids.bc = await schedule('bruno', 'carla');
    await breakShot(ids.bc, 'bruno', [9]);
  }, 120_000);
  afterAll(async () => {
    await server.close();
    removeDir(server.dataDir);
  });

  const FIGURES = `statsVersion matchesPlayed matchesWon gamesPlayed breaks dryBreaks breakAndRuns
    tableRuns runouts winsOnBreak longestRun matchWinRate breakBallsMean`;

  async function q(query: string, variables: Record<string, unknown> = {}): Promise<Result> {
    const res = await server.gql(query, variables);
    expect(res.errors).toBeUndefined();
    return res.data!;
  }

  it('playerStats: a player’s figures, narrowed by opponent and discipline', async () => {
    const query = `query($id: String!, $filter: StatsFilterInput) {
      playerStats(playerId: $id, filter: $filter) { playerId name stats { ${FIGURES} } } }`;
    const all = (await q(query, { id: 'ana' })).playerStats;
    expect(all).toMatchObject({ playerId: 'ana', name: 'Ana' });
    expect(all.stats).toEqual({
      statsVersion: 2,
      matchesPlayed: 2,
      matchesWon: 1,
      gamesPlayed: 2,
      breaks: 2,
      dryBreaks: 1,
      breakAndRuns: 1,
      tableRuns: 0,
      runouts: 1,
      winsOnBreak: 0,
      longestRun: 9,
      matchWinRate: 0.5,
      breakBallsMean: 0.5,
    });
    const vsCarla = (await q(query, { id: 'ana', filter: { opponent: 'carla' } })).playerStats;
    expect(vsCarla.stats).toMatchObject({ matchesPlayed: 1, matchesWon: 0, dryBreaks: 1 });
    const eight = (await q(query, { id: 'ana', filter: { discipline: 'EIGHT_BALL' } })).playerStats;
    expect(eight.stats).toMatchObject({ matchesPlayed: 0, matchWinRate: null });
  });

  it('headToHead: each player in the matches between them', async () => {
    const h = (
      await q(`{ headToHead(a: "carla", b: "bruno") {
        a { playerId stats { matchesWon gamesPlayed } } b { playerId stats { matchesWon winsOnBreak } } } }`)
    ).headToHead;
    expect(h).toEqual({
      a: { playerId: 'carla', stats: { matchesWon: 0, gamesPlayed: 1 } },
      b: { playerId: 'bruno', stats: { matchesWon: 1, winsOnBreak: 1 } },
    });
  });

  it('matchStats: the sheet of one match, game by game; an unknown match is NOT_FOUND', async () => {
    const sheet = (
      await q(
        `query($id: String!) { matchStats(matchId: $id) { matchId statsVersion discipline status winner
          players { playerId stats { shots ballsPocketed tableRuns innings } }
          games { game playerId stats { tableRuns } } } }`,
        { id: ids.ac },
      )
    ).matchStats;
    expect(sheet).toMatchObject({
      statsVersion: 2,
      discipline: 'NINE_BALL',
      status: 'COMPLETED',
      winner: 'carla',
    });
    expect(sheet.players).toEqual([
      { playerId: 'ana', stats: { shots: 1, ballsPocketed: 0, tableRuns: 0, innings: 1 } },
      { playerId: 'carla', stats: { shots: 9, ballsPocketed: 9, tableRuns: 1, innings: 1 } },
    ]);
    expect(sheet.games).toEqual([
      { game: 1, playerId: 'ana', stats: { tableRuns: 0 } },
      { game: 1, playerId: 'carla', stats: { tableRuns: 1 } },
    ]);
    const missing = await server.gql('{ matchStats(matchId: "nope") { matchId } }');
    expect(missing.errors?.[0].extensions.code).toBe('NOT_FOUND');
  });

  it('leaderboard: ranked by a stat, paged by cursor, with a minimum of games', async () => {
    const query = `query($stat: StatName!, $first: Int, $after: String, $min: Int) {
      leaderboard(stat: $stat, first: $first, after: $after, minGames: $min) {
        edges { node { playerId value gamesPlayed statsVersion } } pageInfo { endCursor hasNextPage } totalCount } }`;
    const first = (await q(query, { stat: 'MATCHES_WON', first: 2 })).leaderboard;
    expect(first.totalCount).toBe(3);
    expect(first.edges.map((e: Result) => [e.node.playerId, e.node.value])).toEqual([
      ['ana', 1],
      ['bruno', 1],
    ]);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const next = (
      await q(query, { stat: 'MATCHES_WON', first: 2, after: first.pageInfo.endCursor })
    ).leaderboard;
    expect(next.edges.map((e: Result) => e.node.playerId)).toEqual(['carla']);
    expect(next.pageInfo.hasNextPage).toBe(false);
    const runs = (await q(query, { stat: 'LONGEST_RUN', first: 5 })).leaderboard;
    expect(runs.edges.map((e: Result) => [e.node.playerId, e.node.value])).toEqual([
      ['ana', 9],
      ['carla', 9],
      ['bruno', 1],
    ]);
    expect((await q(query, { stat: 'GAMES_WON', min: 3 })).leaderboard.totalCount).toBe(0);
    const bad = await server.gql(`{ leaderboard(stat: GAMES_WON, after: "x") { totalCount } }`);
    expect(bad.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('statsCsv: one line per player under the stats version', async () => {
    const csv: string = (await q('{ statsCsv }')).statsCsv;
    const [head, ...lines] = csv.trimEnd().split('\n');
    expect(head.startsWith('statsVersion,playerId,name,matchesPlayed,matchesWon,')).toBe(true);
    expect(lines.map((l) => l.split(',').slice(0, 5))).toEqual([
      ['2', 'ana', 'Ana', '2', '1'],
      ['2', 'bruno', 'Bruno', '2', '1'],
      ['2', 'carla', 'Carla', '2', '1'],
    ]);
  });
});
