import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { FOUL_TOTALS } from '../../src/stats/stats-foul-totals';
import { TOTALS_TABLES } from '../../src/stats/stats-totals';

// A feature's tables are its own: another feature reads them through a port the kernel declares,
// never by naming them in its SQL, which the layer rules (dependency-cruiser) cannot see. The
// ledger's and the projections' tables lie below every feature and may be read by any.
const SRC = join(__dirname, '..', '..', 'src');
const LOWER = new Set(['domain', 'ledger', 'projections', 'streams', 'kernel', 'config']);
// Tables created through a template (`CREATE TABLE IF NOT EXISTS ${table}`), by the files that do.
const TEMPLATED: Record<string, { folder: string; tables: string[] }> = {
  'stats/stats-totals.ts': { folder: 'stats', tables: TOTALS_TABLES },
  'stats/stats-foul-totals.ts': { folder: 'stats', tables: FOUL_TOTALS },
};

// The reads kept, by file, each with why.
const KEPT: Record<string, { tables: string[]; why: string }> = {
  'kernel/graphql/prices.ts': {
    tables: ['registry_matches', 'stat_player_matches'],
    why: 'the read side’s prices sit side by side so they can be compared; each counts an index',
  },
  'results-files/results-file.ts': {
    tables: ['registry_matches', 'stat_matches'],
    why: 'a results file is one report joining the match views with where and when they were played',
  },
};

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? files(join(dir, d.name)) : d.name.endsWith('.ts') ? [join(dir, d.name)] : [],
  );
}

const sources = files(SRC).map((f) => ({
  path: relative(SRC, f).split('\\').join('/'),
  text: readFileSync(f, 'utf8'),
}));
const folderOf = (path: string) => (path.includes('/') ? path.split('/')[0] : '');

// Each table a feature creates, by its literal name (a name the lower layers create in their own
// files, such as `meta`, is theirs).
function owners(): Map<string, string> {
  const found = new Map<string, string>();
  const lower = new Set<string>();
  for (const { path, text } of sources) {
    const folder = folderOf(path);
    for (const m of text.matchAll(/CREATE TABLE IF NOT EXISTS (\w+)/g))
      if (!folder || LOWER.has(folder)) lower.add(m[1]);
      else found.set(m[1], folder);
  }
  for (const { folder, tables } of Object.values(TEMPLATED))
    for (const table of tables) found.set(table, folder);
  for (const table of lower) found.delete(table);
  return found;
}

describe('a feature’s tables are read in SQL only by that feature', () => {
  it('finds the feature tables it guards', () => {
    const tables = owners();
    expect(tables.get('registry_matches')).toBe('registry');
    expect(tables.get('stat_player_matches')).toBe('stats');
    expect(tables.get('appeal_cases')).toBe('appeals');
    expect(tables.get('stat_pair_totals')).toBe('stats');
    // A new templated table is declared above, so that it is guarded too.
    const templated = sources
      .filter((s) => /CREATE TABLE IF NOT EXISTS \$\{/.test(s.text))
      .map((s) => s.path);
    expect(templated.sort()).toEqual(Object.keys(TEMPLATED).sort());
    expect(tables.size).toBeGreaterThan(15);
  });

  it('no file names another feature’s table, except the reads kept (each still made)', () => {
    const tables = owners();
    const crossings: Record<string, string[]> = {};
    for (const { path, text } of sources) {
      const folder = folderOf(path);
      for (const [table, owner] of tables) {
        if (owner === folder) continue;
        const sql = new RegExp(`\\b(FROM|JOIN|INTO|UPDATE|TABLE)\\s+${table}\\b`, 'i');
        if (sql.test(text)) (crossings[path] ??= []).push(table);
      }
    }
    for (const list of Object.values(crossings)) list.sort();
    const kept = Object.fromEntries(Object.entries(KEPT).map(([p, k]) => [p, k.tables]));
    expect(crossings).toEqual(kept);
  });
});
