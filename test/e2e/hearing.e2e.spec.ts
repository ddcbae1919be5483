import { competitionWithCommittee } from '../support/competition-setup';
import { appendFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MatchProjector } from '../../src/projections/match-projector';
import { LedgerClient, type Result } from '../support/ledger-client';
import { bearer, removeDir, startServer, type TestServer } from '../support/server';

// A hearing, end to end over HTTP against a real ledger: two players in a competition whose
// appeal settings name a committee; the referee is replaced after the break; the opponent
// appeals the break's ruling, evidence is attached, the former referee (on the committee) is
// recused, a member outside the competition's committee is refused, the committee allows the
// appeal, a later correction is refused, and history, audit trail, score, verification and
// re-adjudication all agree. HEARING_CAPTURE=<file> writes the exchanges for the docs.
const COMPETITION = 'liga-norte-2026';

describe('a hearing: the committee decides a disputed break', () => {
  let server: TestServer;
  let admin: LedgerClient;
  let scorer: LedgerClient;
  let ana: LedgerClient;
  let bruno: LedgerClient;

  const capture = (label: string, value: unknown) => {
    if (process.env.HEARING_CAPTURE)
      appendFileSync(process.env.HEARING_CAPTURE, `## ${label}\n${JSON.stringify(value)}\n`);
  };
  const code = (res: { errors?: { extensions: Record<string, any> }[] }) =>
    res.errors?.[0]?.extensions.code;

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cue-ledger-hearing-'));
    server = await startServer(dir);
    // The competition and its players are registry records; its appeal settings name the committee.
    await competitionWithCommittee(server, {
      competitionId: COMPETITION,
      name: 'Liga Norte 2026',
      players: [
        ['PT-1041', 'Ana Sousa'],
        ['PT-2210', 'Bruno Reis'],
      ],
      members: ['ac-1', 'ac-2', 'referee-1'],
    });
    admin = new LedgerClient(server, 'ADMIN', 'admin-1');
    scorer = new LedgerClient(server, 'SCORER', 'scorer-1');
    ana = new LedgerClient(server, 'PLAYER', 'PT-1041');
    bruno = new LedgerClient(server, 'PLAYER', 'PT-2210');
  });
  afterAll(async () => {
    await server.close();
    removeDir(server.dataDir);
  });

  it('hears the appeal and every view of the ledger agrees', async () => {
    const { matchId } = await admin.scheduleMatch({
      raceTo: 1,
      ruleProfile: 'FPB',
      competition: 'Liga Norte 2026',
      competitionId: COMPETITION,
      players: [
        { id: 'PT-1041', name: 'Ana Sousa' },
        { id: 'PT-2210', name: 'Bruno Reis' },
      ],
    });
    await admin.assignOfficials({ matchId, scorers: ['scorer-1'], referees: ['referee-1'] });
    await scorer.decideBreakOrder({ matchId, method: 'COIN_TOSS', winner: 'PT-1041' });
    await scorer.chooseOption({ matchId, player: 'PT-1041', option: 'BREAK' });
    // The break, officiated by referee-1: the scorer records the 3 down and no scratch.
    const brk = await scorer.recordShot({
      matchId,
      shooter: 'PT-1041',
      firstContact: 1,
      objectBallsDrivenToRail: 5,
      pocketed: [{ ball: 3, pocket: 'FR' }],
    });
    const played = brk.events.find((e: Result) => e.type === 'ShotPlayed').revision;
    const ruled = played + 1;
    // The referee is replaced; Ana plays on and misses the 1.
    await admin.assignOfficials({ matchId, scorers: ['scorer-1'], referees: ['referee-2'] });
    await scorer.callShot({ matchId, player: 'PT-1041', ball: 1, pocket: 'FL' });
    await scorer.recordShot({
      matchId,
      shooter: 'PT-1041',
      firstContact: 1,
      railContactsAfterFirstContact: [{ ball: 0 }],
    });

    // Bruno appeals the break's ruling: the cue ball went down.
    const filed = await bruno.fileAppeal({
      matchId,
      againstRevision: ruled,
      grounds: 'The cue ball dropped in the head-left pocket on the break',
      proposal: { kind: 'AMEND_FACTS', facts: { cueBallScratched: true } },
    });
    capture('fileAppeal', filed.events[0]);
    const appeal = (await caseOf(matchId)).appeal;
    expect(appeal).toMatchObject({ fee: { amount: 25, currency: 'EUR' }, decidedAt: null });
    expect(Date.parse(appeal.decisionDeadline) - Date.parse(appeal.filedAt)).toBe(72 * 3_600_000);

    // Evidence by reference, each piece with its author.
    const evidence = [
      [bruno, { kind: 'VIDEO', url: 'https://video.fpb.example/m/118', atSecond: 754 }],
      [bruno, { kind: 'PHOTO', reference: 'FPB-ARCH-2026-118-3' }],
      [
        ana,
        { kind: 'STATEMENT', text: 'I heard nothing drop; the cue ball came back up the table' },
      ],
      [
        new LedgerClient(server, 'REFEREE', 'referee-2'),
        { kind: 'STATEMENT', text: 'I took over after the break and did not see it' },
      ],
      [
        new LedgerClient(server, 'APPEALS_COMMITTEE', 'ac-2'),
        {
          kind: 'HEARING_NOTES',
          text: 'referee-1, heard as a witness: was watching the rack, not the head-left pocket',
        },
      ],
    ] as const;
    for (const [client, input] of evidence) {
      const r = await client.attachAppealEvidence({ matchId, appealId: 'A1', ...input });
      capture(`attachAppealEvidence ${input.kind}`, r.events[0]);
    }

    // Hearing notes are the panel's: a member outside the competition's committee writes none.
    const outsiderNotes = await new LedgerClient(server, 'APPEALS_COMMITTEE', 'ac-9').attempt(
      'attachAppealEvidence',
      'AttachAppealEvidenceInput',
      { matchId, appealId: 'A1', kind: 'HEARING_NOTES', text: 'I was not there' },
    );
    expect(code(outsiderNotes)).toBe('NOT_ON_COMMITTEE');

    // The former referee sits on the competition's committee: recused. ac-9 is not on it.
    const decide = { matchId, appealId: 'A1', outcome: 'ALLOWED', reason: 'The video shows it' };
    const recused = await new LedgerClient(server, 'APPEALS_COMMITTEE', 'referee-1').attempt(
      'decideAppeal',
      'DecideAppealInput',
      decide,
    );
    expect(code(recused)).toBe('RECUSED');
    capture('decideAppeal by referee-1', recused.errors);
    const outsider = await new LedgerClient(server, 'APPEALS_COMMITTEE', 'ac-9').attempt(
      'decideAppeal',
      'DecideAppealInput',
      decide,
    );
    expect(code(outsider)).toBe('NOT_ON_COMMITTEE');
    capture('decideAppeal by ac-9', outsider.errors);

    // The assigned committee allows it: the break is a foul, Bruno has ball in hand (E8.5).
    const decided = await new LedgerClient(server, 'APPEALS_COMMITTEE', 'ac-2').decideAppeal({
      matchId,
      appealId: 'A1',
      outcome: 'ALLOWED',
      reason: 'The video at 12:34 shows the cue ball dropping in the head-left pocket',
      reasonPt: 'O vídeo aos 12:34 mostra a bola branca a cair no canto superior esquerdo',
    });
    capture('decideAppeal', { events: decided.events, match: decided.match });
    // The competition's fee is settled right after the decision (refunded: allowed).
    expect(decided.events.map((e: Result) => e.type)).toEqual([
      'AppealDecided',
      'AppealFeeSettled',
    ]);
    const decision = decided.events[0].revision;
    expect(decided.match.currentGame).toMatchObject({
      shooter: 'PT-2210',
      ballInHand: 'BEHIND_HEAD_STRING',
    });

    // A later correction of the break is refused: the decision is final.
    const correction = await scorer.attempt('correctShot', 'CorrectShotInput', {
      matchId,
      revision: played,
      facts: { cueBallScratched: false },
      reason: 'I am sure it stayed up',
    });
    expect(code(correction)).toBe('DECISION_FINAL');
    capture('correctShot after the decision', correction.errors);

    // Play resumes: Bruno, from the kitchen, pockets the 8 early and loses (E8.18).
    const last = await scorer.recordShot({
      matchId,
      shooter: 'PT-2210',
      placement: { zone: 'KITCHEN' },
      firstContact: 1,
      pocketed: [{ ball: 8, pocket: 'FL' }],
    });
    expect(last.match).toMatchObject({
      status: 'COMPLETED',
      winner: 'PT-1041',
      players: [
        { id: 'PT-1041', score: 1 },
        { id: 'PT-2210', score: 0 },
      ],
    });

    // The review panel confirms the decision.
    const review = await new LedgerClient(server, 'APPEALS_REVIEW', 'rv-1').reviewAppealDecision({
      matchId,
      appealId: 'A1',
      outcome: 'CONFIRMED',
      reason: 'The video is clear',
    });
    capture('reviewAppealDecision', review.events[0]);

    await agree(matchId, { played, ruled, decision });
  });

  async function caseOf(matchId: string): Promise<Result> {
    const res = await server.gql(
      `query($c: String!, $m: String!) { appeals(competitionId: $c, matchId: $m) { totalCount edges { node {
         appealId status filedAt competitionId
         appeal { by status filedAt windowClosesAt decisionDeadline decidedAt decidedBy reason reasonPt
                  reviewedBy review fee { amount currency }
                  evidence { evidenceId kind by capacity url atSecond reference text } }
         file { disputed { revision type explanation } shot { revision data }
                recordedRuling { appliedFoul { kind rule } explanation }
                proposal proposedRuling { appliedFoul { kind rule } explanation }
                evidence { revision type metadata { recordedBy role } explanation explanationPt }
                decision { revision explanation explanationPt metadata { recordedBy role } }
                review { revision explanation } } } } } }`,
      { c: COMPETITION, m: matchId },
    );
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    expect(res.data!.appeals.totalCount).toBe(1);
    return res.data!.appeals.edges[0].node;
  }

  async function agree(matchId: string, r: { played: number; ruled: number; decision: number }) {
    // History and audit trail mark the same events superseded, by the decision.
    const history = await admin.audit(matchId);
    const trail = await server.gql(
      `query($m: String!) { auditTrail(filter: { matchId: $m }, first: 100) {
         edges { node { revision type supersededBy gameNumber } } } }`,
      { m: matchId },
    );
    const nodes = trail.data!.auditTrail.edges.map((e: Result) => e.node);
    expect(nodes).toEqual(
      history.map((h) => ({
        revision: h.revision,
        type: h.type,
        supersededBy: h.supersededBy,
        gameNumber: h.gameNumber,
      })),
    );
    const superseded = history.filter((h) => h.supersededBy === r.decision).map((h) => h.type);
    expect(superseded).toEqual([
      'ShotPlayed',
      'ShotAdjudicated',
      'ShotCalled',
      'ShotPlayed',
      'ShotAdjudicated',
    ]);
    capture(
      'matchHistory',
      history.map((h) => [h.revision, h.type, h.supersededBy, h.metadata.recordedBy]),
    );

    // matchAt the break's ruling says the decision superseded it.
    const at = await server.gql(
      `{ matchAt(matchId: "${matchId}", revision: ${r.ruled}) { revision
         supersededBy { revision type what recordedBy revisions } } }`,
    );
    expect(at.data!.matchAt.supersededBy).toMatchObject({
      revision: r.decision,
      type: 'AppealDecided',
      recordedBy: 'ac-2',
    });
    capture('matchAt', at.data);

    // Verification (a whole-ledger scan: the committee's token), re-adjudication, the case file.
    const checks = await server.gql(
      `query($m: String!) { verifyLedger { ok firstBreak { reason } }
         readjudicate(matchId: $m) { shotsChecked differences { revision fields } } }`,
      { m: matchId },
      bearer('APPEALS_COMMITTEE', 'ac-2'),
    );
    expect(checks.data!.verifyLedger).toEqual({ ok: true, firstBreak: null });
    expect(checks.data!.readjudicate.differences).toEqual([]);
    capture('verify and readjudicate', checks.data);
    const c = await caseOf(matchId);
    capture('appeals case file', c);
    expect(c).toMatchObject({ status: 'ALLOWED', competitionId: COMPETITION });
    expect(c.appeal).toMatchObject({ decidedBy: 'ac-2', reviewedBy: 'rv-1', review: 'CONFIRMED' });
    expect(c.appeal.evidence.map((e: Result) => [e.kind, e.by, e.capacity])).toEqual([
      ['VIDEO', 'PT-2210', 'APPELLANT'],
      ['PHOTO', 'PT-2210', 'APPELLANT'],
      ['STATEMENT', 'PT-1041', 'OPPONENT'],
      ['STATEMENT', 'referee-2', 'REFEREE'],
      ['HEARING_NOTES', 'ac-2', 'COMMITTEE'],
    ]);
    expect(c.file.evidence.map((e: Result) => e.metadata.recordedBy)).toEqual([
      'PT-2210',
      'PT-2210',
      'PT-1041',
      'referee-2',
      'ac-2',
    ]);
    expect(c.file.recordedRuling.appliedFoul).toBeNull();
    expect(c.file.proposedRuling.appliedFoul).toEqual({ kind: 'CUE_BALL_SCRATCHED', rule: 'E8.5' });
    expect(c.file.decision.metadata).toEqual({ recordedBy: 'ac-2', role: 'APPEALS_COMMITTEE' });

    // The score, and a rebuild from the events reproduces the match exactly.
    const before = await admin.matchRecord(matchId);
    expect(before.players).toEqual([
      { id: 'PT-1041', score: 1 },
      { id: 'PT-2210', score: 0 },
    ]);
    await server.app.get(MatchProjector).rebuild();
    expect(await admin.matchRecord(matchId)).toEqual(before);
  }
});
