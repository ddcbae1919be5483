import { randomUUID } from 'node:crypto';
import { LedgerClient } from '../support/ledger-client';
import { bearer, removeDir, startServer, type TestServer } from '../support/server';

// Engine 1.4.0 over GraphQL, 9-ball (WPA): one break stroke breaking G1.9 and G1.29 is warned
// under both (A14), the ruling lists them in warningsIssued and the deprecated warningIssued still
// answers with the first; a declared safety in 9-ball is refused (A13, N9.3).
describe('engine 1.4.0 over GraphQL (9-ball, WPA)', () => {
  let server: TestServer;
  let scorer: LedgerClient;
  let matchId: string;

  beforeAll(async () => {
    server = await startServer();
    const admin = new LedgerClient(server, 'ADMIN', 'admin-1');
    const s = await admin.scheduleMatch({
      discipline: 'NINE_BALL',
      ruleProfile: 'WPA',
      raceTo: 2,
      refereePresent: true,
      players: [
        { id: 'ana', name: 'Ana' },
        { id: 'bruno', name: 'Bruno' },
      ],
    });
    matchId = s.matchId;
    await admin.assignOfficials({ matchId, scorers: ['scorer-1'], referees: ['referee-1'] });
    scorer = new LedgerClient(server, 'SCORER', 'scorer-1');
    await scorer.decideBreakOrder({ matchId, method: 'COIN_TOSS', winner: 'ana' });
    await scorer.chooseOption({ matchId, player: 'ana', option: 'BREAK' });
  });
  afterAll(async () => {
    await server.close();
    removeDir(server.dataDir);
  });

  it('A14, G1.9, G1.29: both warnings in one ruling, each on the player; the old field answers the first', async () => {
    const res = await server.gql(
      `mutation($input: RecordShotInput!) { recordShot(input: $input) { revision
         ruling { warningsIssued warningIssued pendingChoice { kind player } explanation }
         match { players { id warnings } } } }`,
      {
        input: {
          commandId: randomUUID(),
          matchId,
          expectedRevision: server.revisions.get(matchId),
          shooter: 'ana',
          firstContact: 1,
          objectBallsDrivenToRail: 5,
          strokeFouls: [
            { kind: 'BREAK_CUE_BALL_INTERFERENCE', reportedBy: 'referee-1' },
            { kind: 'NON_TIP_CONTACT', intentional: true, reportedBy: 'referee-1' },
          ],
        },
      },
      bearer('SCORER', 'scorer-1'),
    );
    expect(res.errors).toBeUndefined();
    const shot = res.data!.recordShot;
    server.revisions.set(matchId, shot.revision);
    expect(shot.ruling).toMatchObject({
      warningsIssued: ['G1.9', 'G1.29'],
      warningIssued: 'G1.9',
      pendingChoice: { kind: 'BREAK_INTERFERENCE', player: 'bruno' },
    });
    expect(shot.ruling.explanation).toContain('(A14, A10)');
    expect(shot.match.players).toEqual([
      { id: 'ana', warnings: ['G1.9', 'G1.29'] },
      { id: 'bruno', warnings: [] },
    ]);
  });

  it('A13, N9.3: a declared safety is refused with INVALID_SHOT_FACTS and nothing is recorded', async () => {
    await scorer.chooseOption({ matchId, player: 'bruno', option: 'RERACK_OPPONENT_BREAKS' });
    await scorer.recordShot({
      matchId,
      shooter: 'ana',
      firstContact: 1,
      objectBallsDrivenToRail: 5,
      pocketed: [{ ball: 1, pocket: 'FL' }],
    });
    const before = server.revisions.get(matchId);
    const res = await scorer.attempt('callShot', 'CallShotInput', {
      matchId,
      player: 'ana',
      ball: null,
      pocket: null,
      safety: true,
    });
    expect(res.errors?.[0].extensions).toMatchObject({ code: 'INVALID_SHOT_FACTS', rule: 'N9.3' });
    const m = await scorer.match(matchId);
    expect(m).toMatchObject({ revision: before, currentGame: { shooter: 'ana', call: null } });
  });
});
