import type { MatchCommand } from '../../src/domain/match/commands';
import { supersededRevisions } from '../../src/domain/match/amendments';
import { toPlaySnapshot } from '../../src/domain';
import { given, recordedHistory } from '../support/decider-spec';
import { ANA, BRUNO, only, revisionOf, Table } from '../support/match-fixtures';

// A committee decision is final except to its review: a review panel confirms it or sets it aside
// and substitutes its own, recorded as an AppealReviewed citing the decision. Nothing else may
// supersede a decision or a review.

const review = (
  outcome: 'CONFIRMED' | 'SET_ASIDE',
  extra: Partial<Extract<MatchCommand, { type: 'ReviewAppealDecision' }>> = {},
): MatchCommand => ({
  type: 'ReviewAppealDecision',
  appealId: 'A1',
  reviewedBy: 'rv-1',
  outcome,
  reason: 'The panel watched the second camera',
  ...extra,
});

// Ana breaks (3 in FR), calls the 5 in SL and drops it in FR: the turn passes to Bruno. She appeals
// (she says she called FR); the committee allows it, and Ana plays on (misses the 1).
function allowedThenPlayed(): Table {
  const t = new Table({ raceTo: 2 });
  t.break(ANA.id, [{ ball: 3, pocket: 'FR' }]);
  t.call(ANA.id, 5, 'SL');
  t.shoot(ANA.id, { firstContact: 5, pocketed: [{ ball: 5, pocket: 'FR' }] });
  t.run({
    type: 'FileAppeal',
    by: ANA.id,
    againstRevision: revisionOf(t, 'ShotAdjudicated', 2),
    grounds: 'I called the foot right pocket',
    proposal: { kind: 'AMEND_FACTS', call: { ball: 5, pocket: 'FR', safety: false } },
  });
  t.run({
    type: 'DecideAppeal',
    appealId: 'A1',
    decidedBy: 'ac-1',
    outcome: 'ALLOWED',
    reason: 'Seen on video',
  });
  t.call(ANA.id, 1, 'FL');
  t.shoot(ANA.id, { firstContact: 1, railContactsAfterFirstContact: [{ ball: 0 }] });
  return t;
}

describe('the review of a committee decision', () => {
  it('confirms a decision: the play stays, the appeal records the review, and a second review is refused (REVIEW_FINAL)', () => {
    const t = allowedThenPlayed();
    const decision = revisionOf(t, 'AppealDecided');
    given(...t.history)
      .when(review('CONFIRMED'))
      .then((events, after) => {
        const r = only(events, 'AppealReviewed').data;
        expect(r).toMatchObject({
          reviewedRevision: decision,
          decision: 'ALLOWED',
          supersedes: [],
        });
        expect(r.explanation).toMatch(
          /^The review panel confirms the decision on appeal A1 by Ana/,
        );
        expect(r.explanationPt).toMatch(/^A instância de revisão confirma a decisão do recurso A1/);
        expect(toPlaySnapshot(after)).toEqual(toPlaySnapshot(t.state));
        expect(after.appeals[0]).toMatchObject({
          status: 'ALLOWED',
          decidedBy: 'ac-1',
          reviewedBy: 'rv-1',
          review: 'CONFIRMED',
        });
      });
    t.run(review('CONFIRMED'));
    given(...t.history)
      .when(review('SET_ASIDE', { reviewedBy: 'rv-2', decision: 'DISMISSED' }))
      .thenRefuses('REVIEW_FINAL', /already reviewed/);
  });

  it('sets an allowance aside for a dismissal: the record before the decision is back, the decision and the play after it are superseded', () => {
    const t = allowedThenPlayed();
    const decision = revisionOf(t, 'AppealDecided');
    const decided = only(t.history.slice(decision, decision + 1), 'AppealDecided').data;
    const before = toPlaySnapshot(given(...t.history.slice(0, decision)).state!);
    given(...t.history)
      .when(review('SET_ASIDE', { decision: 'DISMISSED' }))
      .then((events, after) => {
        const r = only(events, 'AppealReviewed').data;
        const laterPlay = [revisionOf(t, 'ShotCalled', 2), revisionOf(t, 'ShotPlayed', 3)];
        expect(r.supersedes).toEqual(expect.arrayContaining([decision, ...laterPlay]));
        expect(r.reinstates).toEqual(decided.supersedes);
        expect(r.resulting).toEqual(before);
        // The turn is Bruno's again, as the scorer ruled: the 5 went in the wrong pocket.
        expect(after.currentGame?.shooter).toBe(BRUNO.id);
        expect(after.appeals[0]).toMatchObject({ status: 'DISMISSED', review: 'SET_ASIDE' });
        // The events the decision superseded are in force again.
        const marks = supersededRevisions(recordedHistory([...t.history, ...events]).events);
        for (const r0 of decided.supersedes) expect(marks.has(r0)).toBe(false);
        expect(marks.get(decision)).toBe(t.history.length);
      });
  });

  it('sets a dismissal aside to allow the appeal with another remedy (G1.33 replay)', () => {
    const t = new Table({ raceTo: 2 });
    t.break(ANA.id, [{ ball: 3, pocket: 'FR' }]);
    t.shoot(ANA.id, { firstContact: 4, railContactsAfterFirstContact: [{ ball: 0 }] });
    const disputed = revisionOf(t, 'ShotAdjudicated', 2);
    t.run({
      type: 'FileAppeal',
      by: BRUNO.id,
      againstRevision: disputed,
      grounds: 'Ana hit the 4 first; it was not hers to hit',
      proposal: { kind: 'REPLAY_GAME' },
    });
    t.run({
      type: 'DecideAppeal',
      appealId: 'A1',
      decidedBy: 'ac-1',
      outcome: 'DISMISSED',
      reason: 'No foul seen',
    });
    given(...t.history)
      .when(review('SET_ASIDE', { decision: 'ALLOWED' }))
      .then((events, after) => {
        const r = only(events, 'AppealReviewed').data;
        expect(r.remedy).toEqual({ kind: 'REPLAY_GAME' });
        expect(r.explanation).toMatch(
          /the appeal is allowed: the game is replayed with the same breaker \(G1\.33\)/,
        );
        expect(after.currentGame).toMatchObject({
          number: 1,
          rack: 2,
          breaker: ANA.id,
          isBreakShot: true,
        });
        expect(after.appeals[0]).toMatchObject({ status: 'ALLOWED', remedy: 'REPLAY_GAME' });
      });
  });

  it('refuses the decider and anyone involved (RECUSED), an undecided appeal (APPEAL_NOT_DECIDED) and an inconsistent review (INVALID_REVIEW)', () => {
    const t = allowedThenPlayed();
    const h = given(...t.history);
    h.when(review('CONFIRMED', { reviewedBy: 'ac-1' })).thenRefuses('RECUSED', /took the decision/);
    h.when(review('CONFIRMED', { reviewedBy: ANA.id })).thenRefuses(
      'RECUSED',
      /plays in this match/,
    );
    h.when(review('CONFIRMED', { decision: 'DISMISSED' })).thenRefuses('INVALID_REVIEW');
    h.when(review('SET_ASIDE')).thenRefuses('INVALID_REVIEW', /needs the decision substituted/);
    h.when(review('SET_ASIDE', { decision: 'ALLOWED' })).thenRefuses('INVALID_REVIEW', /itself/);
    h.when(
      review('SET_ASIDE', { decision: 'DISMISSED', remedy: { kind: 'REPLAY_GAME' } }),
    ).thenRefuses('REMEDY_WITH_DISMISSAL');
    const pending = new Table({ raceTo: 2 });
    pending.break(ANA.id, [{ ball: 3, pocket: 'FR' }]);
    pending.run({
      type: 'FileAppeal',
      by: BRUNO.id,
      againstRevision: revisionOf(pending, 'ShotAdjudicated'),
      grounds: 'g',
      proposal: { kind: 'REPLAY_GAME' },
    });
    given(...pending.history)
      .when(review('CONFIRMED'))
      .thenRefuses('APPEAL_NOT_DECIDED');
  });

  it('refuses a substituted remedy with a field its kind does not take (INVALID_REVIEW), instead of dropping it', () => {
    const t = allowedThenPlayed();
    const review = (remedy: object) =>
      ({
        type: 'ReviewAppealDecision',
        appealId: 'A1',
        reviewedBy: 'rv-1',
        outcome: 'SET_ASIDE',
        decision: 'ALLOWED',
        remedy,
        reason: 'The panel watched the second camera',
      }) as MatchCommand;
    given(...t.history)
      .when(review({ kind: 'REPLAY_GAME', player: BRUNO.id }))
      .thenRefuses('INVALID_REVIEW', /^REPLAY_GAME does not take player/);
    // The same remedy without the stray field is substituted.
    given(...t.history)
      .when(review({ kind: 'REPLAY_GAME' }))
      .then((events) =>
        expect(only(events, 'AppealReviewed').data.remedy).toEqual({ kind: 'REPLAY_GAME' }),
      );
  });

  it('is final in turn: a correction reaching behind it and an appeal against it are refused (DECISION_FINAL)', () => {
    const t = allowedThenPlayed();
    t.run(review('SET_ASIDE', { decision: 'DISMISSED' }));
    const reviewed = revisionOf(t, 'AppealReviewed');
    given(...t.history)
      .when({
        type: 'CorrectShot',
        by: 'scorer-1',
        revision: revisionOf(t, 'ShotPlayed', 1),
        facts: { cueBallScratched: true },
        reason: 'missed it',
      })
      .thenRefuses('DECISION_FINAL', /appeal A1/);
    given(...t.history)
      .when({
        type: 'FileAppeal',
        by: BRUNO.id,
        againstRevision: reviewed,
        grounds: 'g',
        proposal: { kind: 'REPLAY_GAME' },
      })
      .thenRefuses('DECISION_FINAL', /only its review/);
  });
});
