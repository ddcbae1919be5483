import type Database from 'better-sqlite3';
import type { CompetitionFields, LedgerEvent, MatchState, PlayerFields } from '../domain';
import { sortKey } from '../projections/audit-filter';
import type { Projection, ProjectionBatch, ProjectedEvent } from '../projections/projection';
import { CLEAR_STANDINGS, STANDINGS_SCHEMA } from './registry-standings';

// Players, competitions and which matches belong to whom, with each match's effective result
// (from MatchState after the batch: corrections and appeal decisions included).
const TABLES = `
  CREATE TABLE IF NOT EXISTS registry_players (
    licence_id TEXT PRIMARY KEY, display_name TEXT NOT NULL, name_key TEXT NOT NULL,
    club TEXT, nationality TEXT, revision INTEGER NOT NULL, updated_at TEXT);
  CREATE INDEX IF NOT EXISTS registry_players_by_name ON registry_players (name_key, licence_id);
  CREATE TABLE IF NOT EXISTS registry_competitions (
    competition_id TEXT PRIMARY KEY, record TEXT NOT NULL, committee TEXT NOT NULL,
    discipline TEXT NOT NULL, season TEXT NOT NULL, revision INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS registry_matches (
    match_id TEXT PRIMARY KEY, competition_id TEXT, seq TEXT NOT NULL,
    player_a TEXT NOT NULL, player_b TEXT NOT NULL, scheduled_at TEXT, venue TEXT,
    table_number INTEGER, status TEXT NOT NULL, winner TEXT,
    games_a INTEGER NOT NULL DEFAULT 0, games_b INTEGER NOT NULL DEFAULT 0);
  CREATE INDEX IF NOT EXISTS registry_matches_by_competition ON registry_matches (competition_id, seq);
  -- The board's lists (every match, a venue's or a competition's) searched by status, the
  -- finished one in its order: never the whole table.
  CREATE INDEX IF NOT EXISTS registry_matches_by_status ON registry_matches (status, seq);
  CREATE INDEX IF NOT EXISTS registry_matches_by_venue ON registry_matches (venue, status, seq);
  CREATE INDEX IF NOT EXISTS registry_matches_by_competition_status
    ON registry_matches (competition_id, status, seq);
  CREATE TABLE IF NOT EXISTS registry_match_players (
    player_id TEXT NOT NULL, seq TEXT NOT NULL, match_id TEXT NOT NULL,
    PRIMARY KEY (player_id, seq));`;

// Statements prepared once per database (a rebuild applies thousands of batches).
const prepared = new WeakMap<Database.Database, Map<string, Database.Statement>>();
function stmt(db: Database.Database, sql: string): Database.Statement {
  let cache = prepared.get(db);
  if (!cache) prepared.set(db, (cache = new Map()));
  let s = cache.get(sql);
  if (!s) cache.set(sql, (s = db.prepare(sql)));
  return s;
}

// Display names are searched by prefix whatever their case or accents.
export function nameKey(name: string): string {
  return name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

export const registryProjection: Projection = {
  name: 'registry',
  // 2: the competitions' tables kept as rows (./registry-standings.ts).
  version: 2,
  install: (db) => db.exec(TABLES + STANDINGS_SCHEMA),
  clear: (db) =>
    db.exec(`${CLEAR_STANDINGS} DELETE FROM registry_players; DELETE FROM registry_competitions;
             DELETE FROM registry_matches; DELETE FROM registry_match_players;`),
  apply: (batch, db) => applyBatch(batch, db),
};

function applyBatch(batch: ProjectionBatch, db: Database.Database): void {
  for (const e of batch.events) {
    const d = e.domainEvent;
    if (d) applyEvent(e, d, db);
  }
  // Most batches are shots that change none of these: the row, its indexes and the standings'
  // triggers are then left alone.
  const result = stmt(
    db,
    `UPDATE registry_matches SET status = @status, winner = @winner, games_a = @a, games_b = @b
     WHERE match_id = @id
       AND (status IS NOT @status OR winner IS NOT @winner OR games_a IS NOT @a OR games_b IS NOT @b)`,
  );
  for (const [id, state] of batch.matches) {
    const [a, b] = gamesWon(state);
    const winner = state.status === 'COMPLETED' ? state.winner : null;
    result.run({ status: state.status, winner, a, b, id });
  }
}

function applyEvent(e: ProjectedEvent, d: LedgerEvent, db: Database.Database): void {
  const revision = e.event.revision;
  const at = (e.event.metadata as { recordedAt?: string } | null)?.recordedAt ?? null;
  switch (d.type) {
    case 'PlayerRegistered':
    case 'PlayerUpdated':
      putPlayer(db, d.data.licenceId, d.data, revision, at);
      return;
    case 'CompetitionCreated':
    case 'CompetitionUpdated':
      putCompetition(db, d.data.competitionId, d.data, revision);
      return;
    case 'CommitteeAssigned':
      stmt(
        db,
        'UPDATE registry_competitions SET committee = ?, revision = ? WHERE competition_id = ?',
      ).run(JSON.stringify(d.data.members), revision, d.data.competitionId);
      return;
    case 'MatchScheduled': {
      const m = d.data;
      const seq = sortKey(e.event.position);
      stmt(
        db,
        `INSERT OR IGNORE INTO registry_matches (match_id, competition_id, seq, player_a, player_b,
           scheduled_at, venue, table_number, status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'AWAITING_BREAK_ORDER')`,
      ).run(
        m.matchId,
        m.competitionId ?? null,
        seq,
        m.players[0].id,
        m.players[1].id,
        m.scheduledAt ?? null,
        m.venue ?? null,
        m.tableNumber ?? null,
      );
      const link = stmt(
        db,
        'INSERT OR IGNORE INTO registry_match_players (player_id, seq, match_id) VALUES (?, ?, ?)',
      );
      for (const p of m.players) link.run(p.id, seq, m.matchId);
      return;
    }
    default:
      return;
  }
}

function putPlayer(
  db: Database.Database,
  id: string,
  f: PlayerFields,
  revision: number,
  at: string | null,
): void {
  stmt(
    db,
    `INSERT INTO registry_players (licence_id, display_name, name_key, club, nationality, revision, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(licence_id) DO UPDATE SET display_name = excluded.display_name,
     name_key = excluded.name_key, club = excluded.club, nationality = excluded.nationality,
     revision = excluded.revision, updated_at = excluded.updated_at`,
  ).run(id, f.displayName, nameKey(f.displayName), f.club, f.nationality, revision, at);
}

function putCompetition(
  db: Database.Database,
  id: string,
  f: CompetitionFields,
  revision: number,
): void {
  const record: CompetitionFields = {
    name: f.name,
    discipline: f.discipline,
    ruleProfile: f.ruleProfile,
    season: f.season,
    startsOn: f.startsOn,
    endsOn: f.endsOn,
    venue: f.venue,
    appealWindowMinutes: f.appealWindowMinutes,
    ...(f.appealWindowStart !== undefined ? { appealWindowStart: f.appealWindowStart } : {}),
    decisionDeadlineHours: f.decisionDeadlineHours,
    appealFee: f.appealFee,
    appealFeeRule: f.appealFeeRule,
    appealRefileAfterWithdrawal: f.appealRefileAfterWithdrawal,
  };
  stmt(
    db,
    `INSERT INTO registry_competitions (competition_id, record, committee, discipline, season, revision)
     VALUES (?, ?, '[]', ?, ?, ?) ON CONFLICT(competition_id) DO UPDATE SET record = excluded.record,
     discipline = excluded.discipline, season = excluded.season, revision = excluded.revision`,
  ).run(id, JSON.stringify(record), f.discipline, f.season, revision);
}

// Games won by each player as the match stands (corrections and appeal decisions included).
function gamesWon(state: MatchState): [number, number] {
  const [a, b] = state.players;
  return [state.score[a.id] ?? 0, state.score[b.id] ?? 0];
}
