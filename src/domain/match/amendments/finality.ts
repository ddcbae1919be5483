import { DomainError } from '../../errors';
import type { AppealDecided, AppealReviewed } from '../../events/appeals';
import type { MatchState } from '../state';
import { concernedEvents, isCommitteeDecision, type RecordedEvent } from './history';
import { tableWords } from './table-words';

// A committee's decision is final: only its review supersedes it (review.ts). Neither a correction
// nor another appeal may undo it, whether it allowed an appeal (and so installed play) or dismissed
// one (and so let the disputed event stand).

// A correction may never undo a committee decision nor overtake a pending appeal: given what it
// would supersede, it is refused when that includes an allowing decision (and so the play it
// installed), the event a dismissal let stand, or the event a pending appeal disputes.
export function requireNoAppealReached(
  state: MatchState,
  events: readonly RecordedEvent[],
  supersedes: readonly number[],
): void {
  const decision = decisionReached(state, events, supersedes, Infinity);
  if (decision)
    throw new DomainError(
      'DECISION_FINAL',
      `The correction ${decision.what}; a committee decision is final`,
      undefined,
      decision.appealId,
    );
  for (const a of state.appeals)
    if (a.status === 'PENDING' && supersedes.includes(a.againstRevision))
      throw new DomainError(
        'APPEAL_PENDING',
        `Revision ${a.againstRevision} is disputed by pending appeal ${a.id}; the committee decides it, or its appellant withdraws it`,
        undefined,
        a.id,
      );
}

// Allowing an appeal may not undo another appeal's decision either (the same test as for a
// correction). A dismissal binds the appeals filed after it; one already pending when it was taken
// was before the committee too and is decided on its own claim.
export function requireNoDecisionUndone(
  state: MatchState,
  events: readonly RecordedEvent[],
  supersedes: readonly number[],
  appealId: string,
  // Who would undo it, for the message: the decision allowing the appeal, or a review of it.
  by = `Allowing appeal ${appealId}`,
): void {
  const filedAt = events.find(
    (r) => r.event.type === 'AppealFiled' && r.event.data.appealId === appealId,
  )?.revision;
  const decision = decisionReached(state, events, supersedes, filedAt ?? Infinity);
  if (decision)
    throw new DomainError(
      'DECISION_FINAL',
      `${by} ${decision.what}; a committee decision is final and only its review may change it`,
      undefined,
      decision.appealId,
    );
}

// The committee decision superseding `supersedes` would undo: one in force that is play (an
// allowance, or a review that set a decision aside), or the disputed event of an appeal dismissed
// before revision `bindsBefore`.
function decisionReached(
  state: MatchState,
  events: readonly RecordedEvent[],
  supersedes: readonly number[],
  bindsBefore: number,
): { appealId: string; what: string } | null {
  const reached = new Set(supersedes);
  for (const r of events)
    if (
      isCommitteeDecision(r.event) &&
      reached.has(r.revision) &&
      !restoresFor(r.event, bindsBefore)
    )
      return {
        appealId: r.event.data.appealId,
        what: `would supersede the committee's decision on appeal ${r.event.data.appealId} (revision ${r.revision})`,
      };
  for (const a of state.appeals)
    if (
      a.status === 'DISMISSED' &&
      reached.has(a.againstRevision) &&
      decidedAt(events, a.id) < bindsBefore
    )
      return {
        appealId: a.id,
        what: `would change revision ${a.againstRevision}, which the committee's decision on appeal ${a.id} let stand`,
      };
  return null;
}

// A review that set a decision aside for a dismissal only put back the record as it stood before
// that decision: like the dismissal it substitutes, it binds the appeals filed after the decision
// it reviewed, not one already pending then (decided on its own claim, in table order).
function restoresFor(e: AppealDecided | AppealReviewed, bindsBefore: number): boolean {
  return (
    e.type === 'AppealReviewed' &&
    e.data.outcome === 'SET_ASIDE' &&
    e.data.decision === 'DISMISSED' &&
    e.data.reviewedRevision > bindsBefore
  );
}

// When the committee first decided an appeal (its AppealDecided; a review comes later).
function decidedAt(events: readonly RecordedEvent[], appealId: string): number {
  const decided = events.find(
    (r) => r.event.type === 'AppealDecided' && r.event.data.appealId === appealId,
  );
  return decided?.revision ?? Infinity;
}

// An appeal against what the committee already ruled on is refused when filed: an event a decision
// or a review superseded, or an event (for a shot, its facts or its ruling) a decided appeal
// disputed, whatever the proposal. Appealing it again would only ask the committee to undo itself.
export function requireNotRuledOn(
  state: MatchState,
  events: readonly RecordedEvent[],
  target: RecordedEvent,
  supersededBy: number | undefined,
): void {
  const what = `Revision ${target.revision} (${tableWords(target.event.type)})`;
  requireNotOverruled(events, target.revision, supersededBy, what);
  const concerned = concernedEvents(events, target.revision).map((r) => r.revision);
  const decided = state.appeals.find(
    (a) =>
      (a.status === 'ALLOWED' || a.status === 'DISMISSED') && concerned.includes(a.againstRevision),
  );
  if (decided)
    throw new DomainError(
      'DECISION_FINAL',
      `${what} was already ruled on by the committee's decision on appeal ${decided.id} (${decided.status.toLowerCase()}), which is final; only its review may change it`,
      undefined,
      decided.id,
    );
}

// A shot (or, for an appeal, any event) already superseded by a committee decision: it stands.
export function requireNotOverruled(
  events: readonly RecordedEvent[],
  revision: number,
  supersededBy: number | undefined,
  what = `The shot at revision ${revision}`,
): void {
  const by = events.find((r) => r.revision === supersededBy);
  if (by?.event.type === 'AppealDecided' || by?.event.type === 'AppealReviewed')
    throw new DomainError(
      'DECISION_FINAL',
      `${what} was ruled on by the committee's decision on appeal ${by.event.data.appealId} (revision ${by.revision}), which is final`,
      undefined,
      by.event.data.appealId,
    );
}
