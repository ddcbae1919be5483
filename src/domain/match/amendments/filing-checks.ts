import { DomainError } from '../../errors';
import type { Amendment } from '../../events/appeals';
import { playerName, type MatchState } from '../state';
import { concernedEvents, type RecordedEvent } from './history';
import { requireNoDecisionUndone } from './finality';
import { rederive } from './rederive';

// Filing runs the checks its decision would run, so an appeal that could never be allowed is
// refused before anything (its fee included) is recorded.

// The proposal must be one the engine can apply, and allowing it may not undo a committee
// decision already taken (an allowance, or the event a dismissal let stand: a new appeal is filed
// after every decision, so every dismissal binds it).
export function requireAllowable(
  state: MatchState,
  events: readonly RecordedEvent[],
  againstRevision: number,
  proposal: Amendment,
): void {
  const derived = rederive(events, againstRevision, proposal, 'INVALID_APPEAL');
  requireNoDecisionUndone(state, events, derived.supersedes, '', 'Allowing this appeal');
}

// A claim its appellant withdrew (the same player against the same event, for a shot its facts
// or its ruling) is not filed again, unless the competition allows it.
export function requireNotWithdrawn(
  state: MatchState,
  events: readonly RecordedEvent[],
  by: string,
  againstRevision: number,
  refileAllowed: boolean,
): void {
  if (refileAllowed) return;
  const concerned = concernedEvents(events, againstRevision).map((r) => r.revision);
  const withdrawn = state.appeals.find(
    (a) => a.status === 'WITHDRAWN' && a.by === by && concerned.includes(a.againstRevision),
  );
  if (withdrawn)
    throw new DomainError(
      'CLAIM_WITHDRAWN',
      `${playerName(state, by)} withdrew appeal ${withdrawn.id} against revision ${withdrawn.againstRevision}; this competition does not allow a withdrawn claim to be filed again`,
      undefined,
      withdrawn.id,
    );
}
