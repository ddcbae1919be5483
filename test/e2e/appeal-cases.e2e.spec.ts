import { LedgerClient, type Result } from '../support/ledger-client';
import { removeDir, startServer, type TestServer } from '../support/server';

// The committee's case list over HTTP: appeals across matches in filing order, cursor pages,
// filters, and each appeal's case file (the disputed ruling beside the proposal's ruling).
describe('appeals: the committee case list over GraphQL', () => {
  let server: TestServer;
  const matchIds: string[] = [];

  const LIST = `query($status: AppealStatus, $matchId: String, $filedAfter: DateTime, $first: Int!, $after: String) {
    appeals(status: $status, matchId: $matchId, filedAfter: $filedAfter, first: $first, after: $after) {
      totalCount pageInfo { endCursor hasNextPage }
      edges { cursor node { matchId appealId status filedAt appeal { by againstRevision windowClosesAt decidedBy } } } } }`;

  beforeAll(async () => {
    server = await startServer();
    const admin = new LedgerClient(server, 'ADMIN', 'admin-1');
    const scorer = new LedgerClient(server, 'SCORER', 'scorer-1');
    const ana = new LedgerClient(server, 'PLAYER', 'ana');
    const bruno = new LedgerClient(server, 'PLAYER', 'bruno');
    const committee = new LedgerClient(server, 'APPEALS_COMMITTEE', 'ac-1');
    const players = [
      { id: 'ana', name: 'Ana' },
      { id: 'bruno', name: 'Bruno' },
    ];
    for (let i = 0; i < 2; i++) {
      const { matchId } = await admin.scheduleMatch({ raceTo: 2, ruleProfile: 'FPB', players });
      matchIds.push(matchId);
      await admin.assignOfficials({ matchId, scorers: ['scorer-1'], referees: [] });
      await scorer.decideBreakOrder({ matchId, method: 'COIN_TOSS', winner: 'ana' });
      await scorer.chooseOption({ matchId, player: 'ana', option: 'BREAK' });
      const shot = await scorer.recordShot({
        matchId,
        shooter: 'ana',
        firstContact: 1,
        objectBallsDrivenToRail: 5,
        pocketed: [{ ball: 3, pocket: 'FR' }],
      });
      const ruling = shot.events.find((e: Result) => e.type === 'ShotAdjudicated').revision;
      // Two appeals on one ruling are decided in filing order: Ana's comes first here.
      if (i === 0)
        await ana.fileAppeal({
          matchId,
          againstRevision: ruling,
          grounds: 'The 3 went in the right pocket',
          proposal: { kind: 'REPLAY_GAME' },
        });
      await bruno.fileAppeal({
        matchId,
        againstRevision: ruling,
        grounds: 'The cue ball dropped on the break',
        proposal: { kind: 'AMEND_FACTS', facts: { cueBallScratched: true } },
      });
    }
    await committee.decideAppeal({
      matchId: matchIds[0],
      appealId: 'A1',
      outcome: 'DISMISSED',
      reason: 'Nothing to replay',
      reasonPt: 'Nada a repetir',
    });
  });
  afterAll(async () => {
    await server.close();
    removeDir(server.dataDir);
  });

  const list = async (vars: Record<string, unknown>) => {
    const res = await server.gql(LIST, { first: 50, ...vars });
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    return res.data!.appeals;
  };

  it('pages through appeals across matches in filing order with opaque cursors', async () => {
    const first = await list({ first: 2 });
    expect(first.totalCount).toBe(3);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const rest = await list({ first: 2, after: first.pageInfo.endCursor });
    expect(rest.pageInfo.hasNextPage).toBe(false);
    const all = [...first.edges, ...rest.edges].map((e: Result) => [
      e.node.matchId,
      e.node.appealId,
      e.node.status,
    ]);
    expect(all).toEqual([
      [matchIds[0], 'A1', 'DISMISSED'],
      [matchIds[0], 'A2', 'PENDING'],
      [matchIds[1], 'A1', 'PENDING'],
    ]);
    const bad = await server.gql(LIST, { first: 2, after: 'bm9wZQ' });
    expect(bad.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('filters by status, match and filing time', async () => {
    const pending = await list({ status: 'PENDING' });
    expect(pending.totalCount).toBe(2);
    expect(pending.edges.map((e: Result) => e.node.appeal.by)).toEqual(['bruno', 'bruno']);
    const one = await list({ matchId: matchIds[0] });
    expect(one.edges.map((e: Result) => e.node.appealId)).toEqual(['A1', 'A2']);
    const dismissed = (await list({ status: 'DISMISSED' })).edges[0].node;
    expect(dismissed.appeal.decidedBy).toBe('ac-1');
    const later = await list({ filedAfter: dismissed.filedAt });
    // From the dismissed appeal's filing time on, itself included.
    expect(later.edges.map((e: Result) => [e.node.matchId, e.node.appealId])).toEqual([
      [matchIds[0], 'A1'],
      [matchIds[0], 'A2'],
      [matchIds[1], 'A1'],
    ]);
    expect((await list({ filedAfter: '2999-01-01T00:00:00Z' })).totalCount).toBe(0);
  });

  it('serves the case file: the disputed ruling beside the proposal and the ruling it produces', async () => {
    const res = await server.gql(
      `query($m: String!) { appeals(matchId: $m) { edges { node { appealId appeal { reason reasonPt }
         file { disputed { type revision } shot { type data } recordedRuling { appliedFoul { kind } explanation }
                proposal proposedRuling { appliedFoul { kind rule } explanation } previewRefusal { code }
                decision { type metadata { recordedBy role } explanationPt } } } } } }`,
      { m: matchIds[0] },
    );
    expect(res.errors).toBeUndefined();
    const [anas, brunos] = res.data!.appeals.edges.map((e: Result) => e.node);
    expect(brunos.file.disputed.type).toBe('ShotAdjudicated');
    expect(brunos.file.shot.type).toBe('ShotPlayed');
    expect(brunos.file.shot.data.facts.cueBallScratched).toBe(false);
    expect(brunos.file.recordedRuling.appliedFoul).toBeNull();
    expect(brunos.file.proposal.facts.cueBallScratched).toBe(true);
    expect(brunos.file.proposedRuling.appliedFoul).toEqual({
      kind: 'CUE_BALL_SCRATCHED',
      rule: 'E8.5',
    });
    expect(brunos.file.decision).toBeNull();
    expect(anas.appeal).toEqual({ reason: 'Nothing to replay', reasonPt: 'Nada a repetir' });
    expect(anas.file.decision.metadata).toEqual({ recordedBy: 'ac-1', role: 'APPEALS_COMMITTEE' });
    expect(anas.file.decision.explanationPt).toMatch(/Nada a repetir$/);
  });
});

describe('appeals over GraphQL: a decision set aside on review', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.close();
    removeDir(server.dataDir);
  });

  it('reinstates what the decision superseded: history, audit trail and the case list agree', async () => {
    const admin = new LedgerClient(server, 'ADMIN', 'admin-1');
    const scorer = new LedgerClient(server, 'SCORER', 'scorer-1');
    const players = [
      { id: 'ana', name: 'Ana' },
      { id: 'bruno', name: 'Bruno' },
    ];
    const { matchId } = await admin.scheduleMatch({ raceTo: 2, ruleProfile: 'FPB', players });
    await admin.assignOfficials({ matchId, scorers: ['scorer-1'], referees: [] });
    await scorer.decideBreakOrder({ matchId, method: 'COIN_TOSS', winner: 'ana' });
    await scorer.chooseOption({ matchId, player: 'ana', option: 'BREAK' });
    const shot = await scorer.recordShot({
      matchId,
      shooter: 'ana',
      firstContact: 1,
      objectBallsDrivenToRail: 5,
      pocketed: [{ ball: 3, pocket: 'FR' }],
    });
    const ruling = shot.events.find((e: Result) => e.type === 'ShotAdjudicated').revision;
    await new LedgerClient(server, 'PLAYER', 'bruno').fileAppeal({
      matchId,
      againstRevision: ruling,
      grounds: 'The cue ball dropped on the break',
      proposal: { kind: 'AMEND_FACTS', facts: { cueBallScratched: true } },
    });
    const decided = await new LedgerClient(server, 'APPEALS_COMMITTEE', 'ac-1').decideAppeal({
      matchId,
      appealId: 'A1',
      outcome: 'ALLOWED',
      reason: 'The video shows it',
    });
    const reviewer = new LedgerClient(server, 'APPEALS_REVIEW', 'rv-1');
    const reviewed = await reviewer.reviewAppealDecision({
      matchId,
      appealId: 'A1',
      outcome: 'SET_ASIDE',
      decision: 'DISMISSED',
      reason: 'The video is of another table',
    });
    expect(reviewed.match.currentGame).toMatchObject({ shooter: 'ana', ballInHand: 'NONE' });
    const again = await reviewer.attempt('reviewAppealDecision', 'ReviewAppealDecisionInput', {
      matchId,
      appealId: 'A1',
      outcome: 'CONFIRMED',
      reason: 'again',
    });
    expect(again.errors?.[0].extensions.code).toBe('REVIEW_FINAL');

    const history = await admin.audit(matchId);
    const marks = history.map((h: Result) => [h.revision, h.supersededBy]);
    // The break is in force again; the decision is superseded by the review.
    expect(marks).toContainEqual([ruling, null]);
    expect(marks).toContainEqual([decided.revision, reviewed.revision]);
    const trail = await server.gql(
      `query($m: String!) { auditTrail(filter: { matchId: $m }, first: 100) { edges { node { revision supersededBy } } } }`,
      { m: matchId },
    );
    expect(
      trail.data!.auditTrail.edges.map((e: Result) => [e.node.revision, e.node.supersededBy]),
    ).toEqual(marks);
    const list = await server.gql(
      `{ appeals(status: DISMISSED) { edges { node { appealId appeal { review reviewedBy } } } } }`,
    );
    expect(list.data!.appeals.edges[0].node).toEqual({
      appealId: 'A1',
      appeal: { review: 'SET_ASIDE', reviewedBy: 'rv-1' },
    });
  });
});
