import type { MatchCommand } from '../../src/domain/match/commands';
import { given, minutesAfterT0 } from '../support/decider-spec';
import { ANA, BRUNO, only, revisionOf, Table } from '../support/match-fixtures';

// A party asks for the review of a committee decision within the window; the review then takes
// evidence, and the panel gives its reason in both languages.

// Ana breaks (the 3 down) and misses the 1; Bruno appeals the miss (no cushion after contact,
// G1.19) and the committee dismisses it.
function dismissed(): Table {
  const t = new Table({ raceTo: 2 });
  t.break(ANA.id, [{ ball: 3, pocket: 'FR' }]);
  t.call(ANA.id, 1, 'FL');
  t.shoot(ANA.id, { firstContact: 1, railContactsAfterFirstContact: [{ ball: 0 }] });
  t.run({
    type: 'FileAppeal',
    by: BRUNO.id,
    againstRevision: revisionOf(t, 'ShotAdjudicated', 2),
    grounds: 'Nothing reached a cushion',
    proposal: { kind: 'AMEND_FACTS', facts: { railContactsAfterFirstContact: [] } },
  });
  t.run({
    type: 'DecideAppeal',
    appealId: 'A1',
    decidedBy: 'ac-1',
    outcome: 'DISMISSED',
    reason: 'The referee saw the cushion',
  });
  return t;
}

const request = (by = BRUNO.id): MatchCommand => ({
  type: 'RequestAppealReview',
  appealId: 'A1',
  by,
  reason: 'The camera behind the foot rail was not viewed',
});
const video: MatchCommand = {
  type: 'AttachAppealEvidence',
  appealId: 'A1',
  by: BRUNO.id,
  role: 'PLAYER',
  kind: 'VIDEO',
  url: 'https://video.example/m/7',
  atSecond: 312,
};

describe('asking for a review', () => {
  it('a party asks within the window (in both languages); the file then takes evidence for the review', () => {
    const t = dismissed();
    const decided = revisionOf(t, 'AppealDecided');
    given(...t.history)
      .when(request())
      .then((events, after) => {
        expect(only(events, 'AppealReviewRequested').data).toMatchObject({
          appealId: 'A1',
          by: BRUNO.id,
          windowClosesAt: minutesAfterT0(decided + 30),
          explanation:
            'Bruno asks for the review of the decision on appeal A1: The camera behind the foot rail was not viewed',
          explanationPt:
            'Bruno pede a revisão da decisão do recurso A1: The camera behind the foot rail was not viewed',
        });
        expect(after.appeals[0].reviewRequestedBy).toBe(BRUNO.id);
      });
    given(...t.history)
      .when(video)
      .thenRefuses('APPEAL_ALREADY_DECIDED');
    t.run(request(ANA.id));
    given(...t.history)
      .when(video)
      .then((events, after) => {
        expect(only(events, 'AppealEvidenceAttached').data).toMatchObject({ forReview: true });
        expect(after.appeals[0].evidence).toMatchObject([{ kind: 'VIDEO', forReview: true }]);
      });
  });

  it('is refused after the window, twice, by a non-player, before a decision and after the review', () => {
    const t = dismissed();
    const decided = revisionOf(t, 'AppealDecided');
    given(...t.history)
      .when(request(), { now: minutesAfterT0(decided + 31) })
      .thenRefuses('REVIEW_WINDOW_CLOSED', /^The 30-minute window to ask for the review/);
    given(...t.history)
      .when(request('carla'))
      .thenRefuses('NOT_A_PLAYER_OF_MATCH');
    const asked = dismissed();
    asked.run(request());
    given(...asked.history)
      .when(request(ANA.id))
      .thenRefuses('REVIEW_ALREADY_REQUESTED');
    const pending = new Table({ raceTo: 2 });
    pending.break(ANA.id, [{ ball: 3, pocket: 'FR' }]);
    pending.run({
      type: 'FileAppeal',
      by: BRUNO.id,
      againstRevision: revisionOf(pending, 'ShotAdjudicated'),
      grounds: 'scratch',
      proposal: { kind: 'AMEND_FACTS', facts: { cueBallScratched: true } },
    });
    given(...pending.history)
      .when(request())
      .thenRefuses('APPEAL_NOT_DECIDED');
    asked.run({
      type: 'ReviewAppealDecision',
      appealId: 'A1',
      reviewedBy: 'rv-1',
      outcome: 'CONFIRMED',
      reason: 'The camera shows the cushion',
    });
    given(...asked.history)
      .when(request(ANA.id))
      .thenRefuses('REVIEW_FINAL');
  });

  it('the panel’s reason in Portuguese is recorded and quoted', () => {
    const t = dismissed();
    given(...t.history)
      .when({
        type: 'ReviewAppealDecision',
        appealId: 'A1',
        reviewedBy: 'rv-1',
        outcome: 'SET_ASIDE',
        decision: 'ALLOWED',
        reason: 'The foot rail camera shows no cushion',
        reasonPt: 'A câmara da tabela do fundo não mostra tabela',
      })
      .then((events, after) => {
        const r = only(events, 'AppealReviewed').data;
        expect(r.reasonPt).toBe('A câmara da tabela do fundo não mostra tabela');
        expect(r.explanationPt).toMatch(
          /Fundamento: A câmara da tabela do fundo não mostra tabela$/,
        );
        expect(r.explanation).toMatch(/Reason: The foot rail camera shows no cushion$/);
        expect(after.appeals[0]).toMatchObject({
          status: 'ALLOWED',
          reasonPt: 'A câmara da tabela do fundo não mostra tabela',
        });
      });
  });
});
