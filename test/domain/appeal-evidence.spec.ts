import type { MatchCommand } from '../../src/domain/match/commands';
import { given } from '../support/decider-spec';
import { ANA, BRUNO, only, revisionOf, Table } from '../support/match-fixtures';

// The committee's case file: evidence attached by reference to a pending appeal, each piece its
// own event with its author; the decision's reasons in both languages, who decided and when; the
// filing time, window, deadline and fee the competition sets.

type Attach = Extract<MatchCommand, { type: 'AttachAppealEvidence' }>;
const attach = (by: string, role: string, rest: Partial<Attach>): MatchCommand => ({
  type: 'AttachAppealEvidence',
  appealId: 'A1',
  by,
  role,
  kind: 'STATEMENT',
  ...rest,
});

// Ana breaks (3 in FR); the referee ref-1 is replaced by ref-2; Bruno appeals the break.
function appealedAfterReplacement(policy?: object): Table {
  const t = new Table({ raceTo: 2 });
  t.run({ type: 'AssignOfficials', scorers: ['sc-1'], referees: ['ref-1'] });
  t.break(ANA.id, [{ ball: 3, pocket: 'FR' }]);
  t.run({ type: 'AssignOfficials', scorers: ['sc-1'], referees: ['ref-2'] });
  t.run({
    type: 'FileAppeal',
    by: BRUNO.id,
    againstRevision: revisionOf(t, 'ShotAdjudicated'),
    grounds: 'The cue ball dropped on the break',
    proposal: { kind: 'AMEND_FACTS', facts: { cueBallScratched: true } },
    ...(policy ? { policy } : {}),
  });
  return t;
}

describe('evidence by reference', () => {
  it('records a video with its moment, a photo, statements of the former referee and the opponent, and hearing notes', () => {
    const t = appealedAfterReplacement();
    const video = t.run(
      attach(BRUNO.id, 'PLAYER', { kind: 'VIDEO', url: 'https://video.example/m1', atSecond: 754 }),
    );
    expect(only(video, 'AppealEvidenceAttached').data).toMatchObject({
      evidenceId: 'E1',
      capacity: 'APPELLANT',
      explanation:
        'Bruno (appellant) attaches a video (https://video.example/m1 from 12:34) to appeal A1 (E1)',
      explanationPt:
        'Bruno (recorrente) junta um vídeo (https://video.example/m1 a partir de 12:34) ao recurso A1 (E1)',
    });
    t.run(attach(BRUNO.id, 'PLAYER', { kind: 'PHOTO', reference: 'ARCH-2026-118' }));
    t.run(attach('ref-1', 'REFEREE', { text: 'I did not see the cue ball drop' }));
    t.run(attach(ANA.id, 'PLAYER', { text: 'The cue ball stayed up' }));
    t.run(attach('ac-1', 'APPEALS_COMMITTEE', { kind: 'HEARING_NOTES', text: 'Both heard' }));
    const evidence = t.state.appeals[0].evidence;
    expect(evidence.map((e) => [e.evidenceId, e.kind, e.by, e.capacity])).toEqual([
      ['E1', 'VIDEO', BRUNO.id, 'APPELLANT'],
      ['E2', 'PHOTO', BRUNO.id, 'APPELLANT'],
      ['E3', 'STATEMENT', 'ref-1', 'REFEREE'],
      ['E4', 'STATEMENT', ANA.id, 'OPPONENT'],
      ['E5', 'HEARING_NOTES', 'ac-1', 'COMMITTEE'],
    ]);
    expect(evidence[0]).toMatchObject({ url: 'https://video.example/m1', atSecond: 754 });
  });

  it('refuses incomplete evidence, hearing notes from a player, a referee who never officiated, and a closed appeal', () => {
    const t = appealedAfterReplacement();
    const h = given(...t.history);
    h.when(attach(BRUNO.id, 'PLAYER', { kind: 'VIDEO' })).thenRefuses('INVALID_EVIDENCE', /url/);
    h.when(attach(BRUNO.id, 'PLAYER', { kind: 'VIDEO', url: 'ftp://x' })).thenRefuses(
      'INVALID_EVIDENCE',
    );
    h.when(attach(BRUNO.id, 'PLAYER', { kind: 'PHOTO' })).thenRefuses('INVALID_EVIDENCE');
    h.when(attach(BRUNO.id, 'PLAYER', {})).thenRefuses('INVALID_EVIDENCE', /statement/);
    h.when(attach(BRUNO.id, 'PLAYER', { kind: 'HEARING_NOTES', text: 'x' })).thenRefuses(
      'INVALID_EVIDENCE',
      /committee/,
    );
    h.when(attach('ref-9', 'REFEREE', { text: 'x' })).thenRefuses('INVALID_EVIDENCE', /never/);
    h.when(attach('sc-1', 'SCORER', { text: 'x' })).thenRefuses('INVALID_EVIDENCE');
    t.run({ type: 'WithdrawAppeal', appealId: 'A1', by: BRUNO.id, reason: 'seen the video' });
    given(...t.history)
      .when(attach(BRUNO.id, 'PLAYER', { text: 'late' }))
      .thenRefuses('APPEAL_ALREADY_DECIDED');
  });
});

describe('dates, fee and reasons in both languages', () => {
  it('records when it was filed, the window, the deadline and fee the policy sets; the decision its time and Portuguese reason', () => {
    const t = appealedAfterReplacement({
      decisionDeadlineHours: 48,
      appealFee: { amount: 25, currency: 'EUR' },
    });
    const filed = only(t.history, 'AppealFiled').data;
    expect(filed.filedAt).toBeDefined();
    expect(Date.parse(filed.decisionDeadline!) - Date.parse(filed.filedAt!)).toBe(48 * 3_600_000);
    expect(t.state.appeals[0]).toMatchObject({
      filedAt: filed.filedAt,
      windowClosesAt: filed.windowClosesAt,
      decisionDeadline: filed.decisionDeadline,
      fee: { amount: 25, currency: 'EUR' },
      decidedAt: null,
    });
    t.run({
      type: 'DecideAppeal',
      appealId: 'A1',
      decidedBy: 'ac-1',
      outcome: 'ALLOWED',
      reason: 'The table camera shows the scratch',
      reasonPt: 'A câmara da mesa mostra a branca a cair',
    });
    const d = only(t.history, 'AppealDecided').data;
    expect(d.explanationPt).toMatch(/Fundamento: A câmara da mesa mostra a branca a cair$/);
    expect(d.explanation).toMatch(/Reason: The table camera shows the scratch$/);
    expect(t.state.appeals[0]).toMatchObject({
      decidedBy: 'ac-1',
      decidedAt: d.decidedAt,
      reasonPt: 'A câmara da mesa mostra a branca a cair',
    });
  });

  it('without a policy: no deadline, no fee, the match window', () => {
    const t = appealedAfterReplacement();
    expect(t.state.appeals[0]).toMatchObject({ decisionDeadline: null, fee: null });
  });
});

describe('the committee a competition names', () => {
  it('only its members decide there (NOT_ON_COMMITTEE); a member still involved is recused', () => {
    const t = appealedAfterReplacement();
    const decide = (decidedBy: string): MatchCommand => ({
      type: 'DecideAppeal',
      appealId: 'A1',
      decidedBy,
      outcome: 'DISMISSED',
      reason: 'The video is inconclusive',
      committee: ['ac-1', 'ref-1'],
    });
    const h = given(...t.history);
    h.when(decide('ac-9')).thenRefuses('NOT_ON_COMMITTEE', /ac-9 is not on the appeals committee/);
    h.when(decide('ref-1')).thenRefuses('RECUSED', /ref-1 was a referee of revision/);
    h.when(decide('ac-1')).then((events) => {
      expect(only(events, 'AppealDecided').data.decidedBy).toBe('ac-1');
    });
  });

  it('only a member who may decide writes hearing notes: one outside it or recused writes none', () => {
    const t = appealedAfterReplacement();
    const notes = (by: string): MatchCommand =>
      attach(by, 'APPEALS_COMMITTEE', {
        kind: 'HEARING_NOTES',
        text: 'Heard both players',
        committee: ['ac-1', 'ref-1'],
      });
    const h = given(...t.history);
    h.when(notes('ac-9')).thenRefuses('NOT_ON_COMMITTEE', /ac-9 is not on the appeals committee/);
    h.when(notes('ref-1')).thenRefuses(
      'RECUSED',
      /ref-1 was a referee of revision \d+ and cannot write hearing notes on appeal A1/,
    );
    h.when(notes('ac-1')).then((events) => {
      expect(only(events, 'AppealEvidenceAttached').data).toMatchObject({
        kind: 'HEARING_NOTES',
        by: 'ac-1',
      });
    });
    // Without a named committee any uninvolved member may; an involved one is still recused.
    const open = (by: string) => ({ ...notes(by), committee: null }) as MatchCommand;
    h.when(open('ac-9')).then((events) => expect(events).toHaveLength(1));
    h.when(open('ref-1')).thenRefuses('RECUSED', /cannot write hearing notes/);
  });
});
