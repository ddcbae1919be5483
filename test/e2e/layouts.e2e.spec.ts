import { LedgerClient, type Result } from '../support/ledger-client';
import { removeDir, startServer, type TestServer } from '../support/server';

// Table layouts over GraphQL: recorded with a frozen-ball declaration and on their own, refused
// when impossible, typed on the history's events, and corrected by a cited correction.
describe('table layouts over GraphQL', () => {
  let server: TestServer;
  let admin: LedgerClient;
  let scorer: LedgerClient;
  let referee: LedgerClient;
  let matchId: string;

  // 9-ft table: the 1–9 less the 3 (pocketed on the break) beyond the head string, the cue in the kitchen.
  const balls = (moved: Record<number, { x: number; y: number }> = {}) => ({
    table: 'NINE_FOOT',
    balls: [0, 1, 2, 4, 5, 6, 7, 8, 9].map((ball, i) => ({
      ball,
      ...(ball === 0
        ? { x: 400, y: 600 }
        : { x: 1200 + (i % 4) * 150, y: 200 + Math.floor(i / 4) * 250 }),
      ...moved[ball],
    })),
  });

  const LAYOUT_FIELDS = `type revision layout { table attachedTo gameNumber shotNumber correctsRevision balls { ball x y } checks { finding ball rule explanation } }`;
  const history = async (): Promise<Result[]> =>
    (
      await server.gql(`query($m: String!) { matchHistory(matchId: $m) { ${LAYOUT_FIELDS} } }`, {
        m: matchId,
      })
    ).data!.matchHistory;

  beforeAll(async () => {
    server = await startServer();
    admin = new LedgerClient(server, 'ADMIN', 'admin-1');
    scorer = new LedgerClient(server, 'SCORER', 'scorer-1');
    referee = new LedgerClient(server, 'REFEREE', 'referee-1');
    const s = await admin.scheduleMatch({
      discipline: 'NINE_BALL',
      ruleProfile: 'WPA',
      raceTo: 1,
      refereePresent: true,
      players: [
        { id: 'ana', name: 'Ana' },
        { id: 'bruno', name: 'Bruno' },
      ],
    });
    matchId = s.matchId;
    await admin.assignOfficials({ matchId, scorers: ['scorer-1'], referees: ['referee-1'] });
    await referee.decideBreakOrder({ matchId, method: 'COIN_TOSS', winner: 'ana' });
    await referee.chooseOption({ matchId, player: 'ana', option: 'BREAK' });
    await scorer.recordShot({
      matchId,
      shooter: 'ana',
      firstContact: 1,
      objectBallsDrivenToRail: 5,
      pocketed: [{ ball: 3, pocket: 'FR' }],
    });
  });
  afterAll(async () => {
    await server.close();
    removeDir(server.dataDir);
  });

  it('G1.36: a frozen-ball declaration with a layout that has the ball 15 mm off its cushion says so', async () => {
    const r = await referee.declareFrozenBall({
      matchId,
      declaredBy: 'referee-1',
      ball: 5,
      cushion: 'FOOT',
      layout: balls({ 5: { x: 2540 - 28.575 - 15, y: 700 } }),
    });
    expect(r.events.map((e: Result) => e.type)).toEqual(['LayoutRecorded', 'FrozenBallDeclared']);
    const [recorded] = (await history()).filter((e) => e.type === 'LayoutRecorded');
    expect(recorded.layout).toMatchObject({
      table: 'NINE_FOOT',
      attachedTo: 'FROZEN_BALL',
      gameNumber: 1,
      shotNumber: 2,
    });
    expect(recorded.layout.checks).toEqual([
      expect.objectContaining({ finding: 'FROZEN_NOT_TOUCHING', ball: 5, rule: 'G1.36' }),
    ]);
    expect(recorded.layout.balls[0]).toEqual({ ball: 0, x: 400, y: 600 });
  });

  it('refuses overlapping balls and a pocketed ball, appending nothing', async () => {
    const before = (await history()).length;
    const overlap = await referee.attempt('recordLayout', 'RecordLayoutInput', {
      matchId,
      layout: balls({ 2: { x: 1360, y: 210 } }),
    });
    expect(overlap.errors?.[0].extensions.code).toBe('INVALID_LAYOUT');
    const pocketed = balls();
    pocketed.balls.push({ ball: 3, x: 2000, y: 1000 });
    const gone = await referee.attempt('recordLayout', 'RecordLayoutInput', {
      matchId,
      layout: pocketed,
    });
    expect(gone.errors?.[0].extensions.code).toBe('BALL_NOT_ON_TABLE');
    expect(await history()).toHaveLength(before);
  });

  it('corrects the layout by a cited correction, which the history types as a layout', async () => {
    const [recorded] = (await history()).filter((e) => e.type === 'LayoutRecorded');
    const r = await referee.attempt('recordLayout', 'RecordLayoutInput', {
      matchId,
      layout: balls({ 5: { x: 2540 - 28.575, y: 700 } }),
      corrects: { revision: recorded.revision, reason: 'the 5 lay against the foot cushion' },
    });
    expect(r.errors).toBeUndefined();
    const last = (await history()).at(-1)!;
    expect(last.layout).toMatchObject({
      attachedTo: 'FROZEN_BALL',
      correctsRevision: recorded.revision,
      checks: [],
    });
    // A player records no layout of their own (only a proposal for their appeal).
    const player = new LedgerClient(server, 'PLAYER', 'ana');
    const refused = await player.attempt('recordLayout', 'RecordLayoutInput', {
      matchId,
      layout: balls(),
    });
    expect(refused.errors?.[0].extensions.code).toBe('INVALID_LAYOUT');
  });
});
