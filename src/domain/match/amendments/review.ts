import { canonicalJson } from '../../canonical-json';
import { DomainError } from '../../errors';
import type {
  Amendment,
  AppealDecided,
  AppealFiled,
  AppealFeeSettled,
  AppealMooted,
  AppealReviewed,
} from '../../events/appeals';
import type { ReviewAppealDecision } from '../commands';
import { requireText } from '../guards';
import { toPlaySnapshot } from '../play-snapshot';
import { playerName, type MatchState } from '../state';
import { mooted } from './closing';
import { mootedWithFees, settleFee } from './fees';
import {
  filedEvent,
  isCommitteeDecision,
  isPlay,
  stateBefore,
  supersededRevisions,
  type RecordedEvent,
  type RecordedHistory,
} from './history';
import { requireNoDecisionUndone } from './finality';
import { requireUninvolved } from './recusal';
import { normaliseAmendment, rederive, type Derived } from './rederive';
import { REMEDY_TEXT } from './remedy-texts';
import { REVIEW_TEXT } from './review-texts';

// The one path that may supersede a committee decision: its review by a review panel, with a
// written reason, recorded as its own event citing the decision. The panel confirms the decision,
// or sets it aside and substitutes its own: a dismissal restores the record as it stood before the
// decision; an allowance applies its remedy as if the reviewed decision had never been taken.
// Either way the play recorded after the decision is superseded. A decision is reviewed once.
export function reviewDecision(
  c: ReviewAppealDecision,
  state: MatchState,
  h: RecordedHistory,
): [AppealReviewed, ...(AppealMooted | AppealFeeSettled)[]] {
  const reviewed = decisionUnderReview(state, h.events, c.appealId);
  const d = reviewed.event.data;
  const filed = filedEvent(h.events, c.appealId);
  if (c.reviewedBy === d.decidedBy)
    throw new DomainError(
      'RECUSED',
      `${c.reviewedBy} took the decision on appeal ${c.appealId} and cannot review it`,
      undefined,
      c.appealId,
    );
  requireUninvolved(c.reviewedBy, state, h.events, filed);
  const reason = requireText(c.reason, 'A written reason for the review');
  const reasonPt =
    c.reasonPt === undefined ? undefined : requireText(c.reasonPt, 'The reason in Portuguese');
  const pt = { reasonPt: reasonPt ?? reason };
  const by = playerName(state, filed.by);
  if (c.outcome === 'CONFIRMED') {
    if (c.decision || c.remedy)
      throw invalid('A confirmation leaves the decision as it is; set it aside to decide again');
    return [confirmed(c, reviewed, reason, by, pt)];
  }
  const decision = c.decision;
  if (!decision) throw invalid('Setting a decision aside needs the decision substituted');
  if (decision === 'DISMISSED' && c.remedy)
    throw new DomainError(
      'REMEDY_WITH_DISMISSAL',
      'A dismissal leaves the record as it stands and takes no remedy',
      undefined,
      c.appealId,
    );
  const { remedy, derived, supersedes } = substituted(c, state, h, reviewed, filed, decision);
  const closed = state.final || state.status === 'COMPLETED';
  const over = derived.resulting.status === 'COMPLETED';
  const what = remedy ? REMEDY_TEXT[remedy.kind](state, remedy, over) : REVIEW_TEXT.restored(over);
  const ruling = derived.ruling
    ? { en: ` ${derived.ruling.explanation}`, pt: ` ${derived.ruling.explanationPt}` }
    : { en: '', pt: '' };
  const head = REVIEW_TEXT.setAside(c.appealId, by, decision);
  const reopens = reopened(state, h.events, reviewed.revision, supersedes);
  const back = REVIEW_TEXT.reopened(reopens);
  const event: AppealReviewed = {
    type: 'AppealReviewed',
    version: 2,
    data: {
      appealId: c.appealId,
      reviewedRevision: reviewed.revision,
      reviewedBy: c.reviewedBy,
      outcome: 'SET_ASIDE',
      ...(reasonPt === undefined ? {} : { reasonPt }),
      decision,
      remedy,
      reason,
      ruling: derived.ruling,
      supersedes,
      reinstates: d.supersedes,
      reopens,
      resulting: derived.resulting,
      reopened: closed && !over,
      explanation: `${head.en}: ${what.en}${ruling.en}${back.en} Reason: ${reason}`,
      explanationPt: `${head.pt}: ${what.pt}${ruling.pt}${back.pt} Fundamento: ${pt.reasonPt}`,
    },
  };
  // The appeal's own fee follows its new outcome when the review changes it.
  const fee = decision === d.outcome ? [] : settleFee(state, filed, decision, 'AppealReviewed');
  return [event, ...fee, ...mootedWithFees(state, h.events, mooted(state, c.appealId, supersedes))];
}

type Reviewed = RecordedEvent & { event: AppealDecided };

// The record the substituted decision leaves: its remedy (the appeal's own proposal when the panel
// allows without one), the re-derived play and every revision it supersedes.
function substituted(
  c: ReviewAppealDecision,
  state: MatchState,
  h: RecordedHistory,
  reviewed: Reviewed,
  filed: AppealFiled['data'],
  decision: NonNullable<ReviewAppealDecision['decision']>,
): { remedy: Amendment | null; derived: Derived; supersedes: number[] } {
  const d = reviewed.event.data;
  const without = h.events.filter((r) => r.revision !== reviewed.revision);
  const remedy =
    decision === 'ALLOWED'
      ? c.remedy
        ? normaliseAmendment(without, filed.againstRevision, c.remedy, 'INVALID_REVIEW')
        : filed.proposal
      : null;
  if (decision === d.outcome && canonicalJson(remedy) === canonicalJson(d.remedy))
    throw invalid(`The substituted decision is the decision on appeal ${c.appealId} itself`);
  const derived =
    remedy === null
      ? restoreRecord(h.events, reviewed.revision)
      : rederive(without, filed.againstRevision, remedy, 'INVALID_REVIEW');
  const supersedes = [...new Set([reviewed.revision, ...derived.supersedes])].sort((a, b) => a - b);
  requireNoOtherDecision(h.events, supersedes, reviewed.revision);
  // Nor may a substituted allowance change what another appeal's dismissal let stand.
  if (remedy !== null)
    requireNoDecisionUndone(
      state,
      h.events,
      derived.supersedes,
      c.appealId,
      `Setting aside the decision on appeal ${c.appealId} to allow it`,
    );
  return { remedy, derived, supersedes };
}

// The appeals the reviewed decision closed as moot (its own command, right after it) whose
// disputed event the review puts back in force: they are decidable again.
function reopened(
  state: MatchState,
  events: readonly RecordedEvent[],
  decided: number,
  supersedes: readonly number[],
): string[] {
  const ids: string[] = [];
  for (const r of events) {
    if (r.revision <= decided) continue;
    // The decision's command: its fee settlements, then the appeals it mooted (with theirs).
    if (r.event.type === 'AppealFeeSettled') continue;
    if (r.event.type !== 'AppealMooted') break;
    const id = r.event.data.appealId;
    const still = state.appeals.find((a) => a.id === id)?.status === 'MOOT';
    if (still && !supersedes.includes(r.event.data.againstRevision)) ids.push(id);
  }
  return ids;
}

// The decision on the appeal, which must exist and not have been reviewed yet.
function decisionUnderReview(
  state: MatchState,
  events: readonly RecordedEvent[],
  appealId: string,
): Reviewed {
  const appeal = state.appeals.find((a) => a.id === appealId);
  if (!appeal) throw new DomainError('APPEAL_NOT_FOUND', `No appeal ${appealId} in this match`);
  if (appeal.review)
    throw new DomainError(
      'REVIEW_FINAL',
      `The decision on appeal ${appealId} was already reviewed (${appeal.review.toLowerCase().replace('_', ' ')} by ${appeal.reviewedBy}); a review is final`,
      undefined,
      appealId,
    );
  const found = events.find(
    (r) => r.event.type === 'AppealDecided' && r.event.data.appealId === appealId,
  );
  if (!found)
    throw new DomainError(
      'APPEAL_NOT_DECIDED',
      `Appeal ${appealId} has no committee decision to review (it is ${appeal.status.toLowerCase()})`,
      undefined,
      appealId,
    );
  return found as Reviewed;
}

// A dismissal substituted: the present as the record stood right before the decision, and the
// play recorded after the decision superseded.
function restoreRecord(events: readonly RecordedEvent[], decided: number): Derived {
  const superseded = supersededRevisions(events);
  const after = events
    .filter((r) => r.revision > decided && !superseded.has(r.revision) && isPlay(r.event))
    .map((r) => r.revision);
  return {
    resulting: toPlaySnapshot(stateBefore(events, decided)),
    ruling: null,
    supersedes: after,
    // Nothing stands in for them: the record before the decision is back in force.
    events: [],
  };
}

// A review changes one decision: it may not undo another appeal's decision taken since.
function requireNoOtherDecision(
  events: readonly RecordedEvent[],
  supersedes: readonly number[],
  reviewed: number,
): void {
  for (const r of events)
    if (r.revision !== reviewed && supersedes.includes(r.revision) && isCommitteeDecision(r.event))
      throw new DomainError(
        'DECISION_FINAL',
        `The review would supersede the committee's decision on appeal ${r.event.data.appealId} (revision ${r.revision}), taken since; review that decision first`,
        undefined,
        r.event.data.appealId,
      );
}

function confirmed(
  c: ReviewAppealDecision,
  reviewed: Reviewed,
  reason: string,
  by: string,
  // The Portuguese reason (or the reason as given), and whether one was given.
  pt: { reasonPt: string },
): AppealReviewed {
  const d = reviewed.event.data;
  const head = REVIEW_TEXT.confirmed(c.appealId, by, d.outcome);
  return {
    type: 'AppealReviewed',
    version: 2,
    data: {
      appealId: c.appealId,
      reviewedRevision: reviewed.revision,
      reviewedBy: c.reviewedBy,
      outcome: 'CONFIRMED',
      ...(c.reasonPt === undefined ? {} : { reasonPt: pt.reasonPt }),
      decision: d.outcome,
      remedy: d.remedy,
      reason,
      ruling: null,
      supersedes: [],
      reinstates: [],
      resulting: null,
      reopened: false,
      explanation: `${head.en}. Reason: ${reason}`,
      explanationPt: `${head.pt}. Fundamento: ${pt.reasonPt}`,
    },
  };
}

function invalid(message: string): DomainError {
  return new DomainError('INVALID_REVIEW', message);
}
