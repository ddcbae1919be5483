import type Database from 'better-sqlite3';
import { STAT_COUNTERS, type StatCounter } from '../domain/stats';
import type { ShotRow } from '../domain/stats/definitions';

// The stats read model's tables: small rows per match and player (totals, filtered and summed by
// the queries), per game, fouls by kind and rule, and the analytic shots table.

export const column = (c: StatCounter): string => c.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`);
export const COUNTER_COLUMNS = STAT_COUNTERS.map(column);

// What every row is filtered by (the match's dimensions, denormalised onto it).
const DIMENSIONS = `
  player_name TEXT NOT NULL,
  opponent TEXT NOT NULL,
  discipline TEXT NOT NULL,
  rule_profile TEXT NOT NULL,
  competition_id TEXT,
  played_on TEXT NOT NULL`;

const counters = COUNTER_COLUMNS.map((c) => `${c} INTEGER NOT NULL`).join(',\n  ');

export function installStatsTables(db: Database.Database): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS stat_matches (
      match_id TEXT PRIMARY KEY,
      discipline TEXT NOT NULL,
      rule_profile TEXT NOT NULL,
      competition_id TEXT,
      played_on TEXT NOT NULL,
      status TEXT NOT NULL,
      winner TEXT,
      score TEXT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS stat_player_matches (
      match_id TEXT NOT NULL,
      player TEXT NOT NULL,${DIMENSIONS},
      ${counters},
      PRIMARY KEY (match_id, player)
    );
    CREATE INDEX IF NOT EXISTS stat_player_matches_by_player ON stat_player_matches (player, discipline);
    CREATE INDEX IF NOT EXISTS stat_player_matches_by_discipline ON stat_player_matches (discipline, player);
    CREATE INDEX IF NOT EXISTS stat_player_matches_by_date ON stat_player_matches (player, played_on);
    CREATE TABLE IF NOT EXISTS stat_player_games (
      match_id TEXT NOT NULL,
      game INTEGER NOT NULL,
      player TEXT NOT NULL,
      ${counters},
      PRIMARY KEY (match_id, game, player)
    );
    CREATE TABLE IF NOT EXISTS stat_fouls (
      match_id TEXT NOT NULL,
      game INTEGER NOT NULL,
      player TEXT NOT NULL,
      kind TEXT NOT NULL,
      rule TEXT NOT NULL,
      count INTEGER NOT NULL,
      PRIMARY KEY (match_id, game, player, kind, rule)
    );
    -- No index by player alone: a period's fouls are read match by match (the key's prefix),
    -- and with one the planner read every foul row of the player for each match.
    DROP INDEX IF EXISTS stat_fouls_by_player;
    CREATE TABLE IF NOT EXISTS shots (
      match_id TEXT NOT NULL,
      seq INTEGER NOT NULL,
      game INTEGER NOT NULL,
      rack INTEGER NOT NULL,
      inning INTEGER NOT NULL,
      shot_number INTEGER NOT NULL,
      shooter TEXT NOT NULL,
      is_break INTEGER NOT NULL,
      call_ball INTEGER,
      call_pocket TEXT,
      safety INTEGER NOT NULL,
      push_out INTEGER NOT NULL,
      ball_in_hand TEXT NOT NULL,
      pocketed TEXT NOT NULL,
      turn TEXT NOT NULL,
      penalty TEXT NOT NULL,
      foul_kind TEXT,
      foul_rule TEXT,
      rule_ids TEXT NOT NULL,
      game_winner TEXT,
      facts TEXT NOT NULL,
      layout_revision INTEGER,
      PRIMARY KEY (match_id, seq)
    );
    CREATE INDEX IF NOT EXISTS shots_by_shooter ON shots (shooter);`);
  // A shots table made before layouts gains the column (null: no layout recorded for the shot).
  const columns = db.prepare('PRAGMA table_info(shots)').all() as { name: string }[];
  if (!columns.some((c) => c.name === 'layout_revision'))
    db.exec('ALTER TABLE shots ADD COLUMN layout_revision INTEGER');
}

export const SHOT_COLUMNS = [
  'match_id',
  'seq',
  'game',
  'rack',
  'inning',
  'shot_number',
  'shooter',
  'is_break',
  'call_ball',
  'call_pocket',
  'safety',
  'push_out',
  'ball_in_hand',
  'pocketed',
  'turn',
  'penalty',
  'foul_kind',
  'foul_rule',
  'rule_ids',
  'game_winner',
  'facts',
  'layout_revision',
];

// One shots row; `layoutRevision` joins it to the LayoutRecorded of its moment (match, revision).
export function shotValues(
  matchId: string,
  seq: number,
  s: ShotRow,
  layoutRevision: number | null,
) {
  return [
    matchId,
    seq,
    s.game,
    s.rack,
    s.inning,
    s.shotNumber,
    s.shooter,
    s.isBreak ? 1 : 0,
    s.callBall,
    s.callPocket,
    s.safety ? 1 : 0,
    s.pushOut ? 1 : 0,
    s.ballInHand,
    JSON.stringify(s.pocketed),
    s.turn,
    s.penalty,
    s.foulKind,
    s.foulRule,
    JSON.stringify(s.rules),
    s.gameWinner,
    JSON.stringify(s.facts),
    layoutRevision,
  ];
}

// In the order a match's rows are deleted: its foul rows before the match rows their totals'
// triggers read (./stats-foul-totals.ts).
export const STATS_TABLES = [
  'stat_fouls',
  'stat_matches',
  'stat_player_matches',
  'stat_player_games',
  'shots',
] as const;
