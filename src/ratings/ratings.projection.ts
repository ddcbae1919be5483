import type Database from 'better-sqlite3';
import { sortKey } from '../projections/audit-filter';
import { prepared } from '../projections/prepared';
import type { ProjectedEvent, Projection } from '../projections/projection';
import { foldResults, reconcile, type GameResult, type ResultChange } from './rated-games';

// The rated games (one row per game won, from the effective results) and the changed-results
// feed. `rating_meta.changed_at` is the position of the last event that changed a rated game:
// the fitted ratings are stale whenever it moved since they were fitted (ratings.service.ts).
export const ratingsProjection: Projection = {
  name: 'ratings',
  version: 1,
  install(db) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS rating_games (
        match_id TEXT NOT NULL, game_number INTEGER NOT NULL, discipline TEXT NOT NULL,
        winner TEXT NOT NULL, loser TEXT NOT NULL, event_ids TEXT NOT NULL,
        pos TEXT NOT NULL, recorded_at TEXT,
        PRIMARY KEY (match_id, game_number));
      -- Covering: a refit reads a discipline's games from the index alone.
      CREATE INDEX IF NOT EXISTS rating_games_discipline ON rating_games (discipline, winner, loser);
      CREATE INDEX IF NOT EXISTS rating_games_winner ON rating_games (winner, discipline, pos);
      CREATE INDEX IF NOT EXISTS rating_games_loser ON rating_games (loser, discipline, pos);
      CREATE TABLE IF NOT EXISTS rating_changes (
        seq INTEGER PRIMARY KEY, match_id TEXT NOT NULL, game_number INTEGER NOT NULL,
        discipline TEXT NOT NULL, old_winner TEXT NOT NULL, old_loser TEXT NOT NULL,
        new_winner TEXT, new_loser TEXT, event_id TEXT NOT NULL, event_type TEXT NOT NULL,
        pos TEXT NOT NULL, recorded_at TEXT);
      CREATE TABLE IF NOT EXISTS rating_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);`);
  },
  clear(db) {
    db.exec('DELETE FROM rating_games; DELETE FROM rating_changes; DELETE FROM rating_meta;');
  },
  apply(batch, db) {
    const byMatch = new Map<string, ProjectedEvent[]>();
    for (const e of batch.events) {
      if (e.matchId === null || !batch.matches.has(e.matchId)) continue;
      const events = byMatch.get(e.matchId);
      if (events) events.push(e);
      else byMatch.set(e.matchId, [e]);
    }
    let changedAt: string | null = null;
    for (const [matchId, state] of batch.matches) {
      const events = byMatch.get(matchId) ?? [];
      if (events.length > 0 && events.every(leavesResults)) continue;
      const before = loadGames(db, matchId);
      const games = new Map([...before].map(([n, g]) => [n, { ...g }]));
      const changes = foldResults(matchId, games, events, (e) => sortKey(e.event.position));
      reconcile(games, state, sortKey(batch.position));
      const touched = writeGames(db, matchId, state.discipline, before, games, changes);
      writeChanges(db, state.discipline, changes);
      if (touched !== null && (changedAt === null || touched > changedAt)) changedAt = touched;
    }
    if (changedAt !== null)
      prepared(
        db,
        `INSERT INTO rating_meta (key, value) VALUES ('changed_at', ?)
         ON CONFLICT(key) DO UPDATE SET value = excluded.value`,
      ).run(changedAt);
  },
};

// Only these change a match's game list (evolve: a game ended, or a snapshot installed by an
// amendment); a batch of play without them leaves the rated games as they are.
const RESULT_EVENTS = new Set([
  'GameEnded',
  'ShotCorrected',
  'GameResultCorrected',
  'AppealDecided',
  'AppealReviewed',
]);
const leavesResults = (e: ProjectedEvent): boolean =>
  e.domainEvent !== null && !RESULT_EVENTS.has(e.domainEvent.type);

interface GameRow {
  game_number: number;
  winner: string;
  loser: string;
  event_ids: string;
  pos: string;
  recorded_at: string | null;
}

function loadGames(db: Database.Database, matchId: string): Map<number, GameResult> {
  const rows = prepared<[string], GameRow>(
    db,
    'SELECT game_number, winner, loser, event_ids, pos, recorded_at FROM rating_games WHERE match_id = ?',
  ).all(matchId);
  return new Map(
    rows.map((r) => [
      r.game_number,
      {
        winner: r.winner,
        loser: r.loser,
        eventIds: JSON.parse(r.event_ids) as string[],
        position: r.pos,
        recordedAt: r.recorded_at,
      },
    ]),
  );
}

const same = (a: GameResult, b: GameResult): boolean =>
  a.winner === b.winner &&
  a.loser === b.loser &&
  a.position === b.position &&
  a.eventIds.join() === b.eventIds.join();

// Writes the rows that differ; returns the position of the last event that changed a result of
// the match (null when none did).
function writeGames(
  db: Database.Database,
  matchId: string,
  discipline: string,
  before: Map<number, GameResult>,
  after: Map<number, GameResult>,
  changes: readonly ResultChange[],
): string | null {
  const put = prepared(
    db,
    `INSERT INTO rating_games (match_id, game_number, discipline, winner, loser, event_ids, pos, recorded_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(match_id, game_number) DO UPDATE SET winner = excluded.winner,
       loser = excluded.loser, event_ids = excluded.event_ids, pos = excluded.pos,
       recorded_at = excluded.recorded_at`,
  );
  const drop = prepared(db, 'DELETE FROM rating_games WHERE match_id = ? AND game_number = ?');
  const latest = (a: string | null, b: string) => (a === null || b > a ? b : a);
  let touched: string | null = null;
  for (const c of changes) touched = latest(touched, c.position);
  for (const [n, g] of after) {
    const old = before.get(n);
    if (old && same(old, g)) continue;
    if (!old || old.winner !== g.winner || old.loser !== g.loser)
      touched = latest(touched, g.position);
    put.run(
      matchId,
      n,
      discipline,
      g.winner,
      g.loser,
      JSON.stringify(g.eventIds),
      g.position,
      g.recordedAt,
    );
  }
  for (const n of before.keys())
    if (!after.has(n)) {
      drop.run(matchId, n);
      touched = latest(touched, before.get(n)!.position);
    }
  return touched;
}

function writeChanges(db: Database.Database, discipline: string, changes: ResultChange[]): void {
  if (changes.length === 0) return;
  const put = prepared(
    db,
    `INSERT INTO rating_changes (match_id, game_number, discipline, old_winner, old_loser,
       new_winner, new_loser, event_id, event_type, pos, recorded_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const c of changes)
    put.run(
      c.matchId,
      c.gameNumber,
      discipline,
      c.old.winner,
      c.old.loser,
      c.new?.winner ?? null,
      c.new?.loser ?? null,
      c.eventId,
      c.eventType,
      c.position,
      c.recordedAt,
    );
}
