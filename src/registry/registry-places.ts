import type { MatchState } from '../domain';
import { prepared } from '../projections/prepared';
import type { ReadModel } from '../projections/read-model';
import type { MatchRow } from '../kernel/registry/scheduled-match';
import type {
  Board,
  BoardFilter,
  MatchPlace,
  MatchPlaces,
} from '../kernel/registry/match-places.port';

interface PlaceRow {
  match_id: string;
  seq: string;
  competition_id: string | null;
  scheduled_at: string | null;
  venue: string | null;
  table_number: number | null;
  status: string;
}

const COLUMNS = 'match_id, seq, competition_id, scheduled_at, venue, table_number, status';

// The board's reads (MATCH_PLACES): a venue's or a competition's matches in three lists, each of
// at most `first`, read from the registry's match table (where and when) and the match views (the
// state): one query for the whole board, whatever the number of matches or their length.
export class RegistryPlaces implements MatchPlaces {
  constructor(private readonly readModel: ReadModel) {}

  board(filter: BoardFilter, first: number): Board {
    const where: string[] = [];
    const params: string[] = [];
    if (filter.competitionId !== undefined) {
      where.push('competition_id = ?');
      params.push(filter.competitionId);
    }
    if (filter.venue !== undefined) {
      where.push('venue = ?');
      params.push(filter.venue);
    }
    if (filter.day !== undefined) {
      where.push(
        "(substr(scheduled_at, 1, 10) = ? OR status = 'IN_PLAY' OR (scheduled_at IS NULL AND status <> 'COMPLETED'))",
      );
      params.push(filter.day);
    }
    const clause = where.length ? `AND ${where.join(' AND ')}` : '';
    const list = (status: string, order: string) =>
      prepared<(string | number)[], PlaceRow>(
        this.readModel.database,
        `SELECT ${COLUMNS} FROM registry_matches WHERE status = ? ${clause} ORDER BY ${order} LIMIT ?`,
      )
        .all(status, ...params, first)
        .flatMap((r) => this.row(r));
    return {
      playing: list('IN_PLAY', 'table_number, seq'),
      upcoming: list('AWAITING_BREAK_ORDER', "coalesce(scheduled_at, '9'), table_number, seq"),
      finished: list('COMPLETED', 'seq DESC'),
    };
  }

  // Where a match is played, for the live board's filter.
  place(matchId: string): MatchPlace | null {
    const r = prepared<[string], PlaceRow>(
      this.readModel.database,
      `SELECT ${COLUMNS} FROM registry_matches WHERE match_id = ?`,
    ).get(matchId);
    return r ? placement(r) : null;
  }

  private row(r: PlaceRow): MatchRow[] {
    const state: MatchState | null = this.readModel.match(r.match_id);
    return state ? [{ ...placement(r), state }] : [];
  }
}

const placement = (r: PlaceRow): MatchPlace => ({
  key: r.seq,
  competitionId: r.competition_id,
  scheduledAt: r.scheduled_at,
  venue: r.venue,
  tableNumber: r.table_number,
});
