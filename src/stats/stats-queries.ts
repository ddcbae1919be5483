import type Database from 'better-sqlite3';
import {
  MAX_COUNTERS,
  RATIOS,
  STAT_COUNTERS,
  STAT_RATIOS,
  type Counters,
  type StatCounter,
  type StatRatio,
} from '../domain/stats';
import { column } from './stats-tables';
import { StatsError } from './stats-errors';

// Which matches a figure counts: all of them unless narrowed (each filter is a column of the row).
export interface StatsFilter {
  discipline?: string | null;
  competitionId?: string | null;
  ruleProfile?: string | null;
  opponent?: string | null;
  // ISO instants, inclusive, compared with the match's date (scheduled, else recorded).
  from?: string | null;
  to?: string | null;
}

export type StatName = StatCounter | StatRatio;

export interface PlayerTotals {
  player: string;
  name: string;
  counters: Counters;
}

export interface FoulTally {
  kind: string;
  rule: string;
  count: number;
}

export interface LeaderRow {
  player: string;
  name: string;
  value: number;
  gamesPlayed: number;
  gamesWithShots: number;
}

type Param = string | number;

// A filter as SQL over the denormalised match columns; `unindexed` keeps the equalities off the
// indexes (a unary +), so a period is read through its index by player and date.
export function whereOf(
  f: StatsFilter,
  alias = '',
  unindexed = false,
): { sql: string[]; params: Param[] } {
  const sql: string[] = [];
  const params: Param[] = [];
  const eq = (col: string, v: string | null | undefined) => {
    if (v === undefined || v === null) return;
    sql.push(`${unindexed ? '+' : ''}${alias}${col} = ?`);
    params.push(v);
  };
  eq('discipline', f.discipline);
  eq('competition_id', f.competitionId);
  eq('rule_profile', f.ruleProfile);
  eq('opponent', f.opponent);
  if (f.from) {
    sql.push(`${alias}played_on >= ?`);
    params.push(f.from);
  }
  if (f.to) {
    sql.push(`${alias}played_on <= ?`);
    params.push(f.to);
  }
  return { sql, params };
}

// The rows a filter is answered from: a player's totals per discipline, rule profile and
// competition, or per opponent too (./stats-totals.ts), and their fouls the same
// (./stats-foul-totals.ts), unless it narrows by period, which only the match rows hold. Both
// give the same sums and maxima.
interface Source {
  table: string;
  // null: the fouls are summed over the match rows.
  fouls: string | null;
  where: { sql: string[]; params: Param[] };
}

function sourceOf(f: StatsFilter): Source {
  // No competition id is empty: '' keeps no match, as over the match rows.
  if (f.from || f.to || f.competitionId === '')
    return { table: 'stat_player_matches', fouls: null, where: whereOf(f) };
  const { competitionId, ...rest } = f;
  const where = whereOf(rest);
  if (competitionId != null) {
    where.sql.push('competition_key = ?');
    where.params.push(competitionId);
  }
  return f.opponent != null
    ? { table: 'stat_pair_totals', fouls: 'stat_pair_foul_totals', where }
    : { table: 'stat_player_totals', fouls: 'stat_foul_totals', where };
}

const aggregate = (c: StatCounter) => `${MAX_COUNTERS.includes(c) ? 'MAX' : 'SUM'}(${column(c)})`;
const TOTALS = STAT_COUNTERS.map((c) => `COALESCE(${aggregate(c)}, 0) AS ${c}`).join(', ');

// The SQL of a stat over a player's grouped rows.
function expression(stat: StatName): string {
  if (
    !(STAT_RATIOS as string[]).includes(stat) &&
    !(STAT_COUNTERS as readonly string[]).includes(stat)
  )
    throw new StatsError('BAD_USER_INPUT', `No stat named ${stat}`);
  if ((STAT_COUNTERS as readonly string[]).includes(stat)) return aggregate(stat as StatCounter);
  const [a, b] = RATIOS[stat as StatRatio];
  return `CAST(SUM(${column(a)}) AS REAL) / NULLIF(SUM(${column(b)}), 0)`;
}

export class StatsQueries {
  constructor(private readonly db: Database.Database) {}

  // A player's totals over the matches the filter keeps (zeros when none): a few totals rows,
  // or for a period the player's match rows in it.
  player(playerId: string, filter: StatsFilter): PlayerTotals {
    const s = sourceOf(filter);
    if (s.fouls === null) return this.playerFromMatches(playerId, filter);
    return this.totalsOf(playerId, s.table, s.where);
  }

  // The same summed over the player's match rows (read by player and date).
  playerFromMatches(playerId: string, filter: StatsFilter): PlayerTotals {
    return this.totalsOf(playerId, 'stat_player_matches', whereOf(filter, '', true));
  }

  private totalsOf(playerId: string, table: string, w: Source['where']): PlayerTotals {
    const row = this.db
      .prepare<Param[], Record<string, number> & { name: string | null }>(
        `SELECT MAX(player_name) AS name, ${TOTALS} FROM ${table}
         WHERE ${['player = ?', ...w.sql].join(' AND ')}`,
      )
      .get(playerId, ...w.params)!;
    return { player: playerId, name: row.name ?? playerId, counters: countersOf(row) };
  }

  // A player's fouls by kind and rule under the filter (or in one match).
  fouls(playerId: string, filter: StatsFilter, matchId?: string): FoulTally[] {
    const s = sourceOf(filter);
    if (s.fouls === null || matchId !== undefined)
      return this.foulsFromMatches(playerId, filter, matchId);
    return this.db
      .prepare<Param[], FoulTally>(
        `SELECT kind, rule, SUM(count) AS count FROM ${s.fouls}
         WHERE ${['player = ?', ...s.where.sql].join(' AND ')}
         GROUP BY kind, rule ORDER BY count DESC, kind, rule`,
      )
      .all(playerId, ...s.where.params);
  }

  // The same summed over the foul rows of the player's matches: the match rows first (CROSS
  // JOIN keeps that order), by player and date, then each one's foul rows.
  foulsFromMatches(playerId: string, filter: StatsFilter, matchId?: string): FoulTally[] {
    const w = whereOf(filter, 'm.', true);
    if (matchId !== undefined) {
      w.sql.push('m.match_id = ?');
      w.params.push(matchId);
    }
    return this.db
      .prepare<Param[], FoulTally>(
        `SELECT f.kind, f.rule, SUM(f.count) AS count FROM stat_player_matches m
         CROSS JOIN stat_fouls f ON f.match_id = m.match_id AND f.player = m.player
         WHERE ${['m.player = ?', ...w.sql].join(' AND ')}
         GROUP BY f.kind, f.rule ORDER BY count DESC, f.kind, f.rule`,
      )
      .all(playerId, ...w.params);
  }

  // Appeals filed and allowed in the matches the filter keeps (e.g. a competition's).
  appeals(filter: StatsFilter): { filed: number; allowed: number } {
    const w = whereOf(filter);
    return this.db
      .prepare<Param[], { filed: number; allowed: number }>(
        `SELECT COALESCE(SUM(appeals_filed), 0) AS filed, COALESCE(SUM(appeals_allowed), 0) AS allowed
         FROM stat_player_matches ${w.sql.length ? `WHERE ${w.sql.join(' AND ')}` : ''}`,
      )
      .get(...w.params)!;
  }

  // Every player the filter keeps with at least `minGames` games, ordered by the stat (best
  // first: highest, or lowest when `ascending`), then by id; keyset after (value, player).
  leaderboard(
    stat: StatName,
    filter: StatsFilter,
    minGames: number,
    page: { first: number; after: { value: number; player: string } | null; ascending: boolean },
  ): { rows: LeaderRow[]; hasNextPage: boolean; totalCount: number } {
    const { table, where: w } = sourceOf(filter);
    const grouped = `SELECT player, MAX(player_name) AS name, ${expression(stat)} AS value,
        SUM(games_played) AS gamesPlayed, SUM(games_with_shots) AS gamesWithShots
        FROM ${table}
        ${w.sql.length ? `WHERE ${w.sql.join(' AND ')}` : ''}
        GROUP BY player HAVING SUM(games_played) >= ?`;
    const cmp = page.ascending ? '>' : '<';
    const after = page.after ? `AND (value ${cmp} ? OR (value = ? AND player > ?))` : '';
    const afterParams = page.after ? [page.after.value, page.after.value, page.after.player] : [];
    const rows = this.db
      .prepare<Param[], LeaderRow>(
        `SELECT * FROM (${grouped}) WHERE value IS NOT NULL ${after}
         ORDER BY value ${page.ascending ? 'ASC' : 'DESC'}, player LIMIT ?`,
      )
      .all(...w.params, minGames, ...afterParams, page.first + 1);
    const total = this.db
      .prepare<
        Param[],
        { n: number }
      >(`SELECT COUNT(*) AS n FROM (${grouped}) WHERE value IS NOT NULL`)
      .get(...w.params, minGames)!.n;
    return {
      rows: rows.slice(0, page.first),
      hasNextPage: rows.length > page.first,
      totalCount: total,
    };
  }

  // Players' totals under the filter (the CSV export), by player id: at most `limit` players
  // after `after` (null: from the first), so the export reads them a page per slice.
  allPlayers(
    filter: StatsFilter,
    minGames: number,
    after: string | null = null,
    limit = -1,
  ): PlayerTotals[] {
    const { table, where: w } = sourceOf(filter);
    const where = after === null ? w.sql : [...w.sql, 'player > ?'];
    const params = after === null ? w.params : [...w.params, after];
    return this.db
      .prepare<Param[], Record<string, number> & { player: string; name: string }>(
        `SELECT player, MAX(player_name) AS name, ${TOTALS} FROM ${table}
         ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
         GROUP BY player HAVING SUM(games_played) >= ? ORDER BY player LIMIT ?`,
      )
      .all(...params, minGames, limit)
      .map((r) => ({ player: r.player, name: r.name, counters: countersOf(r) }));
  }

  // A match's stats sheet: each player's totals and their figures game by game.
  match(matchId: string): MatchSheet {
    const m = this.db
      .prepare<[string], MatchRow>('SELECT * FROM stat_matches WHERE match_id = ?')
      .get(matchId);
    if (!m) throw new StatsError('NOT_FOUND', `No match with id ${matchId}`);
    const players = this.db
      .prepare<[string], Record<string, number> & { player: string; player_name: string }>(
        `SELECT player, player_name, ${STAT_COUNTERS.map((c) => `${column(c)} AS ${c}`).join(', ')}
         FROM stat_player_matches WHERE match_id = ? ORDER BY rowid`,
      )
      .all(matchId)
      .map((r) => ({ player: r.player, name: r.player_name, counters: countersOf(r) }));
    const games = this.db
      .prepare<[string], Record<string, number> & { game: number; player: string }>(
        `SELECT game, player, ${STAT_COUNTERS.map((c) => `${column(c)} AS ${c}`).join(', ')}
         FROM stat_player_games WHERE match_id = ? ORDER BY game, rowid`,
      )
      .all(matchId)
      .map((r) => ({ game: r.game, player: r.player, counters: countersOf(r) }));
    return { ...m, players, games };
  }
}

interface MatchRow {
  match_id: string;
  discipline: string;
  rule_profile: string;
  competition_id: string | null;
  played_on: string;
  status: string;
  winner: string | null;
  score: string;
}

export interface MatchSheet extends MatchRow {
  players: PlayerTotals[];
  games: { game: number; player: string; counters: Counters }[];
}

function countersOf(row: Record<string, unknown>): Counters {
  const c = {} as Counters;
  for (const k of STAT_COUNTERS) c[k] = Number(row[k] ?? 0);
  return c;
}
