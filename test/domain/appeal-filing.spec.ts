import type { AppealFeeRule } from '../../src/domain/events/appeals';
import type { FileAppeal, MatchCommand } from '../../src/domain/match/commands';
import { caseFile, isOverdue } from '../../src/domain/match/amendments';
import { given, recordedHistory } from '../support/decider-spec';
import { ANA, BRUNO, only, revisionOf, Table } from '../support/match-fixtures';

// Filing runs what its decision would check; the referee does not sign final over a pending
// appeal; a correction is appealed like a shot; a video names its moment; a withdrawn claim stays
// withdrawn unless the competition allows it again; every closed appeal settles its fee; an appeal
// past its decision deadline is overdue at the clock given.

const FEE = { amount: 25, currency: 'EUR' };
const decideA = (appealId: string, outcome: 'DISMISSED' | 'ALLOWED') =>
  ({
    type: 'DecideAppeal',
    appealId,
    decidedBy: 'ac-1',
    outcome,
    reason: 'Seen on video',
  }) as const;

// Ana breaks (3 in FR); Bruno appeals the break: the cue ball dropped.
function breakAppealed(policy: FileAppeal['policy'] = { appealFee: FEE }): Table {
  const t = new Table({ raceTo: 2 });
  t.break(ANA.id, [{ ball: 3, pocket: 'FR' }]);
  t.run(appealBreak(t, policy));
  return t;
}

function appealBreak(t: Table, policy?: FileAppeal['policy']): FileAppeal {
  return {
    type: 'FileAppeal',
    by: BRUNO.id,
    againstRevision: revisionOf(t, 'ShotAdjudicated'),
    grounds: 'The cue ball dropped on the break',
    proposal: { kind: 'AMEND_FACTS', facts: { cueBallScratched: true } },
    ...(policy ? { policy } : {}),
  };
}

describe('a scorer’s correction is appealed with amended facts', () => {
  // Ana breaks; the scorer corrects the break to a scratch; Ana appeals the correction: the cue
  // ball stayed up, and she drove a fifth ball to a rail.
  function corrected(): Table {
    const t = new Table({ raceTo: 2 });
    t.break(ANA.id, [{ ball: 3, pocket: 'FR' }]);
    t.run({
      type: 'CorrectShot',
      by: 'scorer-1',
      revision: revisionOf(t, 'ShotPlayed'),
      facts: { cueBallScratched: true },
      reason: 'The cue ball went down',
    });
    return t;
  }

  it('files and allows an appeal against the correction, re-adjudicating over the corrected facts', () => {
    const t = corrected();
    const correction = revisionOf(t, 'ShotCorrected');
    expect(t.state.currentGame?.shooter).toBe(BRUNO.id);
    t.run({
      type: 'FileAppeal',
      by: ANA.id,
      againstRevision: correction,
      grounds: 'The cue ball stayed up; the video shows it',
      proposal: { kind: 'AMEND_FACTS', facts: { cueBallScratched: false } },
    });
    const filed = only(t.history, 'AppealFiled').data;
    expect(filed.proposal.facts).toMatchObject({ cueBallScratched: false, firstContact: 1 });
    given(...t.history)
      .when(decideA('A1', 'ALLOWED'))
      .then((events, after) => {
        const d = only(events, 'AppealDecided').data;
        expect(d.supersedes).toEqual([correction]);
        expect(d.ruling?.appliedFoul).toBeNull();
        expect(after.currentGame?.shooter).toBe(ANA.id);
      });
  });

  it('an appeal against the original names what superseded it', () => {
    const t = corrected();
    given(...t.history)
      .when({ ...appealBreak(t), by: ANA.id, againstRevision: revisionOf(t, 'ShotPlayed') })
      .thenRefuses(
        'INVALID_APPEAL',
        new RegExp(
          `superseded at ${revisionOf(t, 'ShotCorrected')} \\(a correction of a shot\\); appeal that instead`,
        ),
      );
  });
});

describe('sign-off while an appeal is pending', () => {
  // Race to 1: Bruno is disqualified from the game for conduct, Ana wins; Bruno appeals it.
  function finishedAndAppealed(): Table {
    const t = new Table({ raceTo: 1 });
    t.break(ANA.id, [{ ball: 3, pocket: 'FR' }]);
    t.run({
      type: 'RecordRefereeRuling',
      kind: 'UNSPORTSMANLIKE_CONDUCT',
      player: BRUNO.id,
      restored: null,
      sanction: 'LOSS_OF_GAME',
      note: '',
    });
    t.run({
      type: 'FileAppeal',
      by: BRUNO.id,
      againstRevision: revisionOf(t, 'RefereeRuled'),
      grounds: 'I said nothing',
      proposal: { kind: 'AWARD_GAME', player: BRUNO.id },
    });
    return t;
  }

  it('the referee cannot sign the match final while an appeal on it is pending (APPEAL_PENDING); once it is decided, they can', () => {
    const t = finishedAndAppealed();
    given(...t.history)
      .when({ type: 'SignOffMatch', by: 'ref-1', capacity: 'REFEREE' })
      .thenRefuses('APPEAL_PENDING', /Appeal A1 on this match is pending/);
    t.run(decideA('A1', 'DISMISSED'));
    given(...t.history)
      .when({ type: 'SignOffMatch', by: 'ref-1', capacity: 'REFEREE' })
      .then((events, after) => {
        expect(events.map((e) => e.type)).toEqual(['MatchSigned', 'MatchSignedOff']);
        expect(after.final).toBe(true);
      });
  });

  it('signatures cleared by an allowed decision are asked for again, until each signs again', () => {
    const t = finishedAndAppealed();
    t.run({ type: 'SignOffMatch', by: ANA.id, capacity: 'PLAYER' });
    t.run({ type: 'SignOffMatch', by: BRUNO.id, capacity: 'PLAYER' });
    expect(t.state).toMatchObject({ final: true, signaturesAskedAgain: [] });
    t.run(decideA('A1', 'ALLOWED'));
    expect(t.state).toMatchObject({
      final: false,
      signatures: [],
      signaturesAskedAgain: [ANA.id, BRUNO.id],
    });
    t.run({ type: 'SignOffMatch', by: BRUNO.id, capacity: 'PLAYER' });
    expect(t.state.signaturesAskedAgain).toEqual([ANA.id]);
    t.run({ type: 'SignOffMatch', by: ANA.id, capacity: 'PLAYER' });
    expect(t.state).toMatchObject({ final: true, signaturesAskedAgain: [] });
  });
});

describe('evidence and claims', () => {
  it('a video without the moment to watch from is refused (INVALID_EVIDENCE)', () => {
    given(...breakAppealed().history)
      .when({
        type: 'AttachAppealEvidence',
        appealId: 'A1',
        by: BRUNO.id,
        role: 'PLAYER',
        kind: 'VIDEO',
        url: 'https://video.example/m1',
      })
      .thenRefuses('INVALID_EVIDENCE', /moment to watch from/);
  });

  it('a withdrawn claim is not filed again (CLAIM_WITHDRAWN, by the facts or the ruling, any proposal), unless the competition allows it', () => {
    const t = breakAppealed();
    t.run({ type: 'WithdrawAppeal', appealId: 'A1', by: BRUNO.id, reason: 'No video after all' });
    for (const again of [
      appealBreak(t),
      { ...appealBreak(t), againstRevision: revisionOf(t, 'ShotPlayed') },
      { ...appealBreak(t), proposal: { kind: 'REPLAY_GAME' } } as FileAppeal,
    ])
      given(...t.history)
        .when(again)
        .thenRefuses('CLAIM_WITHDRAWN', /Bruno withdrew appeal A1/);
    given(...t.history)
      .when(appealBreak(t, { refileAfterWithdrawal: true }))
      .then((events) => expect(events.map((e) => e.type)).toEqual(['AppealFiled']));
    // Another player's claim is their own.
    given(...t.history)
      .when({ ...appealBreak(t), by: ANA.id })
      .then((events) => expect(events.map((e) => e.type)).toEqual(['AppealFiled']));
  });
});

describe('the fee is settled when the appeal closes', () => {
  const settled = (events: ReturnType<Table['run']>) => only(events, 'AppealFeeSettled')?.data;
  const closeBy = (rule: AppealFeeRule | undefined, close: MatchCommand) => {
    const t = breakAppealed({ appealFee: FEE, ...(rule ? { feeRule: rule } : {}) });
    const events = t.run(close);
    return { t, events, fee: settled(events) };
  };
  const withdraw: MatchCommand = {
    type: 'WithdrawAppeal',
    appealId: 'A1',
    by: BRUNO.id,
    reason: 'No video after all',
  };

  it('refunded when allowed, forfeited when dismissed, right after the decision, in both languages', () => {
    const allowed = closeBy(undefined, decideA('A1', 'ALLOWED'));
    expect(allowed.events.map((e) => e.type).slice(0, 2)).toEqual([
      'AppealDecided',
      'AppealFeeSettled',
    ]);
    expect(allowed.fee).toMatchObject({
      appealId: 'A1',
      outcome: 'REFUNDED',
      fee: FEE,
      rule: 'REFUNDED_WHEN_ALLOWED',
      follows: 'AppealDecided',
      explanation: 'The fee of appeal A1 (25.00 EUR) is refunded to Bruno: the appeal is allowed.',
      explanationPt:
        'A taxa do recurso A1 (25.00 EUR) é devolvida a Bruno: o recurso foi julgado procedente.',
    });
    expect(allowed.t.state.appeals[0].feeOutcome).toEqual({ outcome: 'REFUNDED', ...FEE });
    const dismissed = closeBy(undefined, decideA('A1', 'DISMISSED'));
    expect(dismissed.fee).toMatchObject({ outcome: 'FORFEITED', follows: 'AppealDecided' });
  });

  it('by the competition’s rule, frozen at filing, for a withdrawal', () => {
    expect(closeBy(undefined, withdraw).fee).toMatchObject({
      outcome: 'FORFEITED',
      follows: 'AppealWithdrawn',
    });
    expect(closeBy('REFUNDED_UNLESS_DISMISSED', withdraw).fee?.outcome).toBe('REFUNDED');
    expect(closeBy('ALWAYS_FORFEITED', decideA('A1', 'ALLOWED')).fee?.outcome).toBe('FORFEITED');
  });

  it('refunded when the appeal is closed as moot, after the AppealMooted', () => {
    const t = new Table({ raceTo: 2 });
    t.break(ANA.id, [{ ball: 3, pocket: 'FR' }]);
    t.call(ANA.id, 5, 'SL');
    t.shoot(ANA.id, { firstContact: 5, pocketed: [{ ball: 5, pocket: 'FR' }] });
    t.run(appealBreak(t, { appealFee: FEE }));
    t.run({
      ...appealBreak(t, { appealFee: FEE }),
      by: ANA.id,
      againstRevision: revisionOf(t, 'ShotAdjudicated', 2),
      grounds: 'I called the foot right pocket',
      proposal: { kind: 'AMEND_FACTS', call: { ball: 5, pocket: 'FR', safety: false } },
    });
    const events = t.run(decideA('A1', 'ALLOWED'));
    expect(events.map((e) => e.type)).toEqual([
      'AppealDecided',
      'AppealFeeSettled',
      'AppealMooted',
      'AppealFeeSettled',
    ]);
    expect(events[3]).toMatchObject({
      data: { appealId: 'A2', outcome: 'REFUNDED', follows: 'AppealMooted' },
    });
    const file = caseFile(recordedHistory(t.history).events, t.state, 'A2');
    expect(file.feeOutcome).toEqual({
      outcome: 'REFUNDED',
      ...FEE,
      rule: 'REFUNDED_WHEN_ALLOWED',
      follows: 'AppealMooted',
      revision: t.history.length - 1,
    });
  });

  it('no fee, nothing settled; a pending appeal has no fee outcome', () => {
    const t = breakAppealed({});
    expect(caseFile(recordedHistory(t.history).events, t.state, 'A1').feeOutcome).toBeNull();
    expect(t.run(decideA('A1', 'DISMISSED')).map((e) => e.type)).toEqual(['AppealDecided']);
  });
});

describe('overdue', () => {
  it('a pending appeal is overdue after its decision deadline, at the clock given; a closed one never', () => {
    const t = breakAppealed({ appealFee: FEE, decisionDeadlineHours: 48 });
    const appeal = t.state.appeals[0];
    const deadline = Date.parse(appeal.decisionDeadline!);
    const at = (ms: number) => new Date(deadline + ms).toISOString();
    expect(isOverdue(appeal, at(0))).toBe(false);
    expect(isOverdue(appeal, at(1))).toBe(true);
    expect(isOverdue({ ...appeal, status: 'DISMISSED' }, at(1))).toBe(false);
    expect(isOverdue({ ...appeal, decisionDeadline: null }, at(1))).toBe(false);
  });
});
