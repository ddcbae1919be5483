import type { StoredEvent } from '../../ledger/event-store';
import type { MatchState } from '../../domain';
import type { AppealCaseRow } from './appeal-cases.query';

// The webhook kind announcing an appeal still pending past its decision deadline.
export const APPEAL_OVERDUE = 'appeal.overdue';

// An overdue appeal as a webhook notice: not an event of the ledger (nothing is appended when a
// deadline passes) but shaped like one, under an id of its own per appeal, so the outbox delivers
// it once to each endpoint however often the sweep sees it.
export function overdueNotice(c: AppealCaseRow & { match: MatchState }, now: string): StoredEvent {
  const appeal = c.match.appeals.find((a) => a.id === c.appealId)!;
  return {
    streamId: `match-${c.matchId}`,
    revision: c.match.version - 1,
    position: BigInt(c.filedPos),
    eventId: `${APPEAL_OVERDUE}:${c.matchId}:${c.appealId}`,
    type: APPEAL_OVERDUE,
    data: {
      appealId: c.appealId,
      competitionId: c.competitionId,
      by: appeal.by,
      filedAt: c.filedAt,
      decisionDeadline: c.decisionDeadline,
      overdueAt: now,
    },
    metadata: { recordedAt: now, gameNumber: appeal.gameNumber },
  };
}
