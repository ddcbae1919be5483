import { DomainError } from '../../errors';
import type { MatchState } from '../state';
import { isCommitteeDecision, type RecordedEvent } from './history';

// A correction may never undo a committee decision nor overtake a pending appeal: given what it
// would supersede, it is refused when that includes an allowing decision (and so the play it
// installed), the event a dismissal let stand, or the event a pending appeal disputes.
// Only another committee decision may supersede a decision.
export function requireNoAppealReached(
  state: MatchState,
  events: readonly RecordedEvent[],
  supersedes: readonly number[],
): void {
  const reached = new Set(supersedes);
  for (const r of events)
    if (isCommitteeDecision(r.event) && reached.has(r.revision))
      throw decisionFinal(
        r.event.data.appealId,
        `would supersede the committee's decision on appeal ${r.event.data.appealId} (revision ${r.revision})`,
      );
  for (const a of state.appeals) {
    if (!reached.has(a.againstRevision)) continue;
    if (a.status === 'PENDING')
      throw new DomainError(
        'APPEAL_PENDING',
        `Revision ${a.againstRevision} is disputed by pending appeal ${a.id}; the committee decides it, or its appellant withdraws it`,
        undefined,
        a.id,
      );
    if (a.status === 'DISMISSED')
      throw decisionFinal(
        a.id,
        `would change revision ${a.againstRevision}, which the committee's decision on appeal ${a.id} let stand`,
      );
  }
}

// A shot already superseded by a committee decision: the decision stands.
export function requireNotOverruled(
  events: readonly RecordedEvent[],
  revision: number,
  supersededBy: number | undefined,
): void {
  const by = events.find((r) => r.revision === supersededBy);
  if (by?.event.type === 'AppealDecided' || by?.event.type === 'AppealReviewed')
    throw new DomainError(
      'DECISION_FINAL',
      `The shot at revision ${revision} was ruled on by the committee's decision on appeal ${by.event.data.appealId} (revision ${by.revision}), which is final`,
      undefined,
      by.event.data.appealId,
    );
}

function decisionFinal(appealId: string, what: string): DomainError {
  return new DomainError(
    'DECISION_FINAL',
    `The correction ${what}; a committee decision is final`,
    undefined,
    appealId,
  );
}
