import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

// Every rule of the rule book (docs/rules.md, the project's copy of ../shared/rules/README.md)
// that can be adjudicated must be cited by the title of at least one test.

const ROOT = resolve(__dirname, '..', '..');
const RULE_BOOK = join(ROOT, 'docs', 'rules.md');
const TEST_DIR = join(ROOT, 'test');

export interface RuleRow {
  // The id as the row writes it: `G1.3`, or a range such as `G1.6–1.7`.
  row: string;
  // The id a test cites for the row: the first id of a range (`G1.6`), as the engine does.
  id: string;
  // Every id the row covers (a range expanded); citing any of them covers the row.
  ids: string[];
  // The `adj.` column where the table has one (`yes…`, `no`, `ruling`), else null.
  adj: string | null;
}

const ROW_ID = /^([GENT])(\d+)\.(\d+)(?:\s*[–-]\s*(?:[GENT])?(\d+)\.(\d+))?$/;

function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => c.trim());
}

// Reads every table of the rule book; keeps the rows whose first cell is a rule id (G1.n, E8.n,
// N9.n, T10.n, ranges expanded). Tables of other ids (the A1–A12 decisions) are ignored.
export function parseRuleBook(markdown: string): RuleRow[] {
  const rows: RuleRow[] = [];
  const lines = markdown.split(/\r?\n/);
  let header: string[] | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (!line.trim().startsWith('|')) {
      header = null;
      continue;
    }
    const next = lines[i + 1] ?? '';
    if (header === null && /^\s*\|(\s*:?-{3,}:?\s*\|)+\s*$/.test(next)) {
      header = cells(line).map((h) => h.toLowerCase());
      i++; // the separator row
      continue;
    }
    if (header === null) continue;
    const row = cells(line);
    const m = ROW_ID.exec(row[0]);
    if (!m) continue;
    const [, letter, chapter, from, toChapter, to] = m;
    if (toChapter !== undefined && toChapter !== chapter)
      throw new Error(`rule range across chapters: ${row[0]}`);
    const last = to === undefined ? Number(from) : Number(to);
    const ids: string[] = [];
    for (let n = Number(from); n <= last; n++) ids.push(`${letter}${chapter}.${n}`);
    if (ids.length === 0) throw new Error(`empty rule range: ${row[0]}`);
    const adjColumn = header.findIndex((h) => /^adj\.?$/.test(h));
    rows.push({
      row: row[0],
      id: ids[0],
      ids,
      adj: adjColumn >= 0 ? (row[adjColumn] ?? '') : null,
    });
  }
  return rows;
}

// Not adjudicable only where the `adj.` column says `no`; `yes (…)` and `ruling` are required.
export function isAdjudicable(row: RuleRow): boolean {
  return row.adj === null || !/^no\b/i.test(row.adj);
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// Word-boundary citation: G1.1 is not cited by G1.19, N9.1 not by N9.10, E8.1 not by TE8.1.
export function cites(text: string, id: string): boolean {
  return new RegExp(`(?<![A-Za-z0-9.])${escapeRegExp(id)}(?![0-9]|\\.[0-9])`).test(text);
}

// Skips a string literal or comment starting at i; returns the index after it, or i if none.
function skipLiteral(src: string, i: number): number {
  const c = src[i];
  if (c === '/' && src[i + 1] === '/') {
    const end = src.indexOf('\n', i);
    return end < 0 ? src.length : end;
  }
  if (c === '/' && src[i + 1] === '*') {
    const end = src.indexOf('*/', i + 2);
    return end < 0 ? src.length : end + 2;
  }
  if (c === "'" || c === '"' || c === '`') {
    let j = i + 1;
    while (j < src.length && src[j] !== c) j += src[j] === '\\' ? 2 : 1;
    return j + 1;
  }
  return i;
}

// Reads the string literal at i (after whitespace); null if there is none.
function readString(src: string, i: number): { text: string; end: number } | null {
  while (/\s/.test(src[i] ?? '')) i++;
  const q = src[i];
  if (q !== "'" && q !== '"' && q !== '`') return null;
  const end = skipLiteral(src, i);
  return { text: src.slice(i + 1, end - 1), end };
}

// Skips a balanced (…) or <…> group starting at i; returns the index after it.
function skipGroup(src: string, i: number, open: string, close: string): number {
  let depth = 0;
  let j = i;
  while (j < src.length) {
    const skipped = skipLiteral(src, j);
    if (skipped !== j) {
      j = skipped;
      continue;
    }
    const c = src[j];
    if (c === open) depth++;
    else if (c === close && !(close === '>' && src[j - 1] === '=')) {
      depth--;
      if (depth === 0) return j + 1;
    }
    j++;
  }
  return j;
}

function stringLiterals(src: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === "'" || c === '"' || c === '`') {
      const end = skipLiteral(src, i);
      out.push(src.slice(i + 1, end - 1));
      i = end;
    } else {
      const skipped = skipLiteral(src, i);
      i = skipped === i ? i + 1 : skipped;
    }
  }
  return out;
}

// The titles of it(…), test(…), describe(…) and their .each(table)(…) forms. A skipped or todo
// test cites nothing. For .each with placeholders (%s, $name) the table's string literals are part
// of the names Jest renders, so they are appended to the title.
export function testTitles(source: string): string[] {
  const titles: string[] = [];
  const call = /(?<![\w.$])(x|f)?(it|test|describe)((?:\.[A-Za-z]+)*)\s*/g;
  let m: RegExpExecArray | null;
  while ((m = call.exec(source)) !== null) {
    const modifiers = m[3].split('.').filter(Boolean);
    let i = m.index + m[0].length;
    let table = '';
    if (modifiers.includes('each')) {
      if (source[i] === '<') i = skipGroup(source, i, '<', '>');
      while (/\s/.test(source[i] ?? '')) i++;
      if (source[i] !== '(') continue;
      const end = skipGroup(source, i, '(', ')');
      table = source.slice(i + 1, end - 1);
      i = end;
      while (/\s/.test(source[i] ?? '')) i++;
    }
    if (source[i] !== '(') continue;
    const title = readString(source, i + 1);
    if (!title) continue;
    call.lastIndex = title.end;
    if (m[1] === 'x' || modifiers.includes('skip') || modifiers.includes('todo')) continue;
    const placeholders = /%[sdifjop#]|\$\w/.test(title.text);
    titles.push(
      table && placeholders ? [title.text, ...stringLiterals(table)].join(' ') : title.text,
    );
  }
  return titles;
}

function specFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return specFiles(path);
    return e.isFile() && e.name.endsWith('.spec.ts') ? [path] : [];
  });
}

export function uncited(rows: RuleRow[], titles: string[]): string[] {
  return rows
    .filter(isAdjudicable)
    .filter((r) => !titles.some((title) => r.ids.some((id) => cites(title, id))))
    .map((r) => r.id);
}

describe('rule coverage: the parser and matcher this check relies on', () => {
  const fixture = [
    '# Rules',
    '| # | question | FPB |',
    '|---|---|---|',
    '| A1 | legal shot | pocket |',
    '',
    '| id | rule | source | facts | penalty | adj. |',
    '|---|---|---|---|---|---|',
    '| G1.1–1.2 | Equipment. | FPB 1.1–1.2 | — | — | no |',
    '| G1.3 | Tip only (see G1.4). | FPB 1.3 | strokeFouls | SF | yes |',
    '| G1.6–1.7 | Lag. | FPB 1.6 | lag | choice | yes |',
    '| G1.19 | Legal shot. | FPB 1.19 | contacts | SF | yes (needs facts) |',
    '| G1.39 | Interference. | FPB 1.39 | ruling | discretion | ruling |',
    'Some text between tables.',
    '| id | rule | source | facts | penalty |',
    '|---|---|---|---|---|',
    '| E8.1 | Groups. | BCA 1 | groups | win |',
    '| T10.10 | Three fouls. | WPA | counters | LG |',
  ].join('\n');

  it('reads rule-id rows of every table, expands ranges and ignores other tables', () => {
    const rows = parseRuleBook(fixture);
    expect(rows.map((r) => [r.row, r.id, r.ids, r.adj])).toEqual([
      ['G1.1–1.2', 'G1.1', ['G1.1', 'G1.2'], 'no'],
      ['G1.3', 'G1.3', ['G1.3'], 'yes'],
      ['G1.6–1.7', 'G1.6', ['G1.6', 'G1.7'], 'yes'],
      ['G1.19', 'G1.19', ['G1.19'], 'yes (needs facts)'],
      ['G1.39', 'G1.39', ['G1.39'], 'ruling'],
      ['E8.1', 'E8.1', ['E8.1'], null],
      ['T10.10', 'T10.10', ['T10.10'], null],
    ]);
    expect(rows.filter(isAdjudicable).map((r) => r.id)).toEqual([
      'G1.3',
      'G1.6',
      'G1.19',
      'G1.39',
      'E8.1',
      'T10.10',
    ]);
  });

  it('matches rule ids on word boundaries only', () => {
    expect(cites('G1.19: legal shot', 'G1.1')).toBe(false);
    expect(cites('G1.19: legal shot', 'G1.19')).toBe(true);
    expect(cites('lag (G1.6–1.7)', 'G1.6')).toBe(true);
    expect(cites('N9.10 does not exist', 'N9.1')).toBe(false);
    expect(cites('T10.1, T10.10', 'T10.1')).toBe(true);
    expect(cites('T10.10 only', 'T10.1')).toBe(false);
    expect(cites('TE8.1 is no id', 'E8.1')).toBe(false);
    expect(cites('G1.3.2 is no id', 'G1.3')).toBe(false);
    expect(cites('E8.1.', 'E8.1')).toBe(true);
  });

  it('collects it/test/describe titles, .each titles with their tables, and skips skipped tests', () => {
    const source = [
      "describe('group (E8.1)', () => {",
      "  it('G1.3: plain', () => {});",
      '  it("G1.4: double quotes", () => {});',
      '  it(`G1.5: template ${x}`, () => {});',
      '  it.each<[string, () => void]>([',
      "    ['N9.9', () => f('(')], // a comment's quote",
      "  ])('%s stalemate', (rule) => {});",
      "  it.each(PROFILES)('E8.8 [%s]', () => {});",
      "  describe.each([['x']])('T10.2 no placeholder', () => {});",
      "  it.skip('G1.8 skipped', () => {});",
      "  xit('G1.9 skipped', () => {});",
      "  it.todo('G1.10 todo');",
      "  const fit_ = split('G1.11'); // not a test",
      "  test('G1.12', () => {});",
      '});',
    ].join('\n');
    expect(testTitles(source)).toEqual([
      'group (E8.1)',
      'G1.3: plain',
      'G1.4: double quotes',
      'G1.5: template ${x}',
      '%s stalemate N9.9 (',
      'E8.8 [%s]',
      'T10.2 no placeholder',
      'G1.12',
    ]);
  });

  it('reports the adjudicable rows no title cites, by their cited id', () => {
    const rows = parseRuleBook(fixture);
    expect(uncited(rows, ['G1.19 and G1.3', 'G1.7 continues the lag'])).toEqual([
      'G1.39',
      'E8.1',
      'T10.10',
    ]);
    expect(uncited(rows, ['G1.1 (equipment) is not required'])).toContain('G1.3');
  });
});

describe('rule coverage: docs/rules.md against the test titles', () => {
  const rows = parseRuleBook(readFileSync(RULE_BOOK, 'utf8'));
  // This file's own fixtures are not tests of the engine.
  const files = specFiles(TEST_DIR).filter((f) => resolve(f) !== resolve(__filename));
  const titles = files.flatMap((f) => testTitles(readFileSync(f, 'utf8')));

  it('parses the whole rule book: G1.1–1.41 (no 1.7 heading), E8.1–20, N9.1–9, T10.1–11', () => {
    const all = rows.flatMap((r) => r.ids);
    const expected = [
      ...Array.from({ length: 41 }, (_, i) => `G1.${i + 1}`),
      ...Array.from({ length: 20 }, (_, i) => `E8.${i + 1}`),
      ...Array.from({ length: 9 }, (_, i) => `N9.${i + 1}`),
      ...Array.from({ length: 11 }, (_, i) => `T10.${i + 1}`),
    ];
    expect(all).toEqual(expected);
    expect(rows.filter((r) => !isAdjudicable(r)).map((r) => r.row)).toEqual(['G1.1–1.2']);
    expect(rows.find((r) => r.id === 'G1.39')?.adj).toBe('ruling');
    expect(rows.filter(isAdjudicable)).toHaveLength(78);
    expect(files.length).toBeGreaterThan(0);
  });

  it('every adjudicable rule id (G1.3–1.41, E8, N9, T10) is cited by at least one test title', () => {
    const missing = uncited(rows, titles);
    if (missing.length > 0) {
      throw new Error(
        `${missing.length} rule id(s) of docs/rules.md are cited by no test title ` +
          `(${files.map((f) => relative(ROOT, f)).length} spec files, ${titles.length} titles read):\n` +
          missing.join(', '),
      );
    }
  });
});
