import { LedgerClient, type Result } from '../support/ledger-client';
import { removeDir, startServer, type TestServer } from '../support/server';

// The general rules through the API: a lag ruled from its facts, a frozen ball, a placement foul,
// a referee's conduct ruling, and explanations in the federation's language.
describe('general rules over GraphQL (FPB)', () => {
  let server: TestServer;
  let admin: LedgerClient;
  let scorer: LedgerClient;
  let referee: LedgerClient;
  let matchId: string;

  beforeAll(async () => {
    server = await startServer();
    admin = new LedgerClient(server, 'ADMIN', 'admin-1');
    scorer = new LedgerClient(server, 'SCORER', 'scorer-1');
    referee = new LedgerClient(server, 'REFEREE', 'referee-1');
    const s = await admin.scheduleMatch({
      raceTo: 1,
      refereePresent: true,
      players: [
        { id: 'ana', name: 'Ana' },
        { id: 'bruno', name: 'Bruno' },
      ],
    });
    matchId = s.matchId;
    await admin.assignOfficials({ matchId, scorers: ['scorer-1'], referees: ['referee-1'] });
  });
  afterAll(async () => {
    await server.close();
    removeDir(server.dataDir);
  });

  const ptHistory = async (): Promise<Result[]> => {
    const res = await server.gql(
      `query($m: String!) { matchHistory(matchId: $m) { type explanation explanationPt ruling { rules explanationPt appliedFoul { rule detailPt } } } }`,
      { m: matchId },
    );
    return res.data!.matchHistory;
  };

  it('G1.7, G1.6: a double-fault lag is replayed; the second lag is ruled from the distances', async () => {
    const relag = await referee.decideBreakOrder({
      matchId,
      method: 'LAG',
      lag: [
        { player: 'ana', faults: ['POCKETED'] },
        { player: 'bruno', faults: ['TOUCHED_SIDE_CUSHION', 'MISSED_FOOT_CUSHION'] },
      ],
    });
    expect(relag.match.pendingChoice).toBeNull();
    const lag = await referee.decideBreakOrder({
      matchId,
      method: 'LAG',
      lag: [
        { player: 'ana', faults: [], distanceFromHeadCushionMm: 40 },
        { player: 'bruno', faults: [], distanceFromHeadCushionMm: 95 },
      ],
    });
    expect(lag.match.pendingChoice).toMatchObject({ kind: 'BREAK_OR_CEDE', player: 'ana' });
    await scorer.chooseOption({ matchId, player: 'ana', option: 'BREAK' });
    const history = await ptHistory();
    expect(history[history.length - 4].explanationPt).toMatch(/tiragem repete-se/);
  });

  it('G1.36: a declared frozen ball pressed only into its own cushion is a foul, explained in Portuguese', async () => {
    await scorer.recordShot({
      matchId,
      shooter: 'ana',
      firstContact: 1,
      objectBallsDrivenToRail: 5,
      pocketed: [{ ball: 1, pocket: 'FL' }],
    });
    await scorer.callShot({ matchId, player: 'ana', ball: 2, pocket: 'FR' });
    await scorer.recordShot({
      matchId,
      shooter: 'ana',
      firstContact: 2,
      pocketed: [{ ball: 2, pocket: 'FR' }],
    });
    await referee.declareFrozenBall({
      matchId,
      declaredBy: 'ana',
      ball: 3,
      cushion: 'LEFT_HEAD_SIDE',
    });
    const r = await scorer.recordShot({
      matchId,
      shooter: 'ana',
      firstContact: 3,
      railContactsAfterFirstContact: [
        { ball: 3, cushion: 'LEFT_HEAD_SIDE', kind: 'PRESSED_INTO_OWN_CUSHION' },
      ],
    });
    expect(r.ruling).toMatchObject({
      foul: true,
      appliedFoul: { rule: 'G1.36' },
      nextShooter: 'bruno',
    });
    const last = (await ptHistory()).filter((e) => e.type === 'ShotAdjudicated').pop()!;
    expect(last.ruling.explanationPt).toMatch(
      /^Falta de Ana \(G1\.36\).*Bruno tem bola na mão em qualquer ponto da mesa/,
    );
  });

  it('G1.22: an object ball touched while placing the cue ball is a foul', async () => {
    const r = await scorer.recordShot({
      matchId,
      shooter: 'bruno',
      firstContact: 9,
      railContactsAfterFirstContact: [{ ball: 0 }],
      placement: { zone: 'ANYWHERE', touchedObjectBall: true },
    });
    expect(r.ruling.appliedFoul).toMatchObject({
      kind: 'OBJECT_BALL_TOUCHED_WHILE_PLACING',
      rule: 'G1.22',
    });
  });

  it('G1.39: the referee rules unsportsmanlike conduct with loss of game, which ends this race to 1', async () => {
    const r = await referee.recordRefereeRuling({
      matchId,
      kind: 'UNSPORTSMANLIKE_CONDUCT',
      player: 'bruno',
      sanction: 'LOSS_OF_GAME',
      note: 'shot out of turn',
    });
    expect(r.events.map((e: Result) => e.type)).toEqual([
      'RefereeRuled',
      'GameEnded',
      'MatchEnded',
    ]);
    // The response files each event under the game it happened in, as matchHistory does.
    expect(r.events.map((e: Result) => e.gameNumber)).toEqual([1, 1, 1]);
    expect(r.match).toMatchObject({ status: 'COMPLETED', winner: 'ana' });
  });
});
