import { castOf, type Cast } from '../support/cast';
import type { Result } from '../support/ledger-client';
import { bearer, removeDir, startServer, type TestServer } from '../support/server';

// Over HTTP: two appeals pending on one game are decided in table order, whichever the committee
// opens first, so both orders leave the same record; a review that sets the decision aside gives
// back the appeal it made moot.
describe('appeals decided in table order over GraphQL', () => {
  let server: TestServer;
  let cast: Cast;

  beforeAll(async () => {
    server = await startServer();
    cast = castOf(server);
  });
  afterAll(async () => {
    await server.close();
    removeDir(server.dataDir);
  });

  // Ana breaks (the 3 down) and misses the 1 (shot 2, ruled legal); Bruno misses the 2 (shot 3,
  // ruled legal). A1 (Bruno): no cushion after contact on shot 2 (G1.19); A2 (Ana): Bruno's cue
  // ball dropped on shot 3.
  async function twoAppeals(): Promise<string> {
    const { matchId } = await cast.admin.scheduleMatch({
      refereePresent: true,
      breakOrder: 'WINNER',
      raceTo: 2,
      players: [
        { id: 'ana', name: 'Ana' },
        { id: 'bruno', name: 'Bruno' },
      ],
    });
    await cast.admin.assignOfficials({ matchId, scorers: ['scorer-1'], referees: ['referee-1'] });
    await cast.scorer.decideBreakOrder({ matchId, method: 'LAG', winner: 'ana' });
    await cast.scorer.chooseOption({ matchId, player: 'ana', option: 'BREAK' });
    const miss = { firstContact: 1, railContactsAfterFirstContact: [{ ball: 0 }] };
    await cast.scorer.recordShot({
      matchId,
      shooter: 'ana',
      firstContact: 1,
      objectBallsDrivenToRail: 5,
      pocketed: [{ ball: 3, pocket: 'FR' }],
      railContactsAfterFirstContact: [{ ball: 0 }],
    });
    await cast.scorer.callShot({ matchId, player: 'ana', ball: 1, pocket: 'FL' });
    const shot2 = await cast.scorer.recordShot({ matchId, shooter: 'ana', ...miss });
    await cast.scorer.callShot({ matchId, player: 'bruno', ball: 1, pocket: 'FL' });
    const shot3 = await cast.scorer.recordShot({ matchId, shooter: 'bruno', ...miss });
    await cast.bruno.fileAppeal({
      matchId,
      againstRevision: shot2.revision,
      grounds: 'Nothing reached a cushion after the 1 was hit',
      proposal: { kind: 'AMEND_FACTS', facts: { railContactsAfterFirstContact: [] } },
    });
    await cast.ana.fileAppeal({
      matchId,
      againstRevision: shot3.revision,
      grounds: 'The cue ball dropped in the foot left pocket',
      proposal: { kind: 'AMEND_FACTS', facts: { cueBallScratched: true } },
    });
    return matchId;
  }

  const allow = (matchId: string, appealId: string) => ({
    matchId,
    appealId,
    outcome: 'ALLOWED',
    reason: 'The table camera shows it',
  });

  // The record as the committee and the players read it, without the match's id and the times.
  async function record(matchId: string): Promise<unknown> {
    const { id: _id, ...match } = await cast.admin.matchRecord(matchId);
    const history = (await cast.admin.audit(matchId)).map((e: Result) => [
      e.revision,
      e.type,
      e.supersededBy,
      e.explanation,
      e.metadata.recordedBy,
    ]);
    return { match, history };
  }

  it('the two-appeal story gives the same record in both orders; the later one waits with APPEAL_EARLIER_PENDING', async () => {
    const first = await twoAppeals();
    const preview = await server.gql(
      `query($i: AppealPreviewInput!) { appealPreview(input: $i) { forecloses { appealId reason } } }`,
      { i: { matchId: first, appealId: 'A1' } },
    );
    expect(preview.data!.appealPreview.forecloses).toEqual([
      {
        appealId: 'A2',
        reason: expect.stringMatching(
          /^the decision on appeal A1 superseded the event it disputes/,
        ),
      },
    ]);
    const decided = await cast.committee.decideAppeal(allow(first, 'A1'));
    expect(decided.events.map((e: Result) => e.type)).toEqual(['AppealDecided', 'AppealMooted']);

    const second = await twoAppeals();
    const refused = await cast.committee.attempt(
      'decideAppeal',
      'DecideAppealInput',
      allow(second, 'A2'),
    );
    expect(refused.errors?.[0]).toMatchObject({
      message: expect.stringMatching(/^Appeal A1 disputes an earlier event \(revision \d+\)/),
      extensions: { code: 'APPEAL_EARLIER_PENDING', appealId: 'A1' },
    });
    await cast.committee.decideAppeal(allow(second, 'A1'));

    expect(await record(second)).toEqual(await record(first));
    const m = await server.gql(
      `query($id: String!) { match(id: $id) { appeals { id status mootedBy } } }`,
      { id: second },
    );
    expect(m.data!.match.appeals).toEqual([
      { id: 'A1', status: 'ALLOWED', mootedBy: null },
      { id: 'A2', status: 'MOOT', mootedBy: 'A1' },
    ]);
  });

  it('a review that sets the decision aside reopens the appeal it made moot, which can then be allowed', async () => {
    const matchId = await twoAppeals();
    await cast.committee.decideAppeal(allow(matchId, 'A1'));
    const reviewed = await cast.review.reviewAppealDecision({
      matchId,
      appealId: 'A1',
      outcome: 'SET_ASIDE',
      decision: 'DISMISSED',
      reason: 'The second camera shows the cue ball reached the cushion',
    });
    expect(reviewed.events[0].explanation).toContain(
      'Appeal A2, made moot by the decision, is pending again.',
    );
    await cast.committee.decideAppeal(allow(matchId, 'A2'));
    const after = await cast.admin.matchRecord(matchId);
    expect(after.appeals.map((a: Result) => [a.id, a.status])).toEqual([
      ['A1', 'DISMISSED'],
      ['A2', 'ALLOWED'],
    ]);
    expect(after.currentGame).toMatchObject({ shooter: 'ana', ballInHand: 'ANYWHERE' });
  });

  it('a competition’s window is frozen into its match when scheduled: a later change does not reach back; Match.appealWindow shows it', async () => {
    const write = async (mutation: string, type: string, input: Record<string, unknown>) => {
      const res = await server.gql(
        `mutation($i: ${type}!) { ${mutation}(input: $i) { revision } }`,
        { i: { commandId: `w-${mutation}-${JSON.stringify(input).length}`, ...input } },
        bearer('RECORD_KEEPER', 'keeper-1'),
      );
      expect(res.errors).toBeUndefined();
    };
    for (const [licenceId, displayName] of [
      ['PT-1041', 'Ana Sousa'],
      ['PT-2210', 'Bruno Reis'],
    ])
      await write('registerPlayer', 'RegisterPlayerInput', { licenceId, displayName });
    await write('createCompetition', 'CreateCompetitionInput', {
      competitionId: 'taca-2026',
      name: 'Taça 2026',
      discipline: 'EIGHT_BALL',
      ruleProfile: 'FPB',
      season: '2026',
      appealWindowMinutes: 60,
      appealWindowStart: 'GAME_END',
    });
    const { matchId } = await cast.admin.scheduleMatch({
      raceTo: 2,
      breakOrder: 'WINNER',
      refereePresent: true,
      competitionId: 'taca-2026',
      players: [{ id: 'PT-1041' }, { id: 'PT-2210' }],
    });
    await write('updateCompetition', 'UpdateCompetitionInput', {
      competitionId: 'taca-2026',
      appealWindowMinutes: 1,
      appealWindowStart: 'SHOT',
    });
    await cast.admin.assignOfficials({ matchId, scorers: ['scorer-1'], referees: ['referee-1'] });
    await cast.scorer.decideBreakOrder({ matchId, method: 'LAG', winner: 'PT-1041' });
    await cast.scorer.chooseOption({ matchId, player: 'PT-1041', option: 'BREAK' });
    const res = await server.gql(
      `query($id: String!) { match(id: $id) { appealWindowMinutes
         appealWindow { minutes start frozen games { gameNumber closesAt } } } }
       `,
      { id: matchId },
    );
    expect(res.data!.match).toEqual({
      appealWindowMinutes: 60,
      appealWindow: {
        minutes: 60,
        start: 'GAME_END',
        frozen: true,
        games: [{ gameNumber: 1, closesAt: null }],
      },
    });
    const c = await server.gql(
      `{ competition(id: "taca-2026") { appealWindowMinutes appealWindowStart } }`,
    );
    expect(c.data!.competition).toEqual({ appealWindowMinutes: 1, appealWindowStart: 'SHOT' });
  });

  it('a party asks for the review within the window; the review takes evidence and its reason in Portuguese', async () => {
    const matchId = await twoAppeals();
    await cast.committee.decideAppeal(allow(matchId, 'A1'));
    const asked = await cast.ana.requestAppealReview({
      matchId,
      appealId: 'A1',
      reason: 'The foot rail camera was not viewed',
    });
    expect(asked.events[0]).toMatchObject({
      type: 'AppealReviewRequested',
      explanation:
        'Ana asks for the review of the decision on appeal A1: The foot rail camera was not viewed',
      metadata: { recordedBy: 'ana', role: 'PLAYER' },
    });
    const again = await cast.bruno.attempt('requestAppealReview', 'RequestAppealReviewInput', {
      matchId,
      appealId: 'A1',
      reason: 'me too',
    });
    expect(again.errors?.[0].extensions).toMatchObject({
      code: 'REVIEW_ALREADY_REQUESTED',
      appealId: 'A1',
    });
    await cast.ana.attachAppealEvidence({
      matchId,
      appealId: 'A1',
      kind: 'VIDEO',
      url: 'https://video.example/m/7',
      atSecond: 312,
    });
    const reviewed = await cast.review.reviewAppealDecision({
      matchId,
      appealId: 'A1',
      outcome: 'CONFIRMED',
      reason: 'The foot rail camera shows no cushion either',
      reasonPt: 'A câmara do fundo também não mostra tabela',
    });
    expect(reviewed.events[0].type).toBe('AppealReviewed');
    const m = await server.gql(
      `query($id: String!) { match(id: $id) { appeals { id reviewRequestedBy review reasonPt
         evidence { kind atSecond forReview } } } }`,
      { id: matchId },
    );
    expect(m.data!.match.appeals[0]).toEqual({
      id: 'A1',
      reviewRequestedBy: 'ana',
      review: 'CONFIRMED',
      // A confirmation keeps the decision's reasons; the panel's are in its event.
      reasonPt: null,
      evidence: [{ kind: 'VIDEO', atSecond: 312, forReview: true }],
    });
  });
});
