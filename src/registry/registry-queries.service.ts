import type Database from 'better-sqlite3';
import { type CompetitionFields, type CompetitionRecord, type PlayerRecord } from '../domain';
import type { ReadModel } from '../projections/read-model';
import type { MatchRow } from '../kernel/registry/scheduled-match';
import type { Slice } from '../ledger/slices';
import { nameKey } from './registry.projection';
import { standingsInSlices, standingsWhole, type NamedStanding } from './standings-slices';

export interface PlayerFilter {
  namePrefix?: string;
  club?: string;
  nationality?: string;
}

export interface CompetitionFilter {
  season?: string;
  discipline?: string;
}

export interface Page<R> {
  rows: R[];
  hasNextPage: boolean;
  totalCount: number;
}

interface PlayerRow {
  licence_id: string;
  display_name: string;
  name_key: string;
  club: string | null;
  nationality: string | null;
  revision: number;
}

interface CompetitionRow {
  competition_id: string;
  record: string;
  committee: string;
  revision: number;
}

const toPlayer = (r: PlayerRow): PlayerRecord & { key: string } => ({
  licenceId: r.licence_id,
  displayName: r.display_name,
  club: r.club,
  nationality: r.nationality,
  version: r.revision + 1,
  key: `${r.name_key}\u0000${r.licence_id}`,
});

const toCompetition = (r: CompetitionRow): CompetitionRecord => ({
  competitionId: r.competition_id,
  ...(JSON.parse(r.record) as CompetitionFields),
  committee: JSON.parse(r.committee) as string[],
  version: r.revision + 1,
});

// A WHERE clause built condition by condition, with its parameters in order.
function conditions() {
  const where: string[] = [];
  const params: string[] = [];
  const add = (sql: string, value: string) => {
    where.push(sql);
    params.push(value);
  };
  return { where, params, add };
}

// LIKE patterns match literally: % and _ in a prefix are escaped.
const likePrefix = (s: string) => `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// The registry's queries over the read model (its own tables and the match views).
export class RegistryQueryService {
  constructor(private readonly readModel: ReadModel) {}

  private get db(): Database.Database {
    return this.readModel.database;
  }

  player(id: string): PlayerRecord | null {
    const r = this.db
      .prepare<[string], PlayerRow>('SELECT * FROM registry_players WHERE licence_id = ?')
      .get(id);
    return r ? toPlayer(r) : null;
  }

  // By display name (case and accents ignored), then licence id; `after` is a row's key.
  players(
    filter: PlayerFilter,
    first: number,
    after?: string,
  ): Page<PlayerRecord & { key: string }> {
    const { where, params, add } = conditions();
    if (filter.namePrefix)
      add(`name_key LIKE ? ESCAPE '\\'`, likePrefix(nameKey(filter.namePrefix)));
    if (filter.club !== undefined) add('club = ?', filter.club);
    if (filter.nationality !== undefined) add('nationality = ?', filter.nationality);
    const filtered = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const totalCount = this.db
      .prepare<string[], { n: number }>(`SELECT COUNT(*) AS n FROM registry_players ${filtered}`)
      .get(...params)!.n;
    const page = [...where];
    const pageParams = [...params];
    if (after !== undefined) {
      const [k, id] = after.split('\u0000');
      page.push('(name_key, licence_id) > (?, ?)');
      pageParams.push(k, id);
    }
    const rows = this.db
      .prepare<(string | number)[], PlayerRow>(
        `SELECT * FROM registry_players ${page.length ? `WHERE ${page.join(' AND ')}` : ''}
         ORDER BY name_key, licence_id LIMIT ?`,
      )
      .all(...pageParams, first + 1);
    return {
      rows: rows.slice(0, first).map(toPlayer),
      hasNextPage: rows.length > first,
      totalCount,
    };
  }

  competition(id: string): CompetitionRecord | null {
    const r = this.db
      .prepare<
        [string],
        CompetitionRow
      >('SELECT * FROM registry_competitions WHERE competition_id = ?')
      .get(id);
    return r ? toCompetition(r) : null;
  }

  // By id; `after` is the id the page starts after.
  competitions(filter: CompetitionFilter, first: number, after?: string): Page<CompetitionRecord> {
    const { where, params, add } = conditions();
    if (filter.season !== undefined) add('season = ?', filter.season);
    if (filter.discipline !== undefined) add('discipline = ?', filter.discipline);
    const clause = (w: string[]) => (w.length ? `WHERE ${w.join(' AND ')}` : '');
    const totalCount = this.db
      .prepare<
        string[],
        { n: number }
      >(`SELECT COUNT(*) AS n FROM registry_competitions ${clause(where)}`)
      .get(...params)!.n;
    if (after !== undefined) add('competition_id > ?', after);
    const rows = this.db
      .prepare<
        (string | number)[],
        CompetitionRow
      >(`SELECT * FROM registry_competitions ${clause(where)} ORDER BY competition_id LIMIT ?`)
      .all(...params, first + 1);
    return {
      rows: rows.slice(0, first).map(toCompetition),
      hasNextPage: rows.length > first,
      totalCount,
    };
  }

  // A player's matches, most recently scheduled first; `before` is a row's key.
  playerMatches(playerId: string, first: number, before?: string): Page<MatchRow> {
    const total = this.db
      .prepare<
        [string],
        { n: number }
      >('SELECT COUNT(*) AS n FROM registry_match_players WHERE player_id = ?')
      .get(playerId)!.n;
    const rows = this.db
      .prepare<[string, string, number], { match_id: string; seq: string }>(
        `SELECT match_id, seq FROM registry_match_players WHERE player_id = ? AND seq < ?
         ORDER BY seq DESC LIMIT ?`,
      )
      .all(playerId, before ?? '~', first + 1);
    return this.matchPage(rows, first, total);
  }

  // A competition's matches in the order they were scheduled; `after` is a row's key.
  competitionMatches(competitionId: string, first: number, after?: string): Page<MatchRow> {
    const total = this.db
      .prepare<
        [string],
        { n: number }
      >('SELECT COUNT(*) AS n FROM registry_matches WHERE competition_id = ?')
      .get(competitionId)!.n;
    const rows = this.db
      .prepare<[string, string, number], { match_id: string; seq: string }>(
        `SELECT match_id, seq FROM registry_matches WHERE competition_id = ? AND seq > ?
         ORDER BY seq LIMIT ?`,
      )
      .all(competitionId, after ?? '', first + 1);
    return this.matchPage(rows, first, total);
  }

  private matchPage(
    rows: { match_id: string; seq: string }[],
    first: number,
    totalCount: number,
  ): Page<MatchRow> {
    const out = rows.slice(0, first).flatMap((r) => {
      const state = this.readModel.match(r.match_id);
      return state ? [{ key: r.seq, state, ...this.placement(r.match_id) }] : [];
    });
    return { rows: out, hasNextPage: rows.length > first, totalCount };
  }

  private placement(matchId: string): Omit<MatchRow, 'key' | 'state'> {
    const r = this.db
      .prepare<
        [string],
        {
          competition_id: string | null;
          scheduled_at: string | null;
          venue: string | null;
          table_number: number | null;
        }
      >(
        'SELECT competition_id, scheduled_at, venue, table_number FROM registry_matches WHERE match_id = ?',
      )
      .get(matchId);
    return {
      competitionId: r?.competition_id ?? null,
      scheduledAt: r?.scheduled_at ?? null,
      venue: r?.venue ?? null,
      tableNumber: r?.table_number ?? null,
    };
  }

  // The same table, its matches read a page per slice (the API's standings and standingsCsv).
  standingsInSlices(competitionId: string, slice: Slice): Promise<NamedStanding[]> {
    return standingsInSlices(this.db, competitionId, slice);
  }

  // The competition's table (see TIE_BREAK_ORDER), with each player's registered name, read
  // whole (the CLI's export).
  standings(competitionId: string): NamedStanding[] {
    return standingsWhole(this.db, competitionId);
  }
}
