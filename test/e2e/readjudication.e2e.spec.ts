import { FOUL_CATALOGUE } from '../../src/domain/rules/foul-catalogue';
import { LedgerClient, type Result } from '../support/ledger-client';
import { removeDir, startServer, type TestServer } from '../support/server';

// Over HTTP: re-adjudication with an engine that numbers one rule differently (G1.20, the
// scratch) reports every official ruling that cites it, wherever the record holds it: a shot's
// ruling, a scorer's correction and a committee's decision; the ruling a correction replaced is
// reported apart, as no longer official.
describe('re-adjudication of every official ruling over GraphQL', () => {
  let server: TestServer;
  const entry = FOUL_CATALOGUE.CUE_BALL_SCRATCHED as { rule: string };

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    entry.rule = 'G1.20';
    await server.close();
    removeDir(server.dataDir);
  });

  const revisionOf = (r: Result, type: string): number =>
    r.events.find((e: Result) => e.type === type).revision;

  it('reports the rulings inside corrections and AppealDecided events that cite a renumbered rule', async () => {
    const admin = new LedgerClient(server, 'ADMIN', 'admin-1');
    const scorer = new LedgerClient(server, 'SCORER', 'scorer-1');
    const bruno = new LedgerClient(server, 'PLAYER', 'bruno');
    const committee = new LedgerClient(server, 'APPEALS_COMMITTEE', 'ac-1');
    const { matchId } = await admin.scheduleMatch({
      refereePresent: true,
      breakOrder: 'WINNER',
      players: [
        { id: 'ana', name: 'Ana' },
        { id: 'bruno', name: 'Bruno' },
      ],
      raceTo: 2,
      appealWindowMinutes: 60,
    });
    await admin.assignOfficials({ matchId, scorers: ['scorer-1'], referees: ['referee-1'] });
    await scorer.decideBreakOrder({ matchId, method: 'LAG', winner: 'ana' });
    await scorer.chooseOption({ matchId, player: 'ana', option: 'BREAK' });
    const shot = (shooter: string, facts: Record<string, unknown>) =>
      scorer.recordShot({ matchId, shooter, ...facts });
    await shot('ana', {
      firstContact: 1,
      objectBallsDrivenToRail: 5,
      pocketed: [{ ball: 3, pocket: 'FR' }],
    });
    await scorer.callShot({ matchId, player: 'ana', ball: 5, pocket: 'SL' });
    const five = await shot('ana', { firstContact: 5, pocketed: [{ ball: 5, pocket: 'SL' }] });
    // Bruno: the cue ball followed the 5 in (G1.20); the committee allows it.
    await bruno.fileAppeal({
      matchId,
      againstRevision: revisionOf(five, 'ShotAdjudicated'),
      grounds: 'The cue ball followed the 5 into the side pocket',
      proposal: { kind: 'AMEND_FACTS', facts: { cueBallScratched: true } },
    });
    const decided = await committee.decideAppeal({
      matchId,
      appealId: 'A1',
      outcome: 'ALLOWED',
      reason: 'Seen on video',
    });
    // Bruno scratches; the scorer corrects it away (that ruling is superseded).
    await scorer.callShot({ matchId, player: 'bruno', ball: 1, pocket: 'FL' });
    const scratch = await shot('bruno', {
      firstContact: 1,
      railContactsAfterFirstContact: [{ ball: 1 }],
      cueBallScratched: true,
    });
    await scorer.correctShot({
      matchId,
      revision: revisionOf(scratch, 'ShotPlayed'),
      facts: { cueBallScratched: false },
      reason: 'The cue ball stopped in the jaws',
    });
    // Ana's safe becomes a scratch by correction; Bruno, in hand, scratches (left as recorded).
    const safe = await shot('ana', {
      firstContact: 2,
      railContactsAfterFirstContact: [{ ball: 2 }],
    });
    const corrected = await scorer.correctShot({
      matchId,
      revision: revisionOf(safe, 'ShotPlayed'),
      facts: { cueBallScratched: true },
      reason: 'The cue ball dropped after the safe',
    });
    const last = await shot('bruno', {
      firstContact: 4,
      railContactsAfterFirstContact: [{ ball: 4 }],
      cueBallScratched: true,
    });

    const query = `query($m: String) { readjudicate(matchId: $m) {
      shotsChecked rulingsChecked supersededChecked
      differences { revision source appealId fields current { appliedFoul { rule } } }
      superseded { revision source fields } } }`;
    const before = await server.gql(query, { m: matchId });
    expect(before.data!.readjudicate).toMatchObject({
      shotsChecked: 5,
      rulingsChecked: 5,
      supersededChecked: 3,
      differences: [],
      superseded: [],
    });

    entry.rule = 'G1.20-renumbered';
    const r = (await server.gql(query, { m: matchId })).data!.readjudicate;
    const renumbered = {
      fields: ['fouls', 'appliedFoul'],
      current: { appliedFoul: { rule: 'G1.20-renumbered' } },
    };
    expect(r.differences).toEqual([
      { revision: decided.revision, source: 'DECISION', appealId: 'A1', ...renumbered },
      { revision: corrected.revision, source: 'CORRECTION', appealId: null, ...renumbered },
      {
        revision: revisionOf(last, 'ShotAdjudicated'),
        source: 'SHOT',
        appealId: null,
        ...renumbered,
      },
    ]);
    expect(r.superseded).toEqual([
      {
        revision: revisionOf(scratch, 'ShotAdjudicated'),
        source: 'SHOT',
        fields: renumbered.fields,
      },
    ]);
  });
});
