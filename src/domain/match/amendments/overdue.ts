import type { AppealState } from '../../events/appeals';

// An appeal is overdue when it is still pending after its recorded decision deadline. The clock
// is passed in: the domain never reads the time itself.
export function isOverdue(
  appeal: Pick<AppealState, 'status' | 'decisionDeadline'>,
  now: string,
): boolean {
  return (
    appeal.status === 'PENDING' &&
    appeal.decisionDeadline !== null &&
    Date.parse(now) > Date.parse(appeal.decisionDeadline)
  );
}
