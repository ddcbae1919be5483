import { LedgerClient, type Result } from '../support/ledger-client';
import { removeDir, startServer, type TestServer } from '../support/server';

// Corrections (and appeal remedies, which take the same inputs) amend what a scorer got wrong in
// any fact of a shot: whether there was a stroke at all (noStroke, G1.17) and the call, push out
// included (N9.2).
describe('amending noStroke and the call over GraphQL', () => {
  let server: TestServer;
  let admin: LedgerClient;
  let scorer: LedgerClient;

  beforeAll(async () => {
    server = await startServer();
    admin = new LedgerClient(server, 'ADMIN', 'admin-1');
    scorer = new LedgerClient(server, 'SCORER', 'scorer-1');
  });
  afterAll(async () => {
    await server.close();
    removeDir(server.dataDir);
  });

  async function schedule(discipline: string): Promise<string> {
    const r = await admin.scheduleMatch({
      discipline,
      ruleProfile: discipline === 'EIGHT_BALL' ? 'FPB' : 'WPA',
      raceTo: 2,
      refereePresent: true,
      players: [
        { id: 'ana', name: 'Ana' },
        { id: 'bruno', name: 'Bruno' },
      ],
    });
    await admin.assignOfficials({ matchId: r.matchId, scorers: ['scorer-1'], referees: [] });
    await scorer.decideBreakOrder({ matchId: r.matchId, method: 'COIN_TOSS', winner: 'ana' });
    await scorer.chooseOption({ matchId: r.matchId, player: 'ana', option: 'BREAK' });
    return r.matchId;
  }
  const revisionOf = (r: Result, type: string): number =>
    r.events.find((e: Result) => e.type === type).revision;
  // The corrected ruling, as the ShotCorrected event in the audit trail holds it.
  const correctedRuling = async (matchId: string): Promise<Result> => {
    const audit = await admin.audit(matchId);
    const last = audit[audit.length - 1];
    expect(last.type).toBe('ShotCorrected');
    return last.data.corrected.ruling;
  };
  const shotsPlayed = async (matchId: string): Promise<number> => {
    const res = await server.gql(
      `query($id: String!) { match(id: $id) { currentGame { shotsPlayed } } }`,
      { id: matchId },
    );
    return res.data!.match.currentGame.shotsPlayed;
  };

  it('G1.17: a marked table recorded as a stroke is corrected to a foul without one', async () => {
    const matchId = await schedule('EIGHT_BALL');
    await scorer.recordShot({
      matchId,
      shooter: 'ana',
      firstContact: 1,
      objectBallsDrivenToRail: 5,
      pocketed: [{ ball: 1, pocket: 'FL' }],
    });
    const marked = await scorer.recordShot({
      matchId,
      shooter: 'ana',
      strokeFouls: [{ kind: 'TABLE_MARKED', reportedBy: 'bruno' }],
    });
    expect(marked.ruling.fouls.map((f: Result) => f.kind).sort()).toEqual([
      'NO_FIRST_CONTACT',
      'TABLE_MARKED',
    ]);
    expect(await shotsPlayed(matchId)).toBe(2);
    const corrected = await scorer.correctShot({
      matchId,
      revision: revisionOf(marked, 'ShotPlayed'),
      facts: { noStroke: true },
      reason: 'She marked the table; she never struck the cue ball',
    });
    expect(corrected.match.currentGame.shooter).toBe('bruno');
    expect(await correctedRuling(matchId)).toMatchObject({
      fouls: [{ kind: 'TABLE_MARKED', rule: 'G1.41' }],
      nextShooter: 'bruno',
      ballInHand: 'ANYWHERE',
    });
    expect(await shotsPlayed(matchId)).toBe(1);
  });

  it('N9.2: a shot recorded without its call is corrected to the push out that was declared', async () => {
    const matchId = await schedule('NINE_BALL');
    await scorer.recordShot({
      matchId,
      shooter: 'ana',
      firstContact: 1,
      objectBallsDrivenToRail: 5,
    });
    const shot = await scorer.recordShot({
      matchId,
      shooter: 'bruno',
      firstContact: 4,
      railContactsAfterFirstContact: [{ ball: 0 }],
    });
    expect(shot.ruling.appliedFoul).toMatchObject({ kind: 'WRONG_BALL_FIRST' });
    const corrected = await scorer.correctShot({
      matchId,
      revision: revisionOf(shot, 'ShotPlayed'),
      call: { ball: null, pocket: null, safety: false, pushOut: true },
      reason: 'Bruno declared a push out; I missed it',
    });
    expect(corrected.match.pendingChoice).toMatchObject({ kind: 'AFTER_PUSH_OUT', player: 'ana' });
    expect(await correctedRuling(matchId)).toMatchObject({
      appliedFoul: null,
      pendingChoice: { kind: 'AFTER_PUSH_OUT', player: 'ana' },
    });
  });
});
