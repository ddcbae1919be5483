import type { Complexity } from '@nestjs/graphql';

// What a price may look up: a count the read model answers from an index or a table's last
// rowid, never by reading the rows it counts.
export interface WorkCounts {
  count(sql: string, params?: readonly (string | number)[]): number;
}

export const PRICE_CONTEXT = 'workCounts';

// A field whose work grows with rows it reads (an aggregate, a table, a scan) is priced by those
// rows when the operation is admitted, so aliases multiply its price, not just its work.
// graphql-query-complexity hands every estimator the context it was given (Nest's type omits it).
export function priceByRows(
  base: number,
  rows: (counts: WorkCounts, args: Record<string, unknown>) => number,
): Complexity {
  return (options) => {
    const counts = (options as { context?: Record<string, unknown> }).context?.[PRICE_CONTEXT] as
      | WorkCounts
      | undefined;
    const n = counts ? Math.max(0, Math.ceil(rows(counts, options.args))) : 0;
    return base + n + options.childComplexity;
  };
}

// Counts from a SQLite database, statements prepared once each.
export function sqliteCounts(db: {
  prepare(sql: string): { pluck(): { get(...params: unknown[]): unknown } };
}): WorkCounts {
  const statements = new Map<string, { get(...params: unknown[]): unknown }>();
  return {
    count(sql, params = []) {
      let s = statements.get(sql);
      if (!s) statements.set(sql, (s = db.prepare(sql).pluck()));
      const value = s.get(...params);
      return typeof value === 'number' ? value : Number(value ?? 0);
    },
  };
}

// The prices of the read side's heavy fields, beside each other so they can be compared.
// A competition's table reads each of its matches once.
export const standingsPrice = priceByRows(10, (counts, args) =>
  counts.count('SELECT count(*) FROM registry_matches WHERE competition_id = ?', [
    String(args.competitionId ?? ''),
  ]),
);

// Every player's figures aggregate every player-match row (an upper bound: the last rowid).
export const statsCsvPrice = priceByRows(10, (counts) =>
  counts.count('SELECT coalesce(max(rowid), 0) FROM stat_player_matches'),
);

// A results file parses the state of every match view it may include (an upper bound: the last
// rowid of the match views).
export const resultsFilePrice = priceByRows(10, (counts) =>
  counts.count('SELECT coalesce(max(rowid), 0) FROM match_views'),
);

// A competition's export reads the whole ledger (its events: the audit index's last key) to find
// its streams: one point per event, at least 500. A match's export is charged per event as it
// reads its stream (chargeWork), so its static price is 1.
export const COMPETITION_EXPORT_MIN = 500;
export const ledgerExportPrice = priceByRows(0, (counts, args) =>
  args.competitionId
    ? Math.max(
        COMPETITION_EXPORT_MIN,
        counts.count('SELECT coalesce(max(seq), 0) FROM audit_events'),
      )
    : 1,
);
