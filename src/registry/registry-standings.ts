// Each competition's table kept as rows by triggers on `registry_matches`: per player, the
// matches they are drawn in and their completed ones' results; per pair, the matches one won
// against the other (the head-to-head tie-break). A competition's standings then read one row
// per player and per pair met, whatever the number of matches.

type Row = 'NEW' | 'OLD';
type Side = ['player_a' | 'player_b', 'games_a' | 'games_b', 'games_a' | 'games_b'];
const SIDES: Side[] = [
  ['player_a', 'games_a', 'games_b'],
  ['player_b', 'games_b', 'games_a'],
];

// A completed match counts (its winner set only then); any other draws its players in.
const done = (r: Row) => `(${r}.status = 'COMPLETED' AND ${r}.winner IS NOT NULL)`;
const loser = (r: Row) =>
  `CASE WHEN ${r}.winner = ${r}.player_a THEN ${r}.player_b ELSE ${r}.player_a END`;

function figures(r: Row, [me, gf, ga]: Side): string[] {
  return [
    `${done(r)}`,
    `(${done(r)} AND ${r}.winner IS ${r}.${me})`,
    `(${done(r)} AND ${r}.winner IS NOT ${r}.${me})`,
    `${done(r)} * ${r}.${gf}`,
    `${done(r)} * ${r}.${ga}`,
  ];
}
const FIGURES = ['played', 'won', 'lost', 'games_for', 'games_against'];

const add = (r: Row): string =>
  SIDES.map(
    (
      side,
    ) => `INSERT INTO registry_standings (competition_id, player, matches, ${FIGURES.join(', ')})
      SELECT ${r}.competition_id, ${r}.${side[0]}, 1, ${figures(r, side).join(', ')}
      WHERE ${r}.competition_id IS NOT NULL
      ON CONFLICT (competition_id, player) DO UPDATE SET matches = matches + 1,
        ${FIGURES.map((f) => `${f} = ${f} + excluded.${f}`).join(', ')};`,
  ).join('\n') +
  `INSERT INTO registry_head_to_head (competition_id, winner, loser, wins)
    SELECT ${r}.competition_id, ${r}.winner, ${loser(r)}, 1
    WHERE ${r}.competition_id IS NOT NULL AND ${done(r)} AND ${r}.winner IN (${r}.player_a, ${r}.player_b)
    ON CONFLICT (competition_id, winner, loser) DO UPDATE SET wins = wins + 1;`;

const retract = (r: Row): string =>
  SIDES.map((side) => {
    const key = `competition_id = ${r}.competition_id AND player = ${r}.${side[0]}`;
    const values = figures(r, side);
    return `UPDATE registry_standings SET matches = matches - 1,
        ${FIGURES.map((f, i) => `${f} = ${f} - ${values[i]}`).join(', ')} WHERE ${key};
      DELETE FROM registry_standings WHERE ${key} AND matches = 0;`;
  }).join('\n') +
  (() => {
    const key = `competition_id = ${r}.competition_id AND winner = ${r}.winner AND loser = ${loser(r)}`;
    return `UPDATE registry_head_to_head SET wins = wins - 1 WHERE ${key} AND ${done(r)};
      DELETE FROM registry_head_to_head WHERE ${key} AND wins = 0;`;
  })();

// Rewritten after every batch of a match: only a change of what counts moves the table.
const changed = ['competition_id', 'player_a', 'player_b', 'status', 'winner', 'games_a', 'games_b']
  .map((c) => `OLD.${c} IS NOT NEW.${c}`)
  .join(' OR ');

export const STANDINGS_SCHEMA = `
  CREATE TABLE IF NOT EXISTS registry_standings (
    competition_id TEXT NOT NULL, player TEXT NOT NULL, matches INTEGER NOT NULL,
    played INTEGER NOT NULL, won INTEGER NOT NULL, lost INTEGER NOT NULL,
    games_for INTEGER NOT NULL, games_against INTEGER NOT NULL,
    PRIMARY KEY (competition_id, player));
  CREATE TABLE IF NOT EXISTS registry_head_to_head (
    competition_id TEXT NOT NULL, winner TEXT NOT NULL, loser TEXT NOT NULL, wins INTEGER NOT NULL,
    PRIMARY KEY (competition_id, winner, loser));
  CREATE TRIGGER IF NOT EXISTS registry_standings_insert AFTER INSERT ON registry_matches
  BEGIN ${add('NEW')} END;
  CREATE TRIGGER IF NOT EXISTS registry_standings_delete AFTER DELETE ON registry_matches
  BEGIN ${retract('OLD')} END;
  CREATE TRIGGER IF NOT EXISTS registry_standings_update AFTER UPDATE ON registry_matches
  WHEN ${changed} BEGIN ${retract('OLD')} ${add('NEW')} END;`;

// Emptied before the matches, whose triggers then find nothing to update.
export const CLEAR_STANDINGS = 'DELETE FROM registry_standings; DELETE FROM registry_head_to_head;';
