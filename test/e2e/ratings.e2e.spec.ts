import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { LedgerClient } from '../support/ledger-client';
import { removeDir, startServer, testEnv, type TestServer } from '../support/server';
import { compiledEntry } from '../support/compiled-src';

const ROOT = join(__dirname, '..', '..');

const RATING = `playerId discipline rating robustness wins losses uncertainty rank`;
const CHANGE = `seq matchId gameNumber discipline old { winner loser } new { winner loser }
  eventId eventType position recordedAt`;

// Over HTTP: a rated game changed on appeal reaches the changed-results feed once, the ratings
// follow it, and the CLI exports the same feed as NDJSON.
describe('ratings over GraphQL', () => {
  let server: TestServer;
  let matchId: string;
  let decisionId: string;
  let replayedEndId: string;

  async function q(query: string, variables: Record<string, unknown> = {}) {
    const res = await server.gql(query, variables);
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    return res.data!;
  }

  async function eventIds(type: string): Promise<string[]> {
    const res = await q(`query($m: String!) { matchHistory(matchId: $m) { type eventId } }`, {
      m: matchId,
    });
    return (res.matchHistory as { type: string; eventId: string }[])
      .filter((e) => e.type === type)
      .map((e) => e.eventId);
  }

  beforeAll(async () => {
    server = await startServer();
    const admin = new LedgerClient(server, 'ADMIN', 'admin-1');
    const scorer = new LedgerClient(server, 'SCORER', 'scorer-1');
    const bruno = new LedgerClient(server, 'PLAYER', 'bruno');
    const committee = new LedgerClient(server, 'APPEALS_COMMITTEE', 'ac-1');
    const s = await admin.scheduleMatch({
      discipline: 'NINE_BALL',
      ruleProfile: 'WPA',
      raceTo: 3,
      refereePresent: true,
      breakOrder: 'WINNER',
      appealWindowMinutes: 60,
      players: [
        { id: 'ana', name: 'Ana' },
        { id: 'bruno', name: 'Bruno' },
      ],
    });
    matchId = s.matchId;
    await admin.assignOfficials({ matchId, scorers: ['scorer-1'], referees: ['referee-1'] });
    await scorer.decideBreakOrder({ matchId, method: 'LAG', winner: 'ana' });
    await scorer.chooseOption({ matchId, player: 'ana', option: 'BREAK' });
    // N9.3: the 9 on the break wins Ana game 1.
    const brk = await scorer.recordShot({
      matchId,
      shooter: 'ana',
      firstContact: 1,
      objectBallsDrivenToRail: 5,
      pocketed: [{ ball: 9, pocket: 'FR' }],
    });
    const ruled = brk.events.find((e: { type: string }) => e.type === 'ShotAdjudicated').revision;
    expect(await q(`{ changedResults { totalCount } }`)).toEqual({
      changedResults: { totalCount: 0 },
    });
    // The cue ball dropped too (G1.20): the committee allows Bruno's appeal; the 9 is spotted
    // (N9.4) and Bruno, with ball in hand, wins the frame on the 1–9 combination.
    await bruno.fileAppeal({
      matchId,
      againstRevision: ruled,
      grounds: 'The cue ball went in on the break',
      proposal: { kind: 'AMEND_FACTS', facts: { cueBallScratched: true } },
    });
    await committee.decideAppeal({ matchId, appealId: 'A1', outcome: 'ALLOWED', reason: 'video' });
    await scorer.recordShot({
      matchId,
      shooter: 'bruno',
      firstContact: 1,
      pocketed: [{ ball: 9, pocket: 'SL' }],
    });
    [decisionId] = await eventIds('AppealDecided');
    replayedEndId = (await eventIds('GameEnded'))[1];
  });

  afterAll(async () => {
    await server.close();
    removeDir(server.dataDir);
  });

  it('puts the appeal on the changed-results feed exactly once', async () => {
    const res = await q(
      `{ changedResults(first: 10) { totalCount edges { node { ${CHANGE} } } } }`,
    );
    expect(res.changedResults.totalCount).toBe(1);
    expect(res.changedResults.edges[0].node).toMatchObject({
      seq: 1,
      matchId,
      gameNumber: 1,
      discipline: 'NINE_BALL',
      old: { winner: 'ana', loser: 'bruno' },
      new: null,
      eventId: decisionId,
      eventType: 'AppealDecided',
    });
  });

  it('rates the game as it now stands, traced to the event that recorded it', async () => {
    const res = await q(
      `query { bruno: rating(playerId: "bruno", discipline: NINE_BALL) { ${RATING}
                 lastChange { matchId gameNumber winner loser eventIds } }
               ana: rating(playerId: "ana", discipline: NINE_BALL) { ${RATING} }
               nobody: rating(playerId: "carla", discipline: NINE_BALL) { rating } }`,
    );
    expect(res.bruno).toMatchObject({ robustness: 1, wins: 1, losses: 0, rank: 1 });
    expect(res.bruno.rating).toBeGreaterThan(500);
    expect(res.bruno.lastChange).toEqual([
      { matchId, gameNumber: 1, winner: 'bruno', loser: 'ana', eventIds: [replayedEndId] },
    ]);
    expect(res.ana).toMatchObject({ robustness: 1, wins: 0, losses: 1, rank: 2 });
    expect(res.nobody).toBeNull();
  });

  it('ranks a discipline page by page', async () => {
    const first = await q(
      `{ ratings(discipline: NINE_BALL, first: 1) { totalCount pageInfo { endCursor hasNextPage }
           edges { node { playerId rank } } } }`,
    );
    expect(first.ratings).toMatchObject({
      totalCount: 2,
      pageInfo: { hasNextPage: true },
      edges: [{ node: { playerId: 'bruno', rank: 1 } }],
    });
    const next = await q(
      `query($after: String) { ratings(discipline: NINE_BALL, first: 1, after: $after) {
           pageInfo { hasNextPage } edges { node { playerId rank } } } }`,
      { after: first.ratings.pageInfo.endCursor },
    );
    expect(next.ratings).toEqual({
      pageInfo: { hasNextPage: false },
      edges: [{ node: { playerId: 'ana', rank: 2 } }],
    });
  });

  it('gives a fair race and the win probability of any race; refuses a race of 0 with a code', async () => {
    const res = await q(
      `{ fairRace(a: "bruno", b: "ana", discipline: NINE_BALL, maxRace: 9) {
           raceA raceB matchWinProbabilityA gameWinProbabilityA }
         even: raceWinProbability(a: "bruno", b: "ana", discipline: NINE_BALL, raceA: 5, raceB: 5) }`,
    );
    expect(res.fairRace.raceA).toBeGreaterThan(res.fairRace.raceB);
    expect(Math.abs(res.fairRace.matchWinProbabilityA - 0.5)).toBeLessThan(
      Math.abs(res.even - 0.5),
    );
    expect(res.even).toBeGreaterThan(0.5);
    const refused = await server.gql(
      `{ raceWinProbability(a: "bruno", b: "ana", discipline: NINE_BALL, raceA: 0, raceB: 5) }`,
    );
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
  });

  it('exports the same feed as NDJSON from the CLI, after a given entry', async () => {
    const live = await q(`{ changedResults { edges { node { ${CHANGE} } } } }`);
    const cli = (args: string[]) =>
      spawnSync(process.execPath, [compiledEntry('cli'), 'changed-results', ...args], {
        cwd: ROOT,
        env: { ...process.env, ...testEnv(server.dataDir) },
        encoding: 'utf8',
      });
    const all = cli([]);
    expect(all.status).toBe(0);
    const lines = all.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toEqual(live.changedResults.edges[0].node);
    const after = cli(['--after', '1']);
    expect(after.status).toBe(0);
    expect(after.stdout).toBe('');
  });
});
