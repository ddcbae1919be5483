import { DomainError } from '../../errors';
import type { AppealReviewRequested, AppealState } from '../../events/appeals';
import type { RequestAppealReview } from '../commands';
import { requireText } from '../guards';
import { isPlayerOf, playerName, type MatchState } from '../state';
import type { RecordedHistory } from './history';
import { plusMinutes, windowInForce } from './window-close';

// A party asks for a committee decision to be reviewed: a player of the match, once per decision,
// within the match's appeal window counted from the decision. Until the panel reviews it, evidence
// may be attached for the review (evidence.ts).
export function requestReview(
  c: RequestAppealReview,
  state: MatchState,
  h: RecordedHistory,
): AppealReviewRequested {
  if (!isPlayerOf(state, c.by))
    throw new DomainError('NOT_A_PLAYER_OF_MATCH', `${c.by} does not play in this match`);
  const appeal = reviewable(state, c.appealId);
  const reason = requireText(c.reason, 'A reason for the review');
  const decided = h.events.find(
    (r) => r.event.type === 'AppealDecided' && r.event.data.appealId === c.appealId,
  )!;
  const { minutes } = windowInForce(state, c.policy);
  const closes = plusMinutes(decided.recordedAt, minutes);
  if (Date.parse(h.now) > Date.parse(closes))
    throw new DomainError(
      'REVIEW_WINDOW_CLOSED',
      `The ${minutes}-minute window to ask for the review of the decision on appeal ${appeal.id} closed at ${closes}`,
      undefined,
      appeal.id,
    );
  const by = playerName(state, c.by);
  return {
    type: 'AppealReviewRequested',
    version: 1,
    data: {
      appealId: appeal.id,
      by: c.by,
      reason,
      requestedAt: h.now,
      windowClosesAt: closes,
      explanation: `${by} asks for the review of the decision on appeal ${appeal.id}: ${reason}`,
      explanationPt: `${by} pede a revisão da decisão do recurso ${appeal.id}: ${reason}`,
    },
  };
}

// A decided appeal whose decision is not reviewed, nor its review asked for yet.
function reviewable(state: MatchState, appealId: string): AppealState {
  const appeal = state.appeals.find((a) => a.id === appealId);
  if (!appeal) throw new DomainError('APPEAL_NOT_FOUND', `No appeal ${appealId} in this match`);
  if (appeal.status !== 'ALLOWED' && appeal.status !== 'DISMISSED')
    throw new DomainError(
      'APPEAL_NOT_DECIDED',
      `Appeal ${appealId} has no committee decision to review (it is ${appeal.status.toLowerCase()})`,
      undefined,
      appealId,
    );
  if (appeal.review)
    throw new DomainError(
      'REVIEW_FINAL',
      `The decision on appeal ${appealId} was already reviewed; a review is final`,
      undefined,
      appealId,
    );
  if (appeal.reviewRequestedBy)
    throw new DomainError(
      'REVIEW_ALREADY_REQUESTED',
      `${appeal.reviewRequestedBy} already asked for the review of the decision on appeal ${appealId}`,
      undefined,
      appealId,
    );
  return appeal;
}

// The appeal whose file is open to evidence: pending, or decided with its review asked for and
// not yet taken. Says whether the evidence is for the review.
export function openFile(
  state: MatchState,
  appealId: string,
  pending: (s: MatchState, id: string) => AppealState,
): { appeal: AppealState; forReview: boolean } {
  const appeal = state.appeals.find((a) => a.id === appealId);
  if (appeal && appeal.reviewRequestedBy && !appeal.review) return { appeal, forReview: true };
  return { appeal: pending(state, appealId), forReview: false };
}
