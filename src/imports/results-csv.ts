import {
  BREAK_ORDER_RULES,
  DISCIPLINES,
  isPlainName,
  RECORD_ID,
  RULE_PROFILES,
  type BreakOrderRule,
  type Discipline,
  type RuleProfileId,
} from '../domain';
import { ImportError, type BadRow } from './import-errors';

// A past results file (docs/records.md#importing-past-results): one match per row, parsed as
// RFC 4180 (quoted fields may hold commas, quotes and line breaks) and checked row by row. Every
// bad row is reported with its line and reason, and a file with any is refused whole.

export const IMPORT_COLUMNS = [
  'row_key',
  'date',
  'competition_id',
  'competition',
  'discipline',
  'rule_profile',
  'race_to',
  'break_order',
  'player_a_id',
  'player_a_name',
  'player_b_id',
  'player_b_name',
  'games_a',
  'games_b',
  'venue',
  'first_breaker',
  'game_winners',
] as const;
const REQUIRED = [
  'date',
  'discipline',
  'race_to',
  'player_a_id',
  'player_a_name',
  'player_b_id',
  'player_b_name',
  'games_a',
  'games_b',
] as const;

export interface ImportRow {
  line: number;
  rowKey: string;
  date: string;
  competitionId: string | null;
  competition: string | null;
  discipline: Discipline;
  ruleProfile: RuleProfileId;
  raceTo: number;
  breakOrder: BreakOrderRule;
  players: [{ id: string; name: string }, { id: string; name: string }];
  games: [number, number];
  venue: string | null;
  // Who broke game 1 (0: player A, 1: player B).
  firstBreaker: 0 | 1;
  // Each game's winner in order (0: A, 1: B); null when the file gives none.
  winners: (0 | 1)[] | null;
}

// RFC 4180 records with the line each starts on (a quoted field may span lines).
export function* csvRecords(text: string): Generator<{ line: number; fields: string[] }> {
  let i = 0;
  let line = 1;
  const n = text.length;
  if (text.charCodeAt(0) === 0xfeff) i = 1;
  while (i < n) {
    const start = line;
    const fields: string[] = [];
    for (;;) {
      let value = '';
      if (text[i] === '"') {
        i++;
        for (;;) {
          if (i >= n)
            throw new ImportError('BAD_FILE', [{ line: start, reason: 'unclosed quote' }]);
          const c = text[i];
          if (c === '"') {
            if (text[i + 1] === '"') {
              value += '"';
              i += 2;
              continue;
            }
            i++;
            break;
          }
          if (c === '\n') line++;
          value += c;
          i++;
        }
      } else {
        while (i < n && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r') value += text[i++];
      }
      fields.push(value);
      if (text[i] === ',') {
        i++;
        continue;
      }
      break;
    }
    if (text[i] === '\r') i++;
    if (text[i] === '\n') i++;
    line++;
    if (!(fields.length === 1 && fields[0] === '')) yield { line: start, fields };
  }
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
// The same ids and names as the API takes (an imported licence id must be able to sign a token).
const ID = RECORD_ID;
const NAME = { test: (v: string) => v.length <= 100 && v.trim() !== '' && isPlainName(v) };

// The file's rows, checked: the good ones, and every bad one with its line and reason (a file
// whose header is wrong throws ImportError at once).
export function parseResultsCsv(
  text: string,
  keyOf: (canonical: string) => string,
): { rows: ImportRow[]; bad: BadRow[] } {
  const records = csvRecords(text);
  const head = records.next();
  if (head.done) throw new ImportError('BAD_FILE', [{ line: 1, reason: 'the file is empty' }]);
  const header = head.value.fields.map((h) => h.trim());
  const unknown = header.filter((h) => !(IMPORT_COLUMNS as readonly string[]).includes(h));
  const missing = REQUIRED.filter((c) => !header.includes(c));
  if (unknown.length || missing.length)
    throw new ImportError('BAD_FILE', [
      {
        line: 1,
        reason: [
          missing.length ? `missing column(s) ${missing.join(', ')}` : '',
          unknown.length ? `unknown column(s) ${unknown.join(', ')}` : '',
        ]
          .filter(Boolean)
          .join('; '),
      },
    ]);
  const rows: ImportRow[] = [];
  const bad: BadRow[] = [];
  const seen = new Map<string, number>();
  for (const { line, fields } of records) {
    if (fields.length !== header.length) {
      bad.push({ line, reason: `${fields.length} fields, the header has ${header.length}` });
      continue;
    }
    const get = (c: string) => {
      const k = header.indexOf(c);
      return k < 0 ? '' : fields[k].trim();
    };
    try {
      const row = checkRow(line, get, keyOf);
      const earlier = seen.get(row.rowKey);
      if (earlier !== undefined)
        throw new Error(`repeats the match of line ${earlier} (row key ${row.rowKey})`);
      seen.set(row.rowKey, line);
      rows.push(row);
    } catch (err) {
      bad.push({ line, reason: err instanceof Error ? err.message : String(err) });
    }
  }
  return { rows, bad };
}

function checkRow(
  line: number,
  get: (c: string) => string,
  keyOf: (canonical: string) => string,
): ImportRow {
  const problems: string[] = [];
  const need = (c: string, ok: (v: string) => boolean, what: string): string => {
    const v = get(c);
    if (!ok(v)) problems.push(`${c} ${v === '' ? 'is missing' : `"${v}" is not ${what}`}`);
    return v;
  };
  const int = (v: string) => /^\d{1,3}$/.test(v);
  const date = need(
    'date',
    (v) => DATE.test(v) && !Number.isNaN(Date.parse(v)),
    'a date (YYYY-MM-DD)',
  );
  const discipline = need(
    'discipline',
    (v) => (DISCIPLINES as readonly string[]).includes(v),
    `one of ${DISCIPLINES.join(', ')}`,
  ) as Discipline;
  const profile = get('rule_profile') || (discipline === 'EIGHT_BALL' ? 'FPB' : 'WPA');
  if (!(RULE_PROFILES as readonly string[]).includes(profile))
    problems.push(`rule_profile "${profile}" is not one of ${RULE_PROFILES.join(', ')}`);
  const raceTo = Number(need('race_to', (v) => int(v) && Number(v) >= 1, 'a race (1 or more)'));
  const order = get('break_order') || 'ALTERNATE';
  if (!(BREAK_ORDER_RULES as readonly string[]).includes(order))
    problems.push(`break_order "${order}" is not one of ${BREAK_ORDER_RULES.join(', ')}`);
  const ids = ['player_a_id', 'player_b_id'].map((c) => need(c, (v) => ID.test(v), 'a licence id'));
  const names = ['player_a_name', 'player_b_name'].map((c) =>
    need(c, (v) => NAME.test(v), 'a name'),
  );
  if (ids[0] === ids[1] && ids[0] !== '')
    problems.push('player_a_id and player_b_id are the same player');
  const games = ['games_a', 'games_b'].map((c) => Number(need(c, int, 'a number of games'))) as [
    number,
    number,
  ];
  const { competitionId, competition, venue, fb, w, winners } = optionalFields(get, problems);
  if (problems.length === 0)
    problems.push(...raceProblems(raceTo, games, winners as (0 | 1)[] | null));
  if (problems.length) throw new Error(problems.join('; '));
  const canonical = JSON.stringify([
    date,
    competitionId,
    competition,
    discipline,
    raceTo,
    ids,
    games,
    w,
  ]);
  return {
    line,
    rowKey: get('row_key') || keyOf(canonical),
    date,
    competitionId,
    competition,
    discipline,
    ruleProfile: profile as RuleProfileId,
    raceTo,
    breakOrder: order as BreakOrderRule,
    players: [
      { id: ids[0], name: names[0] },
      { id: ids[1], name: names[1] },
    ],
    games,
    venue,
    firstBreaker: fb === 'B' ? 1 : 0,
    winners: winners as (0 | 1)[] | null,
  };
}

// The columns a row may leave empty, checked the same way; their problems join the row's.
function optionalFields(get: (c: string) => string, problems: string[]) {
  const competitionId = get('competition_id') || null;
  if (competitionId !== null && !ID.test(competitionId))
    problems.push(`competition_id "${competitionId}" is not an id`);
  const competition = get('competition') || null;
  if (competition !== null && !NAME.test(competition)) problems.push('competition is not a name');
  const venue = get('venue') || null;
  if (venue !== null && !NAME.test(venue)) problems.push('venue is not a name');
  const fb = get('first_breaker') || 'A';
  if (fb !== 'A' && fb !== 'B') problems.push(`first_breaker "${fb}" is not A or B`);
  const w = get('game_winners').replace(/\s+/g, '');
  const winners = w === '' ? null : [...w].map((c) => (c === 'A' ? 0 : c === 'B' ? 1 : -1));
  if (winners?.includes(-1)) problems.push(`game_winners "${w}" may hold only A and B`);
  return { competitionId, competition, venue, fb, w, winners };
}

// A completed race: the winner reached it, the loser did not, and the games (when given) add up
// and end when the race is won.
function raceProblems(race: number, games: [number, number], winners: (0 | 1)[] | null): string[] {
  const [a, b] = games;
  if (Math.max(a, b) !== race || Math.min(a, b) >= race)
    return [`score ${a}–${b} is not a finished race to ${race}`];
  if (winners === null) return [];
  const wa = winners.filter((x) => x === 0).length;
  if (wa !== a || winners.length - wa !== b)
    return [`game_winners give ${wa}–${winners.length - wa}, the score is ${a}–${b}`];
  return [];
}
