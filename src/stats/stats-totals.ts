import type Database from 'better-sqlite3';
import { MAX_COUNTERS, STAT_COUNTERS } from '../domain/stats';
import { column } from './stats-tables';

// Each player's totals per discipline, rule profile and competition: the sum of their match rows
// (maxima for MAX_COUNTERS), kept by triggers on `stat_player_matches`, so a leaderboard or the
// CSV export that filters by none but those reads a few rows per player, whatever the season's
// size. A match without a competition is kept under '' (no competition id is empty).

const SUMS = STAT_COUNTERS.filter((c) => !MAX_COUNTERS.includes(c)).map(column);
const MAXES = MAX_COUNTERS.map(column);
const COUNTERS = [...SUMS, ...MAXES];

const GROUP = ['player', 'discipline', 'rule_profile', 'competition_key'];
const groupOf = (row: 'NEW' | 'OLD') =>
  `player = ${row}.player AND discipline = ${row}.discipline AND rule_profile = ${row}.rule_profile AND competition_key = COALESCE(${row}.competition_id, '')`;
// The same group's match rows (their index is by player and discipline).
const matchesOf = (row: 'NEW' | 'OLD') =>
  `player = ${row}.player AND discipline = ${row}.discipline AND rule_profile = ${row}.rule_profile AND competition_id IS ${row}.competition_id`;

const add = `INSERT INTO stat_player_totals (${[...GROUP, 'player_name', 'matches', ...COUNTERS].join(', ')})
  VALUES (NEW.player, NEW.discipline, NEW.rule_profile, COALESCE(NEW.competition_id, ''),
    NEW.player_name, 1, ${COUNTERS.map((c) => `NEW.${c}`).join(', ')})
  ON CONFLICT DO UPDATE SET matches = matches + 1, player_name = max(player_name, excluded.player_name),
    ${[...SUMS.map((c) => `${c} = ${c} + excluded.${c}`), ...MAXES.map((c) => `${c} = max(${c}, excluded.${c})`)].join(', ')};`;

// The maxima (and the name, a maximum too) read again from the group's match rows: only when the
// row taken away may have held one.
const remax = (row: 'NEW' | 'OLD', when: string) =>
  `UPDATE stat_player_totals SET player_name = (SELECT MAX(player_name) FROM stat_player_matches WHERE ${matchesOf(row)}),
    ${MAXES.map((c) => `${c} = (SELECT COALESCE(MAX(${c}), 0) FROM stat_player_matches WHERE ${matchesOf(row)})`).join(', ')}
  WHERE ${groupOf(row)} AND (${when});`;

const retract = `UPDATE stat_player_totals SET matches = matches - 1,
    ${SUMS.map((c) => `${c} = ${c} - OLD.${c}`).join(', ')} WHERE ${groupOf('OLD')};
  DELETE FROM stat_player_totals WHERE ${groupOf('OLD')} AND matches = 0;
  ${remax('OLD', `player_name = OLD.player_name OR ${MAXES.map((c) => `${c} <= OLD.${c}`).join(' OR ')}`)}`;

const sameGroup = ['player', 'discipline', 'rule_profile', 'competition_id']
  .map((c) => `NEW.${c} IS OLD.${c}`)
  .join(' AND ');

// A row rewritten in its group (the usual case: a batch of play) changes the sums by its
// difference; the maxima are read again only when one went down or the name changed.
const update = `UPDATE stat_player_totals SET
    player_name = max(player_name, NEW.player_name),
    ${[...SUMS.map((c) => `${c} = ${c} - OLD.${c} + NEW.${c}`), ...MAXES.map((c) => `${c} = max(${c}, NEW.${c})`)].join(', ')}
  WHERE ${groupOf('NEW')};
  ${remax('NEW', `NEW.player_name <> OLD.player_name OR ${MAXES.map((c) => `NEW.${c} < OLD.${c}`).join(' OR ')}`)}`;

// The tables' layout, apart from the definitions' STATS_VERSION (which every figure carries): a
// new layout empties and rebuilds the read model without changing what a figure means.
// Layout 2: these totals.
export const STATS_LAYOUT = 2;

// Created after the stats tables (./stats-tables.ts).
export function installStatTotals(db: Database.Database): void {
  db.exec(SCHEMA);
}

// Emptied before the match rows, whose triggers then find nothing to update.
export const clearStatTotals = (db: Database.Database): void =>
  void db.exec('DELETE FROM stat_player_totals');

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS stat_player_totals (
    player TEXT NOT NULL,
    discipline TEXT NOT NULL,
    rule_profile TEXT NOT NULL,
    competition_key TEXT NOT NULL,
    player_name TEXT NOT NULL,
    matches INTEGER NOT NULL,
    ${COUNTERS.map((c) => `${c} INTEGER NOT NULL`).join(',\n    ')},
    PRIMARY KEY (${GROUP.join(', ')})
  );
  CREATE TRIGGER IF NOT EXISTS stat_totals_insert AFTER INSERT ON stat_player_matches
  BEGIN ${add} END;
  CREATE TRIGGER IF NOT EXISTS stat_totals_delete AFTER DELETE ON stat_player_matches
  BEGIN ${retract} END;
  CREATE TRIGGER IF NOT EXISTS stat_totals_update AFTER UPDATE ON stat_player_matches
  WHEN ${sameGroup} BEGIN ${update} END;
  CREATE TRIGGER IF NOT EXISTS stat_totals_move AFTER UPDATE ON stat_player_matches
  WHEN NOT (${sameGroup}) BEGIN ${retract} ${add} END;`;
