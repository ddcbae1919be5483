import { MatchProjector } from '../../src/projections/match-projector';
import { LedgerClient, type Result } from '../support/ledger-client';
import { removeDir, startServer, type TestServer } from '../support/server';

// A race-to-2 8-ball match played over HTTP GraphQL against a real SQLite ledger file, the way a
// scorer's tablet would record it: toss, breaks, calls, shots, fouls, choices, and the result.
describe('8-ball race to 2 over GraphQL (FPB)', () => {
  let server: TestServer;
  let client: LedgerClient;
  let admin: LedgerClient;
  let matchId: string;
  let liveAtEnd: Result;

  beforeAll(async () => {
    server = await startServer();
    admin = new LedgerClient(server, 'ADMIN', 'admin-1');
    client = new LedgerClient(server, 'SCORER', 'scorer-1');
  });
  afterAll(async () => {
    await server.close();
    removeDir(server.dataDir);
  });

  const call = (player: string, ball: number, pocket: string) =>
    client.callShot({ matchId, player, ball, pocket });
  const pot = (
    shooter: string,
    ball: number,
    pocket: string,
    extra: Record<string, unknown> = {},
  ) =>
    client.recordShot({
      matchId,
      shooter,
      firstContact: ball,
      pocketed: [{ ball, pocket }],
      ...extra,
    });

  // Calls and pockets each ball in turn, as a run-out is recorded.
  async function runOut(shooter: string, balls: number[]): Promise<Result> {
    let last: Result = {};
    for (const ball of balls) {
      await call(shooter, ball, 'FL');
      last = await pot(shooter, ball, 'FL');
      expect(last.ruling.turn).toBe(ball === 8 ? 'GAME_OVER' : 'CONTINUES');
    }
    return last;
  }

  it('schedules the match, assigns its scorer and records who did each (metadata)', async () => {
    const r = await admin.scheduleMatch({
      raceTo: 2,
      ruleProfile: 'FPB',
      breakOrder: 'WINNER',
      refereePresent: true,
      competition: 'Taça de Lisboa 2026',
      players: [
        { id: 'ana', name: 'Ana' },
        { id: 'bruno', name: 'Bruno' },
      ],
    });
    matchId = r.matchId;
    expect(r.revision).toBe(0);
    expect(r.match.status).toBe('AWAITING_BREAK_ORDER');
    expect(r.events[0]).toMatchObject({
      type: 'MatchScheduled',
      metadata: { recordedBy: 'admin-1', role: 'ADMIN', ruleProfile: 'FPB' },
    });
    const assigned = await admin.assignOfficials({
      matchId,
      scorers: ['scorer-1'],
      referees: ['referee-1'],
    });
    expect(assigned.match.officials).toEqual({ scorers: ['scorer-1'], referees: ['referee-1'] });
    expect(assigned.events[0].metadata).toMatchObject({ recordedBy: 'admin-1', role: 'ADMIN' });
  });

  it('G1.6: the toss winner chooses to break (A12: the choice is its own event)', async () => {
    const toss = await client.decideBreakOrder({ matchId, method: 'COIN_TOSS', winner: 'ana' });
    expect(toss.match.pendingChoice).toMatchObject({
      kind: 'BREAK_OR_CEDE',
      player: 'ana',
      options: ['BREAK', 'CEDE_BREAK'],
    });
    const choice = await client.chooseOption({ matchId, player: 'ana', option: 'BREAK' });
    expect(choice.events.map((e: Result) => e.type)).toEqual(['OptionChosen', 'GameStarted']);
    expect(choice.match.currentGame).toMatchObject({
      number: 1,
      breaker: 'ana',
      shooter: 'ana',
      ballInHand: 'BEHIND_HEAD_STRING',
    });
  });

  it('E8.3: an illegal break gives the incoming player the choice; play is refused until it is made', async () => {
    const r = await client.recordShot({
      matchId,
      shooter: 'ana',
      firstContact: 1,
      objectBallsDrivenToRail: 2,
    });
    expect(r.ruling).toMatchObject({
      turn: 'CHOICE_PENDING',
      penalty: 'BREAK_FOUL',
      appliedFoul: { kind: 'ILLEGAL_BREAK', rule: 'E8.3' },
    });
    expect(r.ruling.pendingChoice).toEqual({
      kind: 'ILLEGAL_BREAK',
      player: 'bruno',
      options: ['ACCEPT_TABLE', 'RERACK_AND_BREAK', 'RERACK_OPPONENT_BREAKS'],
    });

    const refused = await client.attempt('recordShot', 'RecordShotInput', {
      matchId,
      shooter: 'bruno',
      firstContact: 3,
    });
    expect(refused.errors?.[0].extensions.code).toBe('CHOICE_PENDING');
    expect((await client.match(matchId)).revision).toBe(r.revision);

    const rerack = await client.chooseOption({
      matchId,
      player: 'bruno',
      option: 'RERACK_OPPONENT_BREAKS',
    });
    expect(rerack.match.currentGame).toMatchObject({
      number: 1,
      rack: 2,
      breaker: 'ana',
      shooter: 'ana',
      ballsOnTable: Array.from({ length: 15 }, (_, i) => i + 1),
    });
  });

  it('E8.4 / E8.9: a legal break continues on an open table; a called ball sets the groups', async () => {
    const brk = await client.recordShot({
      matchId,
      shooter: 'ana',
      firstContact: 1,
      objectBallsDrivenToRail: 4,
      pocketed: [{ ball: 1, pocket: 'FR' }],
    });
    expect(brk.ruling).toMatchObject({
      turn: 'CONTINUES',
      nextShooter: 'ana',
      groupsAssigned: null,
    });
    expect(brk.ruling.rules).toContain('E8.4');

    await call('ana', 2, 'FL');
    const shot = await pot('ana', 2, 'FL');
    expect(shot.ruling.turn).toBe('CONTINUES');
    expect(shot.ruling.groupsAssigned).toEqual(
      expect.arrayContaining([
        { player: 'ana', group: 'SOLIDS' },
        { player: 'bruno', group: 'STRIPES' },
      ]),
    );
    expect(shot.ruling.rules).toContain('E8.9');
  });

  it('G1.18 / G1.17: hitting an opponent ball first is a foul and gives ball in hand anywhere', async () => {
    await call('ana', 3, 'SL');
    const foul = await client.recordShot({
      matchId,
      shooter: 'ana',
      firstContact: 10,
      railContactsAfterFirstContact: [{ ball: 0, cushion: 'HEAD' }],
    });
    expect(foul.ruling).toMatchObject({
      foul: true,
      penalty: 'STANDARD_FOUL',
      appliedFoul: { kind: 'WRONG_BALL_FIRST', rule: 'G1.18' },
      nextShooter: 'bruno',
      ballInHand: 'ANYWHERE',
    });
    expect(foul.ruling.explanation).toMatch(/G1\.18/);
    expect(foul.match.currentGame).toMatchObject({ shooter: 'bruno', ballInHand: 'ANYWHERE' });

    const placed = await client.placeCueBall({ matchId, player: 'bruno', zone: 'ANYWHERE' });
    expect(placed.events[0].type).toBe('CueBallPlaced');
  });

  it('refuses a shot by the wrong player and a ball that is not on the table, leaving the stream unchanged', async () => {
    const before = (await client.match(matchId)).revision;
    const wrong = await client.attempt('recordShot', 'RecordShotInput', {
      matchId,
      shooter: 'ana',
      firstContact: 3,
    });
    expect(wrong.errors?.[0].extensions).toMatchObject({ code: 'WRONG_PLAYER', rule: 'G1.35' });
    const gone = await client.attempt('recordShot', 'RecordShotInput', {
      matchId,
      shooter: 'bruno',
      firstContact: 2,
    });
    expect(gone.errors?.[0].extensions.code).toBe('BALL_NOT_ON_TABLE');
    const invalid = await client.attempt('recordShot', 'RecordShotInput', {
      matchId,
      shooter: 'bruno',
      firstContact: 16,
      pocketed: [{ ball: 0, pocket: 'XX' }],
    });
    expect(invalid.errors?.[0].extensions.code).toMatch(/BAD_USER_INPUT|GRAPHQL_VALIDATION_FAILED/);
    const stale = await client.attempt('callShot', 'CallShotInput', {
      matchId,
      player: 'bruno',
      ball: 9,
      pocket: 'FR',
      expectedRevision: before - 1,
    });
    expect(stale.errors?.[0].extensions).toMatchObject({
      code: 'CONFLICT',
      actualRevision: before,
    });
    expect((await client.match(matchId)).revision).toBe(before);
  });

  it('E8.18: pocketing the 8 before clearing the group loses the game; G1.34: the winner breaks next', async () => {
    await call('bruno', 9, 'FR');
    expect((await pot('bruno', 9, 'FR')).ruling.turn).toBe('CONTINUES');
    await call('bruno', 10, 'HL');
    const loss = await client.recordShot({
      matchId,
      shooter: 'bruno',
      firstContact: 10,
      pocketed: [
        { ball: 10, pocket: 'HL' },
        { ball: 8, pocket: 'SL' },
      ],
    });
    expect(loss.ruling).toMatchObject({
      turn: 'GAME_OVER',
      penalty: 'LOSS_OF_GAME',
      gameResult: { winner: 'ana', loser: 'bruno', reason: 'EIGHT_POCKETED_EARLY', rule: 'E8.18' },
    });
    expect(loss.events.map((e: Result) => e.type)).toEqual([
      'ShotPlayed',
      'ShotAdjudicated',
      'GameEnded',
      'GameStarted',
    ]);
    expect(loss.match.players).toEqual([
      { id: 'ana', score: 1 },
      { id: 'bruno', score: 0 },
    ]);
    expect(loss.match.currentGame).toMatchObject({ number: 2, breaker: 'ana', isBreakShot: true });
  });

  it('E8.5: a scratch on the break gives the incoming player ball in hand behind the head string', async () => {
    const r = await client.recordShot({
      matchId,
      shooter: 'ana',
      firstContact: 1,
      objectBallsDrivenToRail: 5,
      pocketed: [{ ball: 4, pocket: 'SR' }],
      cueBallScratched: true,
    });
    expect(r.ruling).toMatchObject({
      penalty: 'BREAK_FOUL',
      appliedFoul: { kind: 'CUE_BALL_SCRATCHED', rule: 'E8.5' },
      nextShooter: 'bruno',
      ballInHand: 'BEHIND_HEAD_STRING',
    });
    expect(r.match.currentGame.pocketed).toEqual([4]);
    await client.placeCueBall({ matchId, player: 'bruno', zone: 'KITCHEN' });
  });

  it('E8.1: Bruno clears the stripes and the called 8 and wins game 2 (1–1)', async () => {
    await call('bruno', 9, 'FL');
    const first = await pot('bruno', 9, 'FL');
    expect(first.ruling.groupsAssigned).toEqual(
      expect.arrayContaining([{ player: 'bruno', group: 'STRIPES' }]),
    );
    const win = await runOut('bruno', [10, 11, 12, 13, 14, 15, 8]);
    expect(win.ruling.gameResult).toEqual({
      winner: 'bruno',
      loser: 'ana',
      reason: 'EIGHT_POCKETED_LEGALLY',
      rule: 'E8.1',
    });
    expect(win.match.players).toEqual([
      { id: 'ana', score: 1 },
      { id: 'bruno', score: 1 },
    ]);
    expect(win.match.currentGame).toMatchObject({ number: 3, breaker: 'bruno' });
  });

  it('G1.35 / E8.1: after a dry break by Bruno Ana runs out the decider and the match ends at race to 2', async () => {
    const brk = await client.recordShot({
      matchId,
      shooter: 'bruno',
      firstContact: 1,
      objectBallsDrivenToRail: 6,
    });
    expect(brk.ruling).toMatchObject({ turn: 'PASSES', nextShooter: 'ana', ballInHand: 'NONE' });
    await call('ana', 1, 'FR');
    await pot('ana', 1, 'FR');
    const end = await runOut('ana', [2, 3, 4, 5, 6, 7, 8]);
    expect(end.events.map((e: Result) => e.type)).toEqual([
      'ShotPlayed',
      'ShotAdjudicated',
      'GameEnded',
      'MatchEnded',
    ]);
    expect(end.match).toMatchObject({ status: 'COMPLETED', winner: 'ana' });
    expect(end.match.games.map((g: Result) => [g.number, g.winner, g.reason])).toEqual([
      [1, 'ana', 'EIGHT_POCKETED_EARLY'],
      [2, 'bruno', 'EIGHT_POCKETED_LEGALLY'],
      [3, 'ana', 'EIGHT_POCKETED_LEGALLY'],
    ]);
    const after = await client.attempt('callShot', 'CallShotInput', {
      matchId,
      player: 'bruno',
      ball: 9,
      pocket: 'FL',
    });
    expect(after.errors?.[0].extensions.code).toBe('MATCH_OVER');
    liveAtEnd = await client.match(matchId);
  });

  it('explains every ruling of a game with its rule ids in the history', async () => {
    const game1 = await client.history(matchId, 1);
    const rulings = game1.filter((e) => e.type === 'ShotAdjudicated');
    expect(rulings.length).toBe(6);
    for (const r of rulings) {
      expect(r.ruling.rules.length).toBeGreaterThan(0);
      expect(r.explanation).toBe(r.ruling.explanation);
      expect(r.metadata).toMatchObject({
        recordedBy: 'scorer-1',
        role: 'SCORER',
        engineVersion: expect.any(String),
        ruleProfile: 'FPB',
      });
    }
    expect(rulings.map((r) => r.ruling.rules[0])).toContain('G1.18');
    expect(game1.map((e) => e.type)).toContain('OptionChosen');
  });

  it('rebuilding the read model from an empty one gives exactly the live state', async () => {
    await server.app.get(MatchProjector).rebuild();
    expect(await client.match(matchId)).toEqual(liveAtEnd);
  });
});
