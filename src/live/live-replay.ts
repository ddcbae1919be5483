import type Database from 'better-sqlite3';
import { positionKey, SEQ_AT } from '../projections/audit-filter';
import { withEvents } from '../projections/audit-events';
import { toIndexRow, type IndexCells } from '../projections/audit-index';
import type { EventStore, StoredEvent } from '../ledger/event-store';

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

// A page is read in one piece (the index, then the events from the ledger): kept small, as the
// pacer's slice is only a few milliseconds.
const PAGE = 64;

// Events of the audit index (the read model) after `after` and up to `edge` inclusive, in ledger
// order, read a page at a time as the caller pulls (the index finds them, the ledger holds them):
// a long replay holds one page in memory.
export async function* replayRows(
  db: Database.Database,
  store: EventStore,
  filter: ReplayFilter,
  after: bigint | undefined,
  edge: bigint,
): AsyncGenerator<ReplayRow> {
  const where = ['a.match_id IS NOT NULL', 'a.seq > ?', `a.seq <= ${SEQ_AT}`];
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
  const start = db.prepare<[string], { seq: number }>(`SELECT ${SEQ_AT} AS seq`);
  const statement = db.prepare<(string | number)[], { seq: number } & IndexCells>(
    `SELECT a.seq, a.pos, a.stream, a.revision, a.type, a.match_id, a.game_number, a.superseded_by
     FROM audit_events a ${join ? 'JOIN live_places p ON p.match_id = a.match_id' : ''}
     WHERE ${where.join(' AND ')} ORDER BY a.seq LIMIT ${PAGE}`,
  );
  let from = after === undefined ? 0 : start.get(positionKey(after))!.seq;
  const to = positionKey(edge);
  for (;;) {
    const rows = statement.all(from, to, ...params);
    for (const r of await withEvents(store, rows.map(toIndexRow)))
      yield { matchId: r.matchId!, gameNumber: r.gameNumber, event: r.event };
    if (rows.length < PAGE) return;
    from = rows[rows.length - 1].seq;
  }
}
