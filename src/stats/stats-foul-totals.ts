// Each player's fouls by kind and rule per discipline, rule profile and competition
// (`stat_foul_totals`), and the same per opponent too (`stat_pair_foul_totals`), kept by triggers
// on `stat_fouls`, so a player's sheet reads a few rows per foul kind and rule whatever the
// season's size. A foul row's dimensions are its match row's (`stat_player_matches`, same match
// and player): the writer stores that row first and deletes it last, and a match's dimensions
// are set when it is scheduled (a correction rewrites its rows, deleted first). `entries` counts
// the foul rows a total holds, so a total of 0 fouls stays listed as the sum over the rows lists
// it.

type Row = 'NEW' | 'OLD';

const DIMS = ['discipline', 'rule_profile', 'competition_key'];

function foulTotalsSchema(table: string, byOpponent: boolean): string {
  const who = byOpponent ? ['player', 'opponent'] : ['player'];
  const key = [...who, ...DIMS, 'kind', 'rule'];
  const matchRow = (r: Row) =>
    `FROM stat_player_matches m WHERE m.match_id = ${r}.match_id AND m.player = ${r}.player`;
  const dims = [...who.map((c) => `m.${c}`), 'm.discipline', 'm.rule_profile'];
  const dimsOf = `${dims.join(', ')}, COALESCE(m.competition_id, '')`;
  // The total a foul row counts in.
  const totalOf = (r: Row) =>
    `(${[...who, ...DIMS].join(', ')}) = (SELECT ${dimsOf} ${matchRow(r)})
      AND kind = ${r}.kind AND rule = ${r}.rule`;
  const add = `INSERT INTO ${table} (${key.join(', ')}, entries, count)
      SELECT ${dimsOf}, NEW.kind, NEW.rule, 1, NEW.count ${matchRow('NEW')}
      ON CONFLICT DO UPDATE SET entries = entries + 1, count = count + excluded.count;`;
  const retract = `UPDATE ${table} SET entries = entries - 1, count = count - OLD.count
      WHERE ${totalOf('OLD')};
    DELETE FROM ${table} WHERE ${totalOf('OLD')} AND entries = 0;`;
  const trigger = (on: string, body: string) =>
    `CREATE TRIGGER IF NOT EXISTS ${table}_${on.toLowerCase()} AFTER ${on} ON stat_fouls
    BEGIN ${body} END;`;
  return `
  CREATE TABLE IF NOT EXISTS ${table} (
    ${key.map((c) => `${c} TEXT NOT NULL`).join(',\n    ')},
    entries INTEGER NOT NULL,
    count INTEGER NOT NULL,
    PRIMARY KEY (${key.join(', ')})
  );
  ${trigger('INSERT', add)}
  ${trigger('DELETE', retract)}
  ${trigger('UPDATE', `${retract} ${add}`)}`;
}

// The same totals summed from the rows as they are (see ./stats-totals.ts).
function foulSums(table: string, byOpponent: boolean): string {
  const who = byOpponent ? ['player', 'opponent'] : ['player'];
  const key = [...who, ...DIMS, 'kind', 'rule'];
  return `DELETE FROM ${table};
  INSERT INTO ${table} (${key.join(', ')}, entries, count)
  SELECT ${who.map((c) => `m.${c}`).join(', ')}, m.discipline, m.rule_profile,
    COALESCE(m.competition_id, ''), f.kind, f.rule, COUNT(*), SUM(f.count)
  FROM stat_fouls f JOIN stat_player_matches m ON m.match_id = f.match_id AND m.player = f.player
  GROUP BY ${key.map((_, i) => i + 1).join(', ')};`;
}

export const FOUL_TOTALS = ['stat_foul_totals', 'stat_pair_foul_totals'];

export const FOUL_TOTALS_SCHEMA = [
  foulTotalsSchema('stat_foul_totals', false),
  foulTotalsSchema('stat_pair_foul_totals', true),
].join('\n');

export const FOUL_TOTALS_SUMS = [
  foulSums('stat_foul_totals', false),
  foulSums('stat_pair_foul_totals', true),
].join('\n');
