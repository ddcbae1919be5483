import { MatchProjector } from '../../src/projections/match-projector';
import { LedgerClient, type Result } from '../support/ledger-client';
import { removeDir, startServer, type TestServer } from '../support/server';

// Complete 9-ball and 10-ball matches (WPA) over HTTP GraphQL against a real SQLite ledger.
describe('9-ball and 10-ball over GraphQL (WPA)', () => {
  let server: TestServer;
  let admin: LedgerClient;
  let client: LedgerClient;
  let referee: LedgerClient;

  beforeAll(async () => {
    server = await startServer();
    admin = new LedgerClient(server, 'ADMIN', 'admin-1');
    client = new LedgerClient(server, 'SCORER', 'scorer-1');
    referee = new LedgerClient(server, 'REFEREE', 'referee-1');
  });
  afterAll(async () => {
    await server.close();
    removeDir(server.dataDir);
  });

  async function schedule(discipline: string, raceTo: number, breaker: string): Promise<string> {
    const r = await admin.scheduleMatch({
      discipline,
      ruleProfile: 'WPA',
      raceTo,
      breakOrder: 'WINNER',
      refereePresent: true,
      players: [
        { id: 'ana', name: 'Ana' },
        { id: 'bruno', name: 'Bruno' },
      ],
    });
    await admin.assignOfficials({
      matchId: r.matchId,
      scorers: ['scorer-1'],
      referees: ['referee-1'],
    });
    await client.decideBreakOrder({ matchId: r.matchId, method: 'LAG', winner: breaker });
    await client.chooseOption({ matchId: r.matchId, player: breaker, option: 'BREAK' });
    return r.matchId;
  }

  it('refuses 9-ball outside the WPA profile', async () => {
    const res = await admin.attempt('scheduleMatch', 'ScheduleMatchInput', {
      discipline: 'NINE_BALL',
      ruleProfile: 'FPB',
      raceTo: 1,
      players: [
        { id: 'a', name: 'A' },
        { id: 'b', name: 'B' },
      ],
    });
    expect(res.errors?.[0].extensions.code).toBe('UNSUPPORTED_RULES');
  });

  it('plays a 9-ball race to 2: push out, a combination on the 9, and three fouls after the warning', async () => {
    const matchId = await schedule('NINE_BALL', 2, 'ana');
    const shot = (shooter: string, facts: Record<string, unknown>) =>
      client.recordShot({ matchId, shooter, ...facts });

    // Game 1. N9.3: a ball on a legal break continues; N9.2: the next shot may be a push out.
    let r: Result = await shot('ana', {
      firstContact: 1,
      objectBallsDrivenToRail: 5,
      pocketed: [{ ball: 2, pocket: 'FR' }],
    });
    expect(r.ruling).toMatchObject({ turn: 'CONTINUES', pushOutAvailable: true });
    await client.callShot({ matchId, player: 'ana', pushOut: true });
    r = await shot('ana', { firstContact: 5 });
    expect(r.ruling).toMatchObject({
      foul: false,
      turn: 'CHOICE_PENDING',
      pendingChoice: { kind: 'AFTER_PUSH_OUT', player: 'bruno', options: ['SHOOT', 'PASS_BACK'] },
    });
    r = await client.chooseOption({ matchId, player: 'bruno', option: 'PASS_BACK' });
    expect(r.match.currentGame.shooter).toBe('ana');
    r = await shot('ana', { firstContact: 1, pocketed: [{ ball: 1, pocket: 'SL' }] });
    expect(r.ruling.turn).toBe('CONTINUES');
    // N9.3: the 9 legally pocketed in a combination off the lowest ball wins.
    r = await shot('ana', { firstContact: 3, pocketed: [{ ball: 9, pocket: 'FL' }] });
    expect(r.ruling.gameResult).toEqual({
      winner: 'ana',
      loser: 'bruno',
      reason: 'NINE_POCKETED_LEGALLY',
      rule: 'N9.3',
    });
    expect(r.match.currentGame).toMatchObject({
      number: 2,
      breaker: 'ana',
      ballsOnTable: [1, 2, 3, 4, 5, 6, 7, 8, 9],
    });

    // Game 2. N9.8: Bruno fouls three times in a row; the third, after the warning, loses the rack.
    r = await shot('ana', { firstContact: 1, objectBallsDrivenToRail: 4 });
    expect(r.ruling.nextShooter).toBe('bruno');
    r = await shot('bruno', { firstContact: 4, railContactsAfterFirstContact: [{ ball: 4 }] });
    expect(r.ruling).toMatchObject({
      appliedFoul: { kind: 'WRONG_BALL_FIRST', rule: 'N9.6' },
      ballInHand: 'ANYWHERE',
      consecutiveFoulsAfter: 1,
    });
    await client.placeCueBall({ matchId, player: 'ana', zone: 'ANYWHERE' });
    await shot('ana', { firstContact: 1, railContactsAfterFirstContact: [{ ball: 0 }] });
    r = await shot('bruno', {
      firstContact: 1,
      cueBallScratched: true,
      railContactsAfterFirstContact: [{ ball: 1 }],
    });
    expect(r.ruling.consecutiveFoulsAfter).toBe(2);
    await shot('ana', { firstContact: 1, railContactsAfterFirstContact: [{ ball: 0 }] });
    const warned = await referee.recordRefereeRuling({
      matchId,
      kind: 'TWO_FOUL_WARNING',
      player: 'bruno',
    });
    expect(warned.events[0].explanation).toMatch(/N9\.8/);
    r = await shot('bruno', { firstContact: 1 });
    expect(r.ruling).toMatchObject({
      penalty: 'LOSS_OF_GAME',
      appliedFoul: { kind: 'THIRD_CONSECUTIVE_FOUL', rule: 'N9.8' },
    });
    expect(r.events.map((e: Result) => e.type)).toEqual([
      'ShotPlayed',
      'ShotAdjudicated',
      'GameEnded',
      'MatchEnded',
    ]);
    expect(r.match).toMatchObject({
      status: 'COMPLETED',
      winner: 'ana',
      players: [
        { id: 'ana', score: 2 },
        { id: 'bruno', score: 0 },
      ],
    });

    const live = await client.match(matchId);
    await server.app.get(MatchProjector).rebuild();
    expect(await client.match(matchId)).toEqual(live);
  });

  it('plays a 10-ball race to 1: the 10 spotted on the break, a wrongful pocketing, and the called 10 early', async () => {
    const matchId = await schedule('TEN_BALL', 1, 'bruno');
    const shot = (shooter: string, facts: Record<string, unknown>) =>
      client.recordShot({ matchId, shooter, ...facts });

    // T10.2: the 10 on the break is spotted and the breaker continues.
    let r: Result = await shot('bruno', {
      firstContact: 1,
      objectBallsDrivenToRail: 6,
      pocketed: [
        { ball: 10, pocket: 'FL' },
        { ball: 2, pocket: 'SR' },
      ],
    });
    expect(r.ruling).toMatchObject({ turn: 'CONTINUES', spotted: [10] });
    expect(r.match.currentGame.ballsOnTable).toEqual([1, 3, 4, 5, 6, 7, 8, 9, 10]);

    // T10.4 / T10.7: the called ball in the called pocket continues.
    await client.callShot({ matchId, player: 'bruno', ball: 1, pocket: 'FL' });
    r = await shot('bruno', { firstContact: 1, pocketed: [{ ball: 1, pocket: 'FL' }] });
    expect(r.ruling.turn).toBe('CONTINUES');

    // T10.6: the 4 drops instead of the called 3: no foul, Ana chooses.
    await client.callShot({ matchId, player: 'bruno', ball: 3, pocket: 'SL' });
    r = await shot('bruno', { firstContact: 3, pocketed: [{ ball: 4, pocket: 'HR' }] });
    expect(r.ruling).toMatchObject({
      foul: false,
      pendingChoice: { kind: 'WRONGFUL_POCKET', player: 'ana' },
    });
    r = await client.chooseOption({ matchId, player: 'ana', option: 'SHOOT' });
    expect(r.match.currentGame).toMatchObject({ shooter: 'ana', ballInHand: 'NONE' });

    // A11b: the called 10 legally pocketed, early and in a combination, wins.
    await client.callShot({ matchId, player: 'ana', ball: 10, pocket: 'HL' });
    r = await shot('ana', { firstContact: 3, pocketed: [{ ball: 10, pocket: 'HL' }] });
    expect(r.ruling.gameResult).toEqual({
      winner: 'ana',
      loser: 'bruno',
      reason: 'TEN_POCKETED_LEGALLY',
      rule: 'T10.7',
    });
    expect(r.match).toMatchObject({ status: 'COMPLETED', winner: 'ana' });

    const history = await client.history(matchId, 1);
    expect(
      history.filter((e) => e.type === 'ShotAdjudicated').every((e) => e.ruling.rules.length > 0),
    ).toBe(true);
  });
});
