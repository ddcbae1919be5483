import type Database from 'better-sqlite3';
import type { GameSummary, MatchState } from '../domain';

// Results files for rating bodies and bracket tools: the completed matches of a competition or a
// period, one row per match (or per game), as CSV (RFC 4180, CRLF) or JSON. Read from the read
// model (the match views, the registry's match list and the stats' match dates), so the CLI and
// the GraphQL field produce the same bytes from the same views.

export type ResultsFormat = 'CSV' | 'JSON';

export interface ResultsFileQuery {
  competitionId?: string | null;
  // Inclusive ISO dates or instants, compared with the match's date (scheduled, else recorded).
  from?: string | null;
  to?: string | null;
  perGame?: boolean;
  format: ResultsFormat;
}

export const MATCH_COLUMNS = [
  'match_id',
  'date',
  'competition_id',
  'competition',
  'discipline',
  'race_to',
  'venue',
  'player_a_id',
  'player_a_name',
  'player_b_id',
  'player_b_name',
  'score_a',
  'score_b',
  'winner_id',
  'result',
  'recording_level',
  'games',
  'games_with_shots',
] as const;

export const GAME_COLUMNS = [
  'match_id',
  'date',
  'competition_id',
  'competition',
  'discipline',
  'race_to',
  'venue',
  'player_a_id',
  'player_a_name',
  'player_b_id',
  'player_b_name',
  'game',
  'breaker_id',
  'winner_id',
  'reason',
  'rule',
  'recording_level',
] as const;

type Cell = string | number | null;
type Row = Record<string, Cell>;

interface Listed {
  match_id: string;
  state: string;
  competition_id: string | null;
  venue: string | null;
  date: string;
}

// A game recorded shot by shot has shots in the record; a result-level game has none.
const gameLevel = (g: GameSummary): 'SHOTS' | 'RESULT' => (g.shots > 0 ? 'SHOTS' : 'RESULT');

function matchLevel(games: readonly GameSummary[]): 'SHOTS' | 'RESULTS' | 'MIXED' {
  const shots = games.filter((g) => g.shots > 0).length;
  if (shots === 0) return 'RESULTS';
  return shots === games.length ? 'SHOTS' : 'MIXED';
}

export function resultsRows(db: Database.Database, q: ResultsFileQuery): Row[] {
  const where = ["v.status = 'COMPLETED'"];
  const params: string[] = [];
  if (q.competitionId) {
    where.push('r.competition_id = ?');
    params.push(q.competitionId);
  }
  // The match's date: when it was scheduled to be played, else when it was recorded.
  const date = 'COALESCE(r.scheduled_at, s.played_on)';
  if (q.from) {
    where.push(`${date} >= ?`);
    params.push(q.from);
  }
  if (q.to) {
    // A bare date takes in the whole day.
    where.push(`${date} <= ?`);
    params.push(/^\d{4}-\d{2}-\d{2}$/.test(q.to) ? `${q.to}T23:59:59.999Z` : q.to);
  }
  const listed = db
    .prepare<string[], Listed>(
      `SELECT v.match_id, v.state, r.competition_id, r.venue, ${date} AS date
       FROM match_views v
       LEFT JOIN registry_matches r ON r.match_id = v.match_id
       LEFT JOIN stat_matches s ON s.match_id = v.match_id
       WHERE ${where.join(' AND ')}
       ORDER BY date, v.match_id`,
    )
    .all(...params);
  const rows: Row[] = [];
  for (const m of listed) {
    const s = JSON.parse(m.state) as MatchState;
    const [a, b] = s.players;
    const common: Row = {
      match_id: s.id,
      date: m.date.slice(0, 10),
      competition_id: m.competition_id,
      competition: s.competition,
      discipline: s.discipline,
      race_to: s.raceTo,
      venue: m.venue,
      player_a_id: a.id,
      player_a_name: a.name,
      player_b_id: b.id,
      player_b_name: b.name,
    };
    if (q.perGame) {
      for (const g of s.games)
        rows.push({
          ...common,
          game: g.number,
          breaker_id: g.breaker,
          winner_id: g.winner,
          reason: g.reason,
          rule: g.rule,
          recording_level: gameLevel(g),
        });
      continue;
    }
    const forfeited = s.games.some((g) => g.reason === 'MATCH_FORFEITED');
    const played = s.games.filter((g) => g.reason !== 'MATCH_FORFEITED');
    rows.push({
      ...common,
      score_a: s.score[a.id] ?? 0,
      score_b: s.score[b.id] ?? 0,
      winner_id: s.winner,
      result: forfeited ? 'FORFEIT' : 'RACE_WON',
      recording_level: matchLevel(played),
      games: played.length,
      games_with_shots: played.filter((g) => g.shots > 0).length,
    });
  }
  return rows;
}

// RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled.
function field(v: Cell): string {
  const s = v === null ? '' : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function resultsFile(db: Database.Database, q: ResultsFileQuery): string {
  const rows = resultsRows(db, q);
  const columns: readonly string[] = q.perGame ? GAME_COLUMNS : MATCH_COLUMNS;
  if (q.format === 'JSON')
    return (
      JSON.stringify(
        {
          format: q.perGame ? 'cue-ledger-game-results/1' : 'cue-ledger-match-results/1',
          competitionId: q.competitionId ?? null,
          from: q.from ?? null,
          to: q.to ?? null,
          columns,
          rows: rows.map((r) => Object.fromEntries(columns.map((c) => [c, r[c] ?? null]))),
        },
        null,
        2,
      ) + '\n'
    );
  const lines = rows.map((r) => columns.map((c) => field(r[c] ?? null)).join(','));
  return [columns.join(','), ...lines].join('\r\n') + '\r\n';
}
