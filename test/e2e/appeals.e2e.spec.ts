import { MatchProjector } from '../../src/projections/match-projector';
import { castOf, type Cast } from '../support/cast';
import { LedgerClient, type Result } from '../support/ledger-client';
import { bearer, removeDir, startServer, type TestServer } from '../support/server';

// Whole-ledger scans need an admin (or appeals committee) token.
const ADMIN = bearer('ADMIN', 'admin-1');

// Over HTTP: corrections, appeals (file → preview → decide) and sign-off, told as the
// stories a federation's appeals committee sees, each ending with the whole history.
describe('corrections, appeals and sign-off over GraphQL', () => {
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

  async function schedule(opts: Record<string, unknown>): Promise<string> {
    const r = await cast.admin.scheduleMatch({
      refereePresent: true,
      breakOrder: 'WINNER',
      players: [
        { id: 'ana', name: 'Ana' },
        { id: 'bruno', name: 'Bruno' },
      ],
      ...opts,
    });
    await cast.admin.assignOfficials({
      matchId: r.matchId,
      scorers: ['scorer-1'],
      referees: ['referee-1'],
    });
    await cast.scorer.decideBreakOrder({ matchId: r.matchId, method: 'LAG', winner: 'ana' });
    await cast.scorer.chooseOption({ matchId: r.matchId, player: 'ana', option: 'BREAK' });
    return r.matchId;
  }

  const revisionOf = (r: Result, type: string): number =>
    r.events.find((e: Result) => e.type === type).revision;
  const code = (res: { errors?: { extensions: Record<string, any> }[] }) =>
    res.errors?.[0]?.extensions.code;

  it('story 1: a missed foul on the break: the appeal is allowed and the game changes winner (9-ball, N9.3, G1.20); sign-off makes it final; a rebuild reproduces it', async () => {
    const matchId = await schedule({
      discipline: 'NINE_BALL',
      ruleProfile: 'WPA',
      raceTo: 1,
      appealWindowMinutes: 60,
    });
    // The scorer records the 9 on the break: Ana wins the game and the match (N9.3).
    const brk = await cast.scorer.recordShot({
      matchId,
      shooter: 'ana',
      firstContact: 1,
      objectBallsDrivenToRail: 5,
      pocketed: [{ ball: 9, pocket: 'FR' }],
    });
    expect(brk.ruling.gameResult).toMatchObject({ winner: 'ana', rule: 'N9.3' });
    expect(brk.match).toMatchObject({ status: 'COMPLETED', winner: 'ana' });
    const ruled = revisionOf(brk, 'ShotAdjudicated');
    await cast.ana.signOffMatch({ matchId });
    expect(await cast.admin.matchRecord(matchId)).toMatchObject({
      final: false,
      signatures: ['ana'],
    });

    // Bruno saw the cue ball drop; he appeals before signing.
    const filed = await cast.bruno.fileAppeal({
      matchId,
      againstRevision: ruled,
      grounds: 'The cue ball went into the head-left pocket on the break; the scorer missed it',
      proposal: { kind: 'AMEND_FACTS', facts: { cueBallScratched: true } },
    });
    expect(filed.events[0]).toMatchObject({ type: 'AppealFiled', metadata: { role: 'PLAYER' } });
    const appealed = filed.revision;

    // Preview: the what-if beside the record; nothing is appended.
    const preview = await cast.bruno.appealPreview(matchId, 'A1');
    expect(preview.streamRevision).toBe(appealed);
    expect(preview.recorded).toMatchObject({ status: 'COMPLETED', winner: 'ana' });
    expect(preview.amended).toMatchObject({
      status: 'IN_PLAY',
      winner: null,
      players: [
        { id: 'ana', score: 0 },
        { id: 'bruno', score: 0 },
      ],
      currentGame: { number: 1, shooter: 'bruno', ballInHand: 'ANYWHERE' },
    });
    // N9.4: the 9 pocketed on a foul is spotted; G1.20 the scratch.
    expect(preview.amended.currentGame.ballsOnTable).toContain(9);
    expect(preview.ruling).toMatchObject({
      foul: true,
      appliedFoul: { kind: 'CUE_BALL_SCRATCHED' },
      spotted: [9],
      gameResult: null,
    });
    expect(preview.recordedRuling.foul).toBe(false);
    expect((await cast.admin.match(matchId)).revision).toBe(appealed);

    // Recusal: the match's referee, sitting on the committee, may not decide it.
    const recused = await new LedgerClient(server, 'APPEALS_COMMITTEE', 'referee-1').attempt(
      'decideAppeal',
      'DecideAppealInput',
      { matchId, appealId: 'A1', outcome: 'ALLOWED', reason: 'video' },
    );
    expect(code(recused)).toBe('RECUSED');

    const decided = await cast.committee.decideAppeal({
      matchId,
      appealId: 'A1',
      outcome: 'ALLOWED',
      reason: 'The table camera shows the cue ball dropping in HL',
    });
    expect(decided.match).toMatchObject({
      status: 'IN_PLAY',
      winner: null,
      currentGame: { shooter: 'bruno', ballInHand: 'ANYWHERE' },
    });
    const decision = decided.revision;

    // Play resumes from the amended position: Bruno plays the 1–9 combination and wins (N9.3).
    const win = await cast.scorer.recordShot({
      matchId,
      shooter: 'bruno',
      firstContact: 1,
      pocketed: [{ ball: 9, pocket: 'SL' }],
    });
    expect(win.match).toMatchObject({
      status: 'COMPLETED',
      winner: 'bruno',
      players: [
        { id: 'ana', score: 0 },
        { id: 'bruno', score: 1 },
      ],
      games: [{ number: 1, winner: 'bruno', loser: 'ana' }],
    });

    // Ana's signature was on the result the appeal changed: both sign again, then the match is final.
    expect((await cast.admin.matchRecord(matchId)).signatures).toEqual([]);
    await cast.ana.signOffMatch({ matchId });
    const final = await cast.bruno.signOffMatch({ matchId });
    expect(final.events.map((e: Result) => e.type)).toEqual(['MatchSigned', 'MatchSignedOff']);
    const record = await cast.admin.matchRecord(matchId);
    expect(record).toMatchObject({
      final: true,
      signatures: ['ana', 'bruno'],
      appeals: [
        { id: 'A1', by: 'bruno', status: 'ALLOWED', decidedBy: 'ac-1', remedy: 'AMEND_FACTS' },
      ],
    });

    // Final: table writes and new appeals are refused.
    const late = await cast.ana.attempt('fileAppeal', 'FileAppealInput', {
      matchId,
      againstRevision: win.revision - 1,
      grounds: 'g',
      proposal: { kind: 'REPLAY_GAME' },
    });
    expect(code(late)).toBe('MATCH_SIGNED_OFF');
    const write = await cast.scorer.attempt('recordShot', 'RecordShotInput', {
      matchId,
      shooter: 'ana',
      firstContact: 1,
    });
    expect(code(write)).toBe('MATCH_SIGNED_OFF');

    // The whole story: original ruling (superseded) → appeal → decision (with its preview) → new result.
    const audit = await cast.admin.audit(matchId);
    const story = audit.slice(5).map((e) => [e.type, e.supersededBy]);
    expect(story).toEqual([
      ['ShotPlayed', decision],
      ['ShotAdjudicated', decision],
      ['GameEnded', decision],
      ['MatchEnded', decision],
      ['MatchSigned', null],
      ['AppealFiled', null],
      ['AppealDecided', null],
      ['ShotPlayed', null],
      ['ShotAdjudicated', null],
      ['GameEnded', null],
      ['MatchEnded', null],
      ['MatchSigned', null],
      ['MatchSigned', null],
      ['MatchSignedOff', null],
    ]);
    const decidedEvent = audit.find((e) => e.type === 'AppealDecided')!;
    expect(decidedEvent.data).toMatchObject({
      outcome: 'ALLOWED',
      decidedBy: 'ac-1',
      remedy: { kind: 'AMEND_FACTS', facts: { cueBallScratched: true } },
      recorded: { status: 'COMPLETED', winner: 'ana' },
      amended: { status: 'IN_PLAY', winner: null },
      reopened: true,
    });
    expect(decidedEvent.metadata).toEqual({ recordedBy: 'ac-1', role: 'APPEALS_COMMITTEE' });
    expect(decidedEvent.explanation).toMatch(/Appeal A1 by Bruno is allowed/);

    // A rebuild from the events reproduces the post-appeal state exactly.
    const before = await cast.admin.matchRecord(matchId);
    await server.app.get(MatchProjector).rebuild();
    expect(await cast.admin.matchRecord(matchId)).toEqual(before);
  });

  it('story 2: the appeal on a disputed called pocket is dismissed: the record stands (G1.4, G1.5)', async () => {
    const matchId = await schedule({ raceTo: 2 });
    await cast.scorer.recordShot({
      matchId,
      shooter: 'ana',
      firstContact: 1,
      objectBallsDrivenToRail: 5,
      pocketed: [{ ball: 3, pocket: 'FR' }],
    });
    await cast.scorer.callShot({ matchId, player: 'ana', ball: 5, pocket: 'SL' });
    const shot = await cast.scorer.recordShot({
      matchId,
      shooter: 'ana',
      firstContact: 5,
      railContactsAfterFirstContact: [{ ball: 0 }],
      pocketed: [{ ball: 5, pocket: 'FR' }],
    });
    // The 5 dropped in FR, not the called SL: the turn passes.
    expect(shot.ruling).toMatchObject({ foul: false, nextShooter: 'bruno' });
    const recorded = shot.match;

    const filed = await cast.ana.fileAppeal({
      matchId,
      againstRevision: revisionOf(shot, 'ShotAdjudicated'),
      grounds: 'I called the 5 in the foot-right pocket, not the side',
      proposal: { kind: 'AMEND_FACTS', call: { ball: 5, pocket: 'FR' } },
    });
    const preview = await cast.ana.appealPreview(matchId, 'A1');
    expect(preview.streamRevision).toBe(filed.revision);
    expect(preview.recorded.currentGame).toMatchObject({ shooter: 'bruno', groups: null });
    // With FR as the call she would have continued on the solids (E8.9).
    expect(preview.amended.currentGame).toMatchObject({
      shooter: 'ana',
      groups: [
        { player: 'ana', group: 'SOLIDS' },
        { player: 'bruno', group: 'STRIPES' },
      ],
    });
    expect((await cast.admin.match(matchId)).revision).toBe(filed.revision);

    const decided = await cast.committee.decideAppeal({
      matchId,
      appealId: 'A1',
      outcome: 'DISMISSED',
      reason: 'The referee and the scorer both heard the side pocket called',
    });
    // The record stands: the same position, score 0–0, Bruno to shoot.
    expect(decided.match.currentGame).toEqual(recorded.currentGame);
    expect(decided.match.players).toEqual(recorded.players);
    expect(decided.events[0].explanation).toMatch(/dismissed and the record stands/);

    const again = await cast.committee.attempt('decideAppeal', 'DecideAppealInput', {
      matchId,
      appealId: 'A1',
      outcome: 'ALLOWED',
      reason: 'second thoughts',
    });
    expect(code(again)).toBe('APPEAL_ALREADY_DECIDED');

    const audit = await cast.admin.audit(matchId);
    expect(audit.slice(-5).map((e) => [e.type, e.supersededBy])).toEqual([
      ['ShotCalled', null],
      ['ShotPlayed', null],
      ['ShotAdjudicated', null],
      ['AppealFiled', null],
      ['AppealDecided', null],
    ]);
    expect(audit[audit.length - 1].data).toMatchObject({
      outcome: 'DISMISSED',
      remedy: null,
      resulting: null,
      recorded: { currentGame: { shooter: 'bruno' } },
      amended: { currentGame: { shooter: 'ana' } },
    });
    expect((await cast.admin.matchRecord(matchId)).appeals).toEqual([
      expect.objectContaining({ id: 'A1', status: 'DISMISSED', remedy: null }),
    ]);
  });

  it('story 3: outside interference ruled restored, appealed: the balls could not be restored, so the frame is replayed with the same breaker (G1.33)', async () => {
    const matchId = await schedule({ raceTo: 2 });
    await cast.scorer.recordShot({
      matchId,
      shooter: 'ana',
      firstContact: 1,
      objectBallsDrivenToRail: 5,
      pocketed: [{ ball: 3, pocket: 'FR' }],
    });
    const interference = await cast.referee.recordRefereeRuling({
      matchId,
      kind: 'OUTSIDE_INTERFERENCE',
      restored: true,
      note: "A spectator's bag knocked the 2 and the 11",
    });
    const ruling = interference.revision;
    await cast.scorer.callShot({ matchId, player: 'ana', ball: 2, pocket: 'FL' });
    await cast.scorer.recordShot({
      matchId,
      shooter: 'ana',
      firstContact: 2,
      railContactsAfterFirstContact: [{ ball: 0 }],
    });

    await cast.bruno.fileAppeal({
      matchId,
      againstRevision: ruling,
      grounds: 'Nobody had marked the 2 and the 11: the balls could not be restored',
      proposal: { kind: 'REPLAY_GAME' },
    });
    const preview = await cast.bruno.appealPreview(matchId, 'A1');
    expect(preview.amended.currentGame).toMatchObject({
      number: 1,
      rack: 2,
      breaker: 'ana',
      shooter: 'ana',
      isBreakShot: true,
      pocketed: [],
    });
    expect(preview.amended.currentGame.ballsOnTable).toHaveLength(15);
    expect(preview.supersedes).toEqual([ruling, ruling + 1, ruling + 2, ruling + 3]);

    const decided = await cast.committee.decideAppeal({
      matchId,
      appealId: 'A1',
      outcome: 'ALLOWED',
      reason: 'The referee confirms the positions were not marked; G1.33 requires a replay',
    });
    expect(decided.match.currentGame).toMatchObject({ rack: 2, breaker: 'ana', isBreakShot: true });
    expect(decided.match.players).toEqual([
      { id: 'ana', score: 0 },
      { id: 'bruno', score: 0 },
    ]);

    // The replayed frame is played on.
    const rebreak = await cast.scorer.recordShot({
      matchId,
      shooter: 'ana',
      firstContact: 1,
      objectBallsDrivenToRail: 6,
      pocketed: [{ ball: 12, pocket: 'HL' }],
    });
    expect(rebreak.ruling.turn).toBe('CONTINUES');

    const audit = await cast.admin.audit(matchId);
    const decision = decided.revision;
    expect(audit.filter((e) => e.supersededBy === decision).map((e) => e.type)).toEqual([
      'RefereeRuled',
      'ShotCalled',
      'ShotPlayed',
      'ShotAdjudicated',
    ]);
    expect(audit.slice(-4).map((e) => e.type)).toEqual([
      'AppealFiled',
      'AppealDecided',
      'ShotPlayed',
      'ShotAdjudicated',
    ]);
    expect(audit.find((e) => e.type === 'AppealDecided')!.data).toMatchObject({
      remedy: { kind: 'REPLAY_GAME' },
      rule: 'G1.33',
    });
    const before = await cast.admin.matchRecord(matchId);
    await server.app.get(MatchProjector).rebuild();
    expect(await cast.admin.matchRecord(matchId)).toEqual(before);
  });

  it("a scorer's correction: the engine re-derives the state; the history shows original and correction side by side", async () => {
    const matchId = await schedule({ raceTo: 2 });
    const brk = await cast.scorer.recordShot({
      matchId,
      shooter: 'ana',
      firstContact: 1,
      objectBallsDrivenToRail: 5,
      pocketed: [{ ball: 3, pocket: 'FR' }],
    });
    const shotRev = revisionOf(brk, 'ShotPlayed');
    const byPlayer = await cast.ana.attempt('correctShot', 'CorrectShotInput', {
      matchId,
      revision: shotRev,
      facts: { cueBallScratched: true },
      reason: 'x',
    });
    expect(code(byPlayer)).toBe('FORBIDDEN');
    const noReason = await cast.scorer.attempt('correctShot', 'CorrectShotInput', {
      matchId,
      revision: shotRev,
      facts: { cueBallScratched: true },
      reason: '',
    });
    expect(code(noReason)).toBe('BAD_USER_INPUT');

    const corrected = await cast.scorer.correctShot({
      matchId,
      revision: shotRev,
      facts: { cueBallScratched: true },
      reason: 'The cue ball went in on the break; I pressed the wrong button',
    });
    // E8.5: a scratch on a legal break gives ball in hand behind the head string.
    expect(corrected.match.currentGame).toMatchObject({
      shooter: 'bruno',
      ballInHand: 'BEHIND_HEAD_STRING',
      pocketed: [3],
    });
    const audit = await cast.admin.audit(matchId);
    expect(
      audit.filter((e) => e.supersededBy === corrected.revision).map((e) => e.revision),
    ).toEqual([shotRev, shotRev + 1]);
    const c = audit[audit.length - 1];
    expect(c).toMatchObject({
      type: 'ShotCorrected',
      metadata: { recordedBy: 'scorer-1', role: 'SCORER' },
      data: {
        correctedRevision: shotRev,
        correctedBy: 'scorer-1',
        original: { facts: { cueBallScratched: false }, ruling: { turn: 'CONTINUES' } },
        corrected: { facts: { cueBallScratched: true }, ruling: { nextShooter: 'bruno' } },
      },
    });
  });

  it('refuses an appeal after the competition’s window (counted from the disputed event)', async () => {
    const matchId = await schedule({ raceTo: 2, appealWindowMinutes: 0 });
    const brk = await cast.scorer.recordShot({
      matchId,
      shooter: 'ana',
      firstContact: 1,
      objectBallsDrivenToRail: 5,
    });
    await new Promise((r) => setTimeout(r, 20));
    const res = await cast.bruno.attempt('fileAppeal', 'FileAppealInput', {
      matchId,
      againstRevision: revisionOf(brk, 'ShotAdjudicated'),
      grounds: 'too late',
      proposal: { kind: 'REPLAY_GAME' },
    });
    expect(code(res)).toBe('APPEAL_WINDOW_CLOSED');
    expect((await cast.admin.matchRecord(matchId)).appealWindowMinutes).toBe(0);
  });

  it('story 4: a committee decision is final: the former referee is recused, an appeal is withdrawn, a correction is refused while an appeal is pending and after the decision', async () => {
    const matchId = await schedule({ raceTo: 2 });
    const brk = await cast.scorer.recordShot({
      matchId,
      shooter: 'ana',
      firstContact: 1,
      objectBallsDrivenToRail: 5,
      pocketed: [{ ball: 3, pocket: 'FR' }],
    });
    await cast.scorer.callShot({ matchId, player: 'ana', ball: 5, pocket: 'SL' });
    const shot = await cast.scorer.recordShot({
      matchId,
      shooter: 'ana',
      firstContact: 5,
      railContactsAfterFirstContact: [{ ball: 0 }],
      pocketed: [{ ball: 5, pocket: 'FR' }],
    });
    expect(shot.ruling).toMatchObject({ foul: false, nextShooter: 'bruno' });
    // The referee who officiated both shots is replaced.
    await cast.admin.assignOfficials({ matchId, scorers: ['scorer-1'], referees: ['referee-2'] });

    await cast.ana.fileAppeal({
      matchId,
      againstRevision: revisionOf(shot, 'ShotAdjudicated'),
      grounds: 'I called the 5 in the foot-right pocket',
      proposal: { kind: 'AMEND_FACTS', call: { ball: 5, pocket: 'FR' } },
    });
    const a2 = await cast.bruno.fileAppeal({
      matchId,
      againstRevision: revisionOf(brk, 'ShotAdjudicated'),
      grounds: 'The break did not drive four balls to a rail',
      proposal: { kind: 'REPLAY_GAME' },
    });

    // Withdrawal: only the appellant may, and a withdrawn appeal is closed.
    const notHis = await cast.ana.attempt('withdrawAppeal', 'WithdrawAppealInput', {
      matchId,
      appealId: 'A2',
      reason: 'x',
    });
    expect(code(notHis)).toBe('NOT_THE_APPELLANT');
    const withdrawn = await cast.bruno.withdrawAppeal({
      matchId,
      appealId: 'A2',
      reason: 'The video shows five balls at a rail',
    });
    expect(withdrawn.events[0]).toMatchObject({
      type: 'AppealWithdrawn',
      explanation: 'Bruno withdraws appeal A2: The video shows five balls at a rail',
      metadata: { recordedBy: 'bruno', role: 'PLAYER' },
    });
    const late = await cast.committee.attempt('decideAppeal', 'DecideAppealInput', {
      matchId,
      appealId: 'A2',
      outcome: 'ALLOWED',
      reason: 'r',
    });
    expect(code(late)).toBe('APPEAL_ALREADY_DECIDED');

    // A shot with a pending appeal cannot be corrected.
    const pending = await cast.scorer.attempt('correctShot', 'CorrectShotInput', {
      matchId,
      revision: revisionOf(shot, 'ShotPlayed'),
      facts: { cueBallScratched: true },
      reason: 'the cue ball dropped',
    });
    expect(pending.errors?.[0].extensions).toMatchObject({
      code: 'APPEAL_PENDING',
      appealId: 'A1',
    });

    // The former referee, now on the committee, officiated the disputed shot: recused.
    const recused = await new LedgerClient(server, 'APPEALS_COMMITTEE', 'referee-1').attempt(
      'decideAppeal',
      'DecideAppealInput',
      { matchId, appealId: 'A1', outcome: 'ALLOWED', reason: 'I remember it' },
    );
    expect(recused.errors?.[0]).toMatchObject({
      message: expect.stringMatching(/referee-1 was a referee of revision/),
      extensions: { code: 'RECUSED', appealId: 'A1' },
    });
    expect((await cast.admin.match(matchId)).revision).toBe(withdrawn.revision);

    const decided = await cast.committee.decideAppeal({
      matchId,
      appealId: 'A1',
      outcome: 'ALLOWED',
      reason: 'The table video shows the foot-right pocket called',
    });
    expect(decided.match.currentGame).toMatchObject({ shooter: 'ana' });
    // Play goes on; then the scorer tries to correct the break of the same rack.
    await cast.scorer.callShot({ matchId, player: 'ana', ball: 1, pocket: 'FL' });
    const miss = await cast.scorer.recordShot({
      matchId,
      shooter: 'ana',
      firstContact: 1,
      railContactsAfterFirstContact: [{ ball: 0 }],
    });
    const undo = await cast.scorer.attempt('correctShot', 'CorrectShotInput', {
      matchId,
      revision: revisionOf(brk, 'ShotPlayed'),
      facts: { cueBallScratched: true },
      reason: 'the cue ball dropped on the break',
    });
    expect(undo.errors?.[0].extensions).toMatchObject({
      code: 'DECISION_FINAL',
      appealId: 'A1',
    });
    expect((await cast.admin.match(matchId)).revision).toBe(miss.revision);

    const record = await cast.admin.matchRecord(matchId);
    expect(record.appeals).toEqual([
      expect.objectContaining({ id: 'A1', status: 'ALLOWED', decidedBy: 'ac-1' }),
      expect.objectContaining({
        id: 'A2',
        status: 'WITHDRAWN',
        decidedBy: null,
        reason: 'The video shows five balls at a rail',
      }),
    ]);
    const audit = await cast.admin.audit(matchId);
    expect(audit.find((e) => e.type === 'AppealDecided')!.supersededBy).toBeNull();
    expect(audit.filter((e) => e.revision >= a2.revision).map((e) => e.type)).toEqual([
      'AppealFiled',
      'AppealWithdrawn',
      'AppealDecided',
      'ShotCalled',
      'ShotPlayed',
      'ShotAdjudicated',
    ]);
  });

  it('after every story the hash chains verify, the audit trail names who filed and who decided, and nothing re-rules differently', async () => {
    const v = await server.gql(
      '{ verifyLedger { ok headsChecked firstBreak { streamId revision reason } } }',
      {},
      ADMIN,
    );
    expect(v.data!.verifyLedger).toMatchObject({ ok: true, headsChecked: true, firstBreak: null });
    const trail = await server.gql(
      `query($f: AuditFilterInput) { auditTrail(filter: $f, first: 50) { edges { node { type matchId metadata { recordedBy role } } } } }`,
      { f: { types: ['AppealFiled', 'AppealDecided', 'AppealWithdrawn', 'ShotCorrected'] } },
    );
    const items = trail.data!.auditTrail.edges.map((e: any) => e.node) as {
      type: string;
      metadata: { role: string };
    }[];
    expect(
      items.filter((i) => i.type === 'AppealFiled').every((i) => i.metadata.role === 'PLAYER'),
    ).toBe(true);
    expect(
      items
        .filter((i) => i.type === 'AppealDecided')
        .every((i) => i.metadata.role === 'APPEALS_COMMITTEE'),
    ).toBe(true);
    expect(items.filter((i) => i.type === 'AppealWithdrawn').map((i) => i.metadata.role)).toEqual([
      'PLAYER',
    ]);
    expect(items.map((i) => i.type)).toEqual(
      expect.arrayContaining(['AppealFiled', 'AppealDecided', 'ShotCorrected']),
    );
    const r = await server.gql('{ readjudicate { differences { matchId revision } } }', {}, ADMIN);
    expect(r.errors).toBeUndefined();
    expect(r.data!.readjudicate.differences).toEqual([]);
  });
});
