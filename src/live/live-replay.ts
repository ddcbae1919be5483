import type Database from 'better-sqlite3';
import { sortKey } from '../projections/audit-filter';
import type { StoredEvent } from '../ledger/event-store';

export interface ReplayRow {
  matchId: string;
  gameNumber: number | null;
  event: StoredEvent;
}

export interface ReplayFilter {
  matchId?: string;
  competitionId?: string;
  tableNumber?: number;
  types?: readonly string[];
}

const PAGE = 200;

// Events of the audit index (the read model) after `after` and up to `edge` inclusive, in ledger
// order, read a page at a time as the caller pulls: a long replay holds one page in memory.
export function* replayRows(
  db: Database.Database,
  filter: ReplayFilter,
  after: bigint | undefined,
  edge: bigint,
): Generator<ReplayRow> {
  const where = ['a.match_id IS NOT NULL', 'a.pos > ?', 'a.pos <= ?'];
  const params: (string | number)[] = [];
  const join = filter.competitionId !== undefined || filter.tableNumber !== undefined;
  const eq = (column: string, value: string | number | undefined) => {
    if (value === undefined) return;
    where.push(`${column} = ?`);
    params.push(value);
  };
  eq('a.match_id', filter.matchId);
  eq('p.competition_id', filter.competitionId);
  eq('p.table_number', filter.tableNumber);
  if (filter.types && filter.types.length > 0) {
    where.push(`a.type IN (${filter.types.map(() => '?').join(',')})`);
    params.push(...filter.types);
  }
  const statement = db.prepare<
    (string | number)[],
    { pos: string; match_id: string; game_number: number | null; event: string }
  >(
    `SELECT a.pos, a.match_id, a.game_number, a.event FROM audit_events a
     ${join ? 'JOIN live_places p ON p.match_id = a.match_id' : ''}
     WHERE ${where.join(' AND ')} ORDER BY a.pos LIMIT ${PAGE}`,
  );
  let from = after === undefined ? '' : sortKey(after);
  const to = sortKey(edge);
  for (;;) {
    const rows = statement.all(from, to, ...params);
    for (const r of rows) {
      const e = JSON.parse(r.event) as Omit<StoredEvent, 'position'> & { position: string };
      yield {
        matchId: r.match_id,
        gameNumber: r.game_number,
        event: { ...e, position: BigInt(e.position) },
      };
    }
    if (rows.length < PAGE) return;
    from = rows[rows.length - 1].pos;
  }
}
