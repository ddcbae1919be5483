import type Database from 'better-sqlite3';
import { MAX_COUNTERS, STAT_COUNTERS } from '../domain/stats';
import { column } from './stats-tables';
import { FOUL_TOTALS, FOUL_TOTALS_SCHEMA, FOUL_TOTALS_SUMS } from './stats-foul-totals';

// Each player's totals per discipline, rule profile and competition (`stat_player_totals`), and
// the same per opponent too (`stat_pair_totals`): the sum of their match rows (maxima for
// MAX_COUNTERS), kept by triggers on `stat_player_matches`, so a leaderboard, the CSV export or a
// player's sheet that filters by none but those (and the opponent) reads a few rows per player,
// whatever the season's size. A match without a competition is kept under '' (no competition id
// is empty). A replay into empty tables drops the triggers and sums the totals once at the end
// (a file found without them, as after a replay that stopped, has its totals summed on open).

const SUMS = STAT_COUNTERS.filter((c) => !MAX_COUNTERS.includes(c)).map(column);
const MAXES = MAX_COUNTERS.map(column);
const COUNTERS = [...SUMS, ...MAXES];

type Row = 'NEW' | 'OLD';

// A totals table: its name, its triggers' prefix, and whether the opponent is in its key.
interface Totals {
  table: string;
  trigger: string;
  byOpponent: boolean;
}

function totalsSchema({ table, trigger, byOpponent }: Totals): string {
  const who = byOpponent ? ['player', 'opponent'] : ['player'];
  const group = [...who, 'discipline', 'rule_profile', 'competition_key'];
  const same = (row: Row) =>
    [...who, 'discipline', 'rule_profile'].map((c) => `${c} = ${row}.${c}`);
  const groupOf = (row: Row) =>
    [...same(row), `competition_key = COALESCE(${row}.competition_id, '')`].join(' AND ');
  // The same group's match rows (their index is by player and discipline).
  const matchesOf = (row: Row) =>
    [...same(row), `competition_id IS ${row}.competition_id`].join(' AND ');

  const add = `INSERT INTO ${table} (${[...group, 'player_name', 'matches', ...COUNTERS].join(', ')})
  VALUES (${who.map((c) => `NEW.${c}`).join(', ')}, NEW.discipline, NEW.rule_profile, COALESCE(NEW.competition_id, ''),
    NEW.player_name, 1, ${COUNTERS.map((c) => `NEW.${c}`).join(', ')})
  ON CONFLICT DO UPDATE SET matches = matches + 1, player_name = max(player_name, excluded.player_name),
    ${[...SUMS.map((c) => `${c} = ${c} + excluded.${c}`), ...MAXES.map((c) => `${c} = max(${c}, excluded.${c})`)].join(', ')};`;

  // The maxima (and the name, a maximum too) read again from the group's match rows: only when
  // the row taken away may have held one.
  const remax = (row: Row, when: string) =>
    `UPDATE ${table} SET player_name = (SELECT MAX(player_name) FROM stat_player_matches WHERE ${matchesOf(row)}),
    ${MAXES.map((c) => `${c} = (SELECT COALESCE(MAX(${c}), 0) FROM stat_player_matches WHERE ${matchesOf(row)})`).join(', ')}
  WHERE ${groupOf(row)} AND (${when});`;

  const retract = `UPDATE ${table} SET matches = matches - 1,
    ${SUMS.map((c) => `${c} = ${c} - OLD.${c}`).join(', ')} WHERE ${groupOf('OLD')};
  DELETE FROM ${table} WHERE ${groupOf('OLD')} AND matches = 0;
  ${remax('OLD', `player_name = OLD.player_name OR ${MAXES.map((c) => `${c} <= OLD.${c}`).join(' OR ')}`)}`;

  const sameGroup = [...who, 'discipline', 'rule_profile', 'competition_id']
    .map((c) => `NEW.${c} IS OLD.${c}`)
    .join(' AND ');

  // A row rewritten in its group (the usual case: a batch of play) changes the sums by its
  // difference; the maxima are read again only when one went down or the name changed.
  const update = `UPDATE ${table} SET
    player_name = max(player_name, NEW.player_name),
    ${[...SUMS.map((c) => `${c} = ${c} - OLD.${c} + NEW.${c}`), ...MAXES.map((c) => `${c} = max(${c}, NEW.${c})`)].join(', ')}
  WHERE ${groupOf('NEW')};
  ${remax('NEW', `NEW.player_name <> OLD.player_name OR ${MAXES.map((c) => `NEW.${c} < OLD.${c}`).join(' OR ')}`)}`;

  return `
  CREATE TABLE IF NOT EXISTS ${table} (
    ${group.map((c) => `${c} TEXT NOT NULL`).join(',\n    ')},
    player_name TEXT NOT NULL,
    matches INTEGER NOT NULL,
    ${COUNTERS.map((c) => `${c} INTEGER NOT NULL`).join(',\n    ')},
    PRIMARY KEY (${group.join(', ')})
  );
  CREATE TRIGGER IF NOT EXISTS ${trigger}_insert AFTER INSERT ON stat_player_matches
  BEGIN ${add} END;
  CREATE TRIGGER IF NOT EXISTS ${trigger}_delete AFTER DELETE ON stat_player_matches
  BEGIN ${retract} END;
  CREATE TRIGGER IF NOT EXISTS ${trigger}_update AFTER UPDATE ON stat_player_matches
  WHEN ${sameGroup} BEGIN ${update} END;
  CREATE TRIGGER IF NOT EXISTS ${trigger}_move AFTER UPDATE ON stat_player_matches
  WHEN NOT (${sameGroup}) BEGIN ${retract} ${add} END;`;
}

const TOTALS: Totals[] = [
  { table: 'stat_player_totals', trigger: 'stat_totals', byOpponent: false },
  { table: 'stat_pair_totals', trigger: 'stat_pair_totals', byOpponent: true },
];
export const TOTALS_TABLES = TOTALS.map((t) => t.table);

// The tables' layout, apart from the definitions' STATS_VERSION (which every figure carries): a
// new layout empties and rebuilds the read model without changing what a figure means.
// Layout 2: the player totals. Layout 3: the pair totals and the foul totals.
export const STATS_LAYOUT = 3;

// The totals summed from the rows as they are: what the triggers keep, all at once.
function sumsOf({ table, byOpponent }: Totals): string {
  const who = byOpponent ? ['player', 'opponent'] : ['player'];
  const group = [...who, 'discipline', 'rule_profile', 'competition_key'];
  return `DELETE FROM ${table};
  INSERT INTO ${table} (${[...group, 'player_name', 'matches', ...COUNTERS].join(', ')})
  SELECT ${who.join(', ')}, discipline, rule_profile, COALESCE(competition_id, ''),
    MAX(player_name), COUNT(*), ${[...SUMS.map((c) => `SUM(${c})`), ...MAXES.map((c) => `MAX(${c})`)].join(', ')}
  FROM stat_player_matches GROUP BY ${group.map((_, i) => i + 1).join(', ')};`;
}

// The triggers that keep the totals, by name: a trigger another feature puts on the same tables
// is neither counted nor dropped.
const TRIGGERS = [
  ...TOTALS.flatMap((t) =>
    ['insert', 'delete', 'update', 'move'].map((on) => `${t.trigger}_${on}`),
  ),
  ...FOUL_TOTALS.flatMap((t) => ['insert', 'delete', 'update'].map((on) => `${t}_${on}`)),
];

function triggersOf(db: Database.Database): string[] {
  return db
    .prepare<[string], string>(
      `SELECT name FROM sqlite_master WHERE type = 'trigger'
         AND name IN (SELECT value FROM json_each(?))`,
    )
    .pluck()
    .all(JSON.stringify(TRIGGERS));
}

// Created after the stats tables (./stats-tables.ts). Without all of their triggers the totals
// are not kept: they are summed from the rows, in the same transaction as the triggers' return.
export function installStatTotals(db: Database.Database): void {
  db.transaction(() => {
    const kept = triggersOf(db).length === TRIGGERS.length;
    db.exec(TOTALS.map(totalsSchema).join('\n') + FOUL_TOTALS_SCHEMA);
    if (!kept) db.exec(TOTALS.map(sumsOf).join('\n') + FOUL_TOTALS_SUMS);
  })();
}

// For a replay into empty tables: a row trigger per match row costs more than one sum at the end
// (installStatTotals, at the end of the replay or at the next open).
export function suspendStatTotals(db: Database.Database): void {
  for (const t of triggersOf(db)) db.exec(`DROP TRIGGER "${t}"`);
}

// Emptied with the rows they total, their triggers dropped meanwhile: a table with a row trigger
// is emptied row by row, each row's trigger run; without one, in one step. Installed again over
// the empty rows, the totals are summed to none.
export function clearStatTotals(db: Database.Database, emptyRows: () => void): void {
  suspendStatTotals(db);
  emptyRows();
  installStatTotals(db);
}
