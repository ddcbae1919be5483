import { DomainError } from '../../errors';
import type { AppealFiled } from '../../events/appeals';
import { isPlayerOf, type MatchState } from '../state';
import { concernedEvents, stateBefore, type RecordedEvent } from './history';
import { tableWords } from './table-words';

// Who sits on an appeal (decides it, writes its hearing notes): a member of the competition's
// committee when it names one (null: any committee member), and not recused.
export function requireOnPanel(
  member: string,
  committee: readonly string[] | null | undefined,
  state: MatchState,
  events: readonly RecordedEvent[],
  filed: AppealFiled['data'],
  act = `decide appeal ${filed.appealId}`,
): void {
  if (committee && !committee.includes(member))
    throw new DomainError(
      'NOT_ON_COMMITTEE',
      `${member} is not on the appeals committee of this match's competition`,
      undefined,
      filed.appealId,
    );
  requireUninvolved(member, state, events, filed, act);
}

// Recusal by involvement: a committee member who plays in the match or officiates it now, or who
// recorded or officiated (was an assigned scorer or referee when it happened) any event the appeal
// concerns, may not sit on it, whatever the assignment is today.
export function requireUninvolved(
  member: string,
  state: MatchState,
  events: readonly RecordedEvent[],
  filed: AppealFiled['data'],
  act = `decide appeal ${filed.appealId}`,
): void {
  const why = involvement(member, state, events, filed.againstRevision);
  if (why)
    throw new DomainError(
      'RECUSED',
      `${member} ${why} and cannot ${act}`,
      undefined,
      filed.appealId,
    );
}

function involvement(
  member: string,
  state: MatchState,
  events: readonly RecordedEvent[],
  against: number,
): string | null {
  if (isPlayerOf(state, member)) return 'plays in this match';
  const { scorers, referees } = state.officials;
  if (scorers.includes(member) || referees.includes(member)) return 'officiates this match';
  for (const r of concernedEvents(events, against)) {
    if (r.recordedBy === member)
      return `recorded revision ${r.revision} (${tableWords(r.event.type)})`;
    const then = stateBefore(events, r.revision + 1).officials;
    if (then.scorers.includes(member)) return `was a scorer of revision ${r.revision}`;
    if (then.referees.includes(member)) return `was a referee of revision ${r.revision}`;
  }
  return null;
}
