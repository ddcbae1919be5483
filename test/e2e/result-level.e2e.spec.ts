import { LedgerClient, type Result } from '../support/ledger-client';
import { bearer, removeDir, startServer, type TestServer } from '../support/server';

// A 9-ball league recorded at both levels over GraphQL: one match shot by shot, one from the
// results sheet, one mixed (game 1 from the sheet, then a scorer at the table). Standings, stats
// with their coverage, the leaderboard, ratings, head to head and the results file are read back
// and checked against figures worked out by hand below.
describe('result-level and shot-level matches in one competition', () => {
  let server: TestServer;
  let admin: LedgerClient;
  let scorer: LedgerClient;
  const keeper = bearer('RECORD_KEEPER', 'rk-1');
  const m: Record<string, string> = {};
  let n = 0;

  async function keep(
    mutation: string,
    type: string,
    input: Record<string, unknown>,
    fields: string,
  ) {
    const res = await server.gql(
      `mutation($i: ${type}!) { ${mutation}(input: $i) { ${fields} } }`,
      { i: { commandId: `rl-${++n}`, ...input } },
      keeper,
    );
    if (res.errors) throw new Error(`${mutation}: ${JSON.stringify(res.errors)}`);
    return res.data![mutation] as Result;
  }

  async function schedule(a: string, b: string, raceTo: number, day: string): Promise<string> {
    const r = await admin.scheduleMatch({
      competitionId: 'liga-26',
      raceTo,
      breakOrder: 'ALTERNATE',
      refereePresent: false,
      venue: 'Clube Porto',
      scheduledAt: `2026-05-${day}T19:00:00.000Z`,
      players: [{ id: a }, { id: b }],
    });
    await admin.assignOfficials({ matchId: r.matchId, scorers: ['scorer-1'], referees: [] });
    return r.matchId;
  }

  let revision = 0;
  async function result(
    matchId: string,
    gameNumber: number,
    breaker: string,
    winner: string,
    more = {},
  ) {
    const r = await keep(
      'recordGameResult',
      'RecordGameResultInput',
      {
        matchId,
        expectedRevision: server.revisions.get(matchId) ?? 0,
        gameNumber,
        breaker,
        winner,
        attestation: 'PLAYERS_SIGN_OFF',
        ...more,
      },
      'matchId revision match { status }',
    );
    server.revisions.set(matchId, r.revision);
    revision = r.revision;
    return r;
  }

  const nineOnTheBreak = (matchId: string, shooter: string) =>
    scorer.recordShot({
      matchId,
      shooter,
      firstContact: 1,
      objectBallsDrivenToRail: 5,
      pocketed: [{ ball: 9, pocket: 'FL' }],
      railContactsAfterFirstContact: [{ ball: 0 }],
    });

  beforeAll(async () => {
    server = await startServer();
    admin = new LedgerClient(server, 'ADMIN', 'admin-1');
    scorer = new LedgerClient(server, 'SCORER', 'scorer-1');
    for (const [id, name] of [
      ['PT-1', 'Ana'],
      ['PT-2', 'Bruno'],
      ['PT-3', 'Carla'],
    ])
      await keep(
        'registerPlayer',
        'RegisterPlayerInput',
        { licenceId: id, displayName: name },
        'licenceId',
      );
    await keep(
      'createCompetition',
      'CreateCompetitionInput',
      { competitionId: 'liga-26', name: 'Liga 9-Ball', discipline: 'NINE_BALL', season: '2026' },
      'id',
    );
    // m1, shot by shot: Ana breaks and makes the 9 (N9.3): 1–0.
    m.shots = await schedule('PT-1', 'PT-2', 1, '02');
    await scorer.decideBreakOrder({ matchId: m.shots, method: 'COIN_TOSS', winner: 'PT-1' });
    await scorer.chooseOption({ matchId: m.shots, player: 'PT-1', option: 'BREAK' });
    await nineOnTheBreak(m.shots, 'PT-1');
    // m2, from the sheet (breaks alternate, G1.34): Bruno 3–1 Carla, game 1 a break-and-run.
    m.results = await schedule('PT-2', 'PT-3', 3, '09');
    await result(m.results, 1, 'PT-2', 'PT-2', { breakAndRun: true });
    await result(m.results, 2, 'PT-3', 'PT-3');
    await result(m.results, 3, 'PT-2', 'PT-2');
    await result(m.results, 4, 'PT-3', 'PT-2');
    // m3, mixed: game 1 from the sheet (Ana breaks, Carla wins), then the scorer sees Carla's 9
    // on the break in game 2: Carla 2–0.
    m.mixed = await schedule('PT-1', 'PT-3', 2, '16');
    await result(m.mixed, 1, 'PT-1', 'PT-3');
    await nineOnTheBreak(m.mixed, 'PT-3');
  }, 180_000);
  afterAll(async () => {
    await server.close();
    removeDir(server.dataDir);
  });

  async function q(query: string, variables: Record<string, unknown> = {}): Promise<Result> {
    const res = await server.gql(query, variables);
    expect(res.errors).toBeUndefined();
    return res.data!;
  }

  it('refuses a result past the race (RACE_ALREADY_WON), appending nothing', async () => {
    const over = await server.gql(
      `mutation($i: RecordGameResultInput!) { recordGameResult(input: $i) { revision } }`,
      {
        i: {
          commandId: 'rl-over',
          matchId: m.results,
          expectedRevision: server.revisions.get(m.results),
          gameNumber: 5,
          breaker: 'PT-2',
          winner: 'PT-3',
          attestation: 'PLAYERS_SIGN_OFF',
        },
      },
      keeper,
    );
    expect(over.errors?.[0].extensions.code).toBe('RACE_ALREADY_WON');
    expect((await admin.match(m.results)).revision).toBe(server.revisions.get(m.results));
    expect(revision).toBeGreaterThan(0);
  });

  it('standings count every game of both levels', async () => {
    const rows = (
      await q(
        `{ standings(competitionId: "liga-26") { playerId played won lost gamesFor gamesAgainst } }`,
      )
    ).standings as Result[];
    const by = Object.fromEntries(rows.map((r) => [r.playerId, r]));
    expect(by['PT-1']).toMatchObject({ played: 2, won: 1, lost: 1, gamesFor: 1, gamesAgainst: 2 });
    expect(by['PT-2']).toMatchObject({ played: 2, won: 1, lost: 1, gamesFor: 3, gamesAgainst: 2 });
    expect(by['PT-3']).toMatchObject({ played: 2, won: 1, lost: 1, gamesFor: 3, gamesAgainst: 3 });
  });

  it('stats count games from both levels, shot stats from shot-recorded games, and say their coverage', async () => {
    const F = `gamesPlayed gamesWon gamesWithShots shotCoverage shots winsOnBreak breakAndRuns matchesWon`;
    const s = await q(`{ ana: playerStats(playerId: "PT-1") { stats { ${F} } }
      bruno: playerStats(playerId: "PT-2") { stats { ${F} } }
      carla: playerStats(playerId: "PT-3") { stats { ${F} } } }`);
    // Ana: m1 (1 game, shots), m3 (2 games: a result, then Carla's break at the table).
    expect(s.ana.stats).toEqual({
      gamesPlayed: 3,
      gamesWon: 1,
      gamesWithShots: 2,
      shotCoverage: 2 / 3,
      shots: 1,
      winsOnBreak: 1,
      breakAndRuns: 0,
      matchesWon: 1,
    });
    // Bruno: m1 (1 game at the table, no shot of his), m2 (4 results, one a break-and-run).
    expect(s.bruno.stats).toEqual({
      gamesPlayed: 5,
      gamesWon: 3,
      gamesWithShots: 1,
      shotCoverage: 0.2,
      shots: 0,
      winsOnBreak: 0,
      breakAndRuns: 1,
      matchesWon: 1,
    });
    expect(s.carla.stats).toMatchObject({
      gamesPlayed: 6,
      gamesWon: 3,
      gamesWithShots: 1,
      shots: 1,
    });
    const sheet = (
      await q(
        `query($id: String!) { matchStats(matchId: $id) { gamesPlayed gamesWithShots shotCoverage } }`,
        { id: m.mixed },
      )
    ).matchStats;
    expect(sheet).toEqual({ gamesPlayed: 2, gamesWithShots: 1, shotCoverage: 0.5 });
  });

  it('the leaderboard states each entry’s coverage', async () => {
    const board = (
      await q(
        `{ leaderboard(stat: GAMES_WON) { edges { node { playerId value gamesPlayed gamesWithShots shotCoverage } } } }`,
      )
    ).leaderboard.edges.map((e: Result) => e.node);
    expect(board).toEqual([
      { playerId: 'PT-2', value: 3, gamesPlayed: 5, gamesWithShots: 1, shotCoverage: 0.2 },
      { playerId: 'PT-3', value: 3, gamesPlayed: 6, gamesWithShots: 1, shotCoverage: 1 / 6 },
      { playerId: 'PT-1', value: 1, gamesPlayed: 3, gamesWithShots: 2, shotCoverage: 2 / 3 },
    ]);
  });

  it('ratings and head to head use every game', async () => {
    const r = await q(`{ ana: rating(playerId: "PT-1", discipline: NINE_BALL) { wins losses }
      bruno: rating(playerId: "PT-2", discipline: NINE_BALL) { wins losses }
      carla: rating(playerId: "PT-3", discipline: NINE_BALL) { wins losses } }`);
    expect(r).toEqual({
      ana: { wins: 1, losses: 2 },
      bruno: { wins: 3, losses: 2 },
      carla: { wins: 3, losses: 3 },
    });
    const h = (
      await q(
        `{ headToHead(a: "PT-2", b: "PT-3") { a { stats { matchesWon gamesWon gamesWithShots } } b { stats { matchesWon gamesWon gamesPlayed } } } }`,
      )
    ).headToHead;
    expect(h).toEqual({
      a: { stats: { matchesWon: 1, gamesWon: 3, gamesWithShots: 0 } },
      b: { stats: { matchesWon: 0, gamesWon: 1, gamesPlayed: 4 } },
    });
  });

  it('the results file lists each match with its score and recording level', async () => {
    const csv = (await q(`{ resultsFile(filter: { competitionId: "liga-26" }) }`)).resultsFile;
    const common = 'liga-26,Liga 9-Ball,NINE_BALL';
    expect(csv).toBe(
      [
        'match_id,date,competition_id,competition,discipline,race_to,venue,player_a_id,player_a_name,player_b_id,player_b_name,score_a,score_b,winner_id,result,recording_level,games,games_with_shots',
        `${m.shots},2026-05-02,${common},1,Clube Porto,PT-1,Ana,PT-2,Bruno,1,0,PT-1,RACE_WON,SHOTS,1,1`,
        `${m.results},2026-05-09,${common},3,Clube Porto,PT-2,Bruno,PT-3,Carla,3,1,PT-2,RACE_WON,RESULTS,4,0`,
        `${m.mixed},2026-05-16,${common},2,Clube Porto,PT-1,Ana,PT-3,Carla,0,2,PT-3,RACE_WON,MIXED,2,1`,
        '',
      ].join('\r\n'),
    );
    const may = (
      await q(`{ resultsFile(filter: { from: "2026-05-05", to: "2026-05-10" }, format: JSON) }`)
    ).resultsFile;
    expect(JSON.parse(may).rows.map((r: Result) => r.match_id)).toEqual([m.results]);
  });

  it('the desk imports past results once, and refuses a bad file naming its rows', async () => {
    const csv =
      'date,competition,discipline,race_to,player_a_id,player_a_name,player_b_id,player_b_name,games_a,games_b\r\n' +
      '2025-10-04,Liga 2025,NINE_BALL,3,PT-1,Ana,PT-9,Duarte,3,2\r\n';
    const imp = (registerPlayers: boolean, text = csv) =>
      server.gql(
        `mutation($i: ImportResultsInput!) { importResults(input: $i) { imported alreadyImported playersRegistered } }`,
        { i: { commandId: `imp-${++n}`, csv: text, registerPlayers } },
        keeper,
      );
    const unknown = await imp(false);
    expect(unknown.errors?.[0].extensions).toMatchObject({
      code: 'IMPORT_REFUSED',
      badRows: [{ line: 2, reason: 'PT-9 is not registered (use --register-players)' }],
    });
    expect((await imp(true)).data?.importResults).toEqual({
      imported: 1,
      alreadyImported: 0,
      playersRegistered: ['PT-9'],
    });
    expect((await imp(true)).data?.importResults).toEqual({
      imported: 0,
      alreadyImported: 1,
      playersRegistered: [],
    });
    const bad = await imp(true, csv.replace('3,2\r\n', '3,3\r\n'));
    expect(bad.errors?.[0].extensions.badRows).toEqual([
      { line: 2, reason: 'score 3–3 is not a finished race to 3' },
    ]);
  });
  it('a result is corrected by citing it, and an appeal is allowed with a corrected result', async () => {
    const id = (
      await admin.scheduleMatch({
        raceTo: 2,
        breakOrder: 'WINNER',
        refereePresent: false,
        players: [{ id: 'PT-1' }, { id: 'PT-2' }],
      })
    ).matchId;
    const first = await result(id, 1, 'PT-1', 'PT-1');
    const resultAt = async (game: number) =>
      (await admin.history(id, game)).find((e) => e.type === 'GameResultRecorded')!.revision;
    const corrected = await keep(
      'correctGameResult',
      'CorrectGameResultInput',
      {
        matchId: id,
        expectedRevision: first.revision,
        revision: await resultAt(1),
        result: { winner: 'PT-2' },
        reason: 'Sheet misread',
      },
      'revision events { type }',
    );
    expect(corrected.events).toEqual([{ type: 'GameResultCorrected' }]);
    server.revisions.set(id, corrected.revision);
    // G1.34 winner breaks: Bruno, now the winner of game 1, breaks game 2 and wins the match.
    const end = await result(id, 2, 'PT-2', 'PT-2');
    expect(end.match.status).toBe('COMPLETED');
    const appeal = await new LedgerClient(server, 'PLAYER', 'PT-1').fileAppeal({
      matchId: id,
      againstRevision: await resultAt(2),
      grounds: 'I won game 2',
      proposal: { kind: 'AMEND_RESULT', result: { winner: 'PT-1' } },
    });
    const decided = await new LedgerClient(server, 'APPEALS_COMMITTEE', 'ac-1').decideAppeal({
      matchId: id,
      appealId: 'A1',
      outcome: 'ALLOWED',
      reason: 'The sheet shows Ana',
    });
    expect(appeal.revision).toBeGreaterThan(0);
    expect(decided.match.status).toBe('IN_PLAY');
  });
});
