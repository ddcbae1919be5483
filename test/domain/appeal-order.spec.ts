import { canonicalJson } from '../../src/domain/canonical-json';
import { previewAppeal } from '../../src/domain/match/amendments';
import * as order from '../../src/domain/match/amendments/order';
import type { MatchCommand } from '../../src/domain/match/commands';
import { toPlaySnapshot } from '../../src/domain/match/play-snapshot';
import { given, recordedHistory } from '../support/decider-spec';
import { ANA, BRUNO, only, revisionOf, Table } from '../support/match-fixtures';

// Appeals pending together are decided in table order, whichever the committee opens first; a
// review that sets a decision aside gives back the appeals that decision made moot.

const decideA = (appealId: string, outcome: 'DISMISSED' | 'ALLOWED' = 'ALLOWED') =>
  ({
    type: 'DecideAppeal',
    appealId,
    decidedBy: 'ac-1',
    outcome,
    reason: 'Seen on video',
  }) as const;

// Ana breaks (the 3 down), plays the 1 and misses (shot 2, ruled legal: a cushion after contact);
// Bruno plays the 2 and misses (shot 3, ruled legal). Bruno appeals shot 2: no cushion after
// contact (G1.19), A1; Ana appeals shot 3: his cue ball went down, A2.
function twoAppeals(
  policy: { appealFee: { amount: number; currency: string } } | undefined = undefined,
): { t: Table; shot2: number; shot3: number } {
  const t = new Table({ raceTo: 2 });
  t.break(ANA.id, [{ ball: 3, pocket: 'FR' }]);
  t.call(ANA.id, 1, 'FL');
  t.shoot(ANA.id, { firstContact: 1, railContactsAfterFirstContact: [{ ball: 0 }] });
  t.call(BRUNO.id, 2, 'FL');
  t.shoot(BRUNO.id, { firstContact: 2, railContactsAfterFirstContact: [{ ball: 0 }] });
  const shot2 = revisionOf(t, 'ShotAdjudicated', 2);
  const shot3 = revisionOf(t, 'ShotAdjudicated', 3);
  t.run({
    type: 'FileAppeal',
    by: BRUNO.id,
    againstRevision: shot2,
    grounds: 'Nothing reached a cushion after the 1 was hit',
    proposal: { kind: 'AMEND_FACTS', facts: { railContactsAfterFirstContact: [] } },
    ...(policy ? { policy } : {}),
  });
  t.run({
    type: 'FileAppeal',
    by: ANA.id,
    againstRevision: shot3,
    grounds: 'The cue ball dropped in the foot left pocket',
    proposal: { kind: 'AMEND_FACTS', facts: { cueBallScratched: true } },
    ...(policy ? { policy } : {}),
  });
  return { t, shot2, shot3 };
}

// The record a sequence of decisions leaves: the stream itself and the match it folds to.
function record(t: Table): string {
  return canonicalJson({ history: t.history, play: toPlaySnapshot(t.state) });
}

describe('appeals pending together are decided in table order', () => {
  it('allowing the later appeal while the earlier one is pending is refused, naming it (APPEAL_EARLIER_PENDING); nothing is appended', () => {
    const { t } = twoAppeals();
    given(...t.history)
      .when(decideA('A2'))
      .thenRefuses(
        'APPEAL_EARLIER_PENDING',
        /^Appeal A1 disputes an earlier event \(revision \d+\) and is pending/,
      );
    given(...t.history)
      .when(decideA('A2', 'DISMISSED'))
      .thenRefuses('APPEAL_EARLIER_PENDING');
    let caught: unknown;
    try {
      t.run(decideA('A2'));
    } catch (err) {
      caught = err;
    }
    expect(caught).toMatchObject({ code: 'APPEAL_EARLIER_PENDING', appealId: 'A1' });
    expect(t.state.appeals.map((a) => a.status)).toEqual(['PENDING', 'PENDING']);
  });

  it('the two-appeal story gives the same record whichever the committee opens first (G1.19 foul allowed, the scratch moot)', () => {
    const first = twoAppeals().t;
    first.run(decideA('A1'));
    const second = twoAppeals().t;
    expect(() => second.run(decideA('A2'))).toThrow(/Appeal A1 disputes an earlier event/);
    second.run(decideA('A1'));
    expect(record(second)).toBe(record(first));
    expect(first.state.appeals.map((a) => [a.id, a.status, a.mootedBy])).toEqual([
      ['A1', 'ALLOWED', null],
      ['A2', 'MOOT', 'A1'],
    ]);
    const decided = only(first.history, 'AppealDecided').data;
    expect(decided.ruling?.appliedFoul?.rule).toBe('G1.19');
    expect(first.state.currentGame).toMatchObject({ shooter: BRUNO.id });
  });

  it('once the earlier appeal is dismissed or withdrawn, the later one is decided on its own claim', () => {
    const { t } = twoAppeals();
    t.run(decideA('A1', 'DISMISSED'));
    t.run(decideA('A2'));
    expect(t.state.appeals.map((a) => a.status)).toEqual(['DISMISSED', 'ALLOWED']);
    const w = twoAppeals().t;
    w.run({ type: 'WithdrawAppeal', appealId: 'A1', by: BRUNO.id, reason: 'The video is unclear' });
    w.run(decideA('A2'));
    expect(w.state.appeals.map((a) => a.status)).toEqual(['WITHDRAWN', 'ALLOWED']);
  });

  it('the preview lists the pending appeals the decision would close as moot', () => {
    const { t, shot3 } = twoAppeals();
    const p = previewAppeal(recordedHistory(t.history).events, t.state, 'A1');
    expect(p.forecloses).toEqual([
      {
        appealId: 'A2',
        reason: `the decision on appeal A1 superseded the event it disputes (revision ${shot3}).`,
        explanation: `Appeal A2 by Ana is moot: the decision on appeal A1 superseded the event it disputes (revision ${shot3}).`,
        explanationPt: `O recurso A2 de Ana fica sem objeto: a decisão do recurso A1 substituiu o evento que contestava (revisão ${shot3}).`,
      },
    ]);
    expect(() => previewAppeal(recordedHistory(t.history).events, t.state, 'A2')).toThrow(
      /Appeal A1 disputes an earlier event/,
    );
  });
});

describe('a review that sets a decision aside restores what it changed', () => {
  const setAside: MatchCommand = {
    type: 'ReviewAppealDecision',
    appealId: 'A1',
    reviewedBy: 'rv-1',
    outcome: 'SET_ASIDE',
    decision: 'DISMISSED',
    reason: 'The second camera shows the cue ball touched the cushion',
  };

  it('the appeals the decision made moot are pending again and can be allowed', () => {
    const { t, shot3 } = twoAppeals();
    t.run(decideA('A1'));
    given(...t.history)
      .when(setAside)
      .then((events, after) => {
        const r = only(events, 'AppealReviewed').data;
        expect(r.reopens).toEqual(['A2']);
        expect(r.explanation).toContain('Appeal A2, made moot by the decision, is pending again.');
        expect(r.explanationPt).toContain(
          'O recurso A2, que a decisão deixara sem objeto, volta a estar pendente.',
        );
        expect(after.appeals.map((a) => [a.id, a.status, a.reason, a.mootedBy])).toEqual([
          [
            'A1',
            'DISMISSED',
            setAside.type === 'ReviewAppealDecision' ? setAside.reason : '',
            null,
          ],
          ['A2', 'PENDING', null, null],
        ]);
      });
    t.run(setAside);
    t.run(decideA('A2'));
    const decided = t.history.filter((e) => e.type === 'AppealDecided').pop()!;
    expect(decided.type === 'AppealDecided' && decided.data.supersedes).toContain(shot3);
    expect(t.state.appeals.map((a) => a.status)).toEqual(['DISMISSED', 'ALLOWED']);
    expect(t.state.currentGame).toMatchObject({ shooter: ANA.id, ballInHand: 'ANYWHERE' });
  });

  it('with fees: the decision’s fee settlements do not hide the appeals it mooted; the reopened appeal’s fee waits, and the reviewed appeal’s follows its new outcome', () => {
    const { t } = twoAppeals({ appealFee: { amount: 25, currency: 'EUR' } });
    t.run(decideA('A1'));
    expect(t.state.appeals.map((a) => [a.status, a.feeOutcome?.outcome])).toEqual([
      ['ALLOWED', 'REFUNDED'],
      ['MOOT', 'REFUNDED'],
    ]);
    given(...t.history)
      .when(setAside)
      .then((events, after) => {
        expect(only(events, 'AppealReviewed').data.reopens).toEqual(['A2']);
        // REFUNDED_WHEN_ALLOWED: A1 is now dismissed, so its fee is forfeited.
        expect(only(events, 'AppealFeeSettled').data).toMatchObject({
          appealId: 'A1',
          outcome: 'FORFEITED',
          follows: 'AppealReviewed',
        });
        expect(after.appeals.map((a) => [a.id, a.status, a.feeOutcome?.outcome ?? null])).toEqual([
          ['A1', 'DISMISSED', 'FORFEITED'],
          ['A2', 'PENDING', null],
        ]);
      });
  });

  it('a substituted allowance that supersedes the moot appeal’s event again leaves it moot', () => {
    const { t } = twoAppeals();
    t.run(decideA('A1'));
    given(...t.history)
      .when({ ...setAside, decision: 'ALLOWED', remedy: { kind: 'REPLAY_GAME' } } as MatchCommand)
      .then((events, after) => {
        expect(only(events, 'AppealReviewed').data.reopens).toEqual([]);
        expect(after.appeals.map((a) => a.status)).toEqual(['ALLOWED', 'MOOT']);
      });
  });

  it('a ledger from before table order: after A2 allowed while A1 was pending, setting A2 aside for a dismissal lets A1 be allowed', () => {
    const { t } = twoAppeals();
    // As recorded by a build that decided appeals in any order.
    const anyOrder = jest.spyOn(order, 'requireNoEarlierPending').mockImplementation(() => {});
    t.run(decideA('A2'));
    anyOrder.mockRestore();
    given(...t.history)
      .when(decideA('A1'))
      .thenRefuses('DECISION_FINAL', /decision on appeal A2/);
    t.run({ ...setAside, appealId: 'A2' } as MatchCommand);
    given(...t.history)
      .when(decideA('A1'))
      .then((_, after) => {
        expect(after.appeals.map((a) => [a.id, a.status])).toEqual([
          ['A1', 'ALLOWED'],
          ['A2', 'DISMISSED'],
        ]);
        expect(after.currentGame).toMatchObject({ shooter: BRUNO.id, ballInHand: 'ANYWHERE' });
      });
  });
});
