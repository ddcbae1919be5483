import type Database from 'better-sqlite3';

// Filters of the appeals list, all optional and combined. `filedAfter`/`filedBefore` are ISO
// instants (UTC, as filing times are written), inclusive.
export interface AppealCaseFilter {
  status?: string;
  competitionId?: string;
  matchId?: string;
  filedAfter?: string;
  filedBefore?: string;
  // Pending past the decision deadline (true) or not (false), at `now`.
  overdue?: { is: boolean; now: string };
}

export interface AppealCaseRow {
  matchId: string;
  appealId: string;
  filedPos: string;
  filedAt: string;
  competitionId: string | null;
  status: string;
  decisionDeadline: string | null;
}

// The appeals read model's SQL: pages in filing order (oldest first, so a committee works its
// queue front to back), keyed by the ledger position of each filing.
export class AppealCaseQuery {
  constructor(private readonly db: Database.Database) {}

  page(filter: AppealCaseFilter, after: string | undefined, limit: number): AppealCaseRow[] {
    const { where, params } = whereOf(filter, after);
    return this.db
      .prepare(
        `SELECT match_id AS matchId, appeal_id AS appealId, filed_pos AS filedPos,
                filed_at AS filedAt, competition_id AS competitionId, status,
                decision_deadline AS decisionDeadline
           FROM appeal_cases ${where} ORDER BY filed_pos LIMIT ?`,
      )
      .all(...params, limit) as AppealCaseRow[];
  }

  // Pending appeals past their decision deadline at `now` (ISO instants compare as text).
  overdue(now: string): number {
    const row = this.db.prepare(`SELECT COUNT(*) AS n FROM appeal_cases WHERE ${OVERDUE}`).get(now);
    return (row as { n: number }).n;
  }

  count(filter: AppealCaseFilter): number {
    const { where, params } = whereOf(filter, undefined);
    const row = this.db.prepare(`SELECT COUNT(*) AS n FROM appeal_cases ${where}`).get(...params);
    return (row as { n: number }).n;
  }
}

const OVERDUE = "status = 'PENDING' AND decision_deadline IS NOT NULL AND decision_deadline < ?";

function whereOf(
  f: AppealCaseFilter,
  after: string | undefined,
): { where: string; params: string[] } {
  const clauses: [string, string | undefined][] = [
    ['status = ?', f.status],
    ['competition_id = ?', f.competitionId],
    ['match_id = ?', f.matchId],
    ['filed_at >= ?', f.filedAfter],
    ['filed_at <= ?', f.filedBefore],
    ['filed_pos > ?', after],
  ];
  if (f.overdue) clauses.push([f.overdue.is ? OVERDUE : `NOT (${OVERDUE})`, f.overdue.now]);
  const used = clauses.filter(([, v]) => v !== undefined) as [string, string][];
  return {
    where: used.length ? `WHERE ${used.map(([c]) => c).join(' AND ')}` : '',
    params: used.map(([, v]) => v),
  };
}
