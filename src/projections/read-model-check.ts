import Database from 'better-sqlite3';
import { canonicalJson } from '../domain';
import type { EventStore } from '../ledger/event-store';
import { MatchProjector } from './match-projector';
import type { Projection } from './projection';
import { ReadModel } from './read-model';

// One row where the read model being served and a rebuild from the ledger disagree.
export interface RowDifference {
  table: string;
  // The row's primary key, column by column.
  key: Record<string, unknown>;
  // DIFFERS: a column's value differs; MISSING: the rebuild has the row, the read model does
  // not; EXTRA: the read model has a row the rebuild does not.
  kind: 'DIFFERS' | 'MISSING' | 'EXTRA';
  column: string | null;
  served: unknown;
  rebuilt: unknown;
}

export interface ReadModelComparison {
  tables: number;
  rows: number;
  // Differing rows per table, in the rebuild's table order.
  counts: Map<string, number>;
  // The first difference of each table that has any (in key order); [0] is the first of all.
  firsts: RowDifference[];
}

type Row = Record<string, unknown>;

// Every table a read model holds: the match views, the audit index, the checkpoints and every
// table a feature projection installs, so a projection added later is compared without code here.
// `meta` is left out: it records how the file was built (versions, the ledger it follows), not
// anything served.
function tablesOf(db: Database.Database): string[] {
  return db
    .prepare<[], { name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'meta' ORDER BY rowid",
    )
    .all()
    .map((t) => t.name);
}

function keyOf(db: Database.Database, table: string): string[] {
  const cols = db
    .prepare<[], { name: string; pk: number }>(`SELECT name, pk FROM pragma_table_info('${table}')`)
    .all();
  const pk = cols.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
  return pk.length ? pk.map((c) => c.name) : ['rowid'];
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

function rowsOf(db: Database.Database, table: string, key: string[]): IterableIterator<Row> {
  const order = key.map(quote).join(', ');
  const extra = key[0] === 'rowid' ? 'rowid, ' : '';
  return db.prepare(`SELECT ${extra}* FROM ${quote(table)} ORDER BY ${order}`).iterate() as never;
}

// Both values as JSON documents (a state, a record), or null when either is not one.
function documents(a: unknown, b: unknown): [unknown, unknown] | null {
  if (typeof a !== 'string' || typeof b !== 'string' || !/^[[{]/.test(a) || !/^[[{]/.test(b))
    return null;
  try {
    return [JSON.parse(a), JSON.parse(b)];
  } catch {
    return null;
  }
}

// Equal, or the same JSON document written with its keys in another order.
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const docs = documents(a, b);
  return docs !== null && canonicalJson(docs[0]) === canonicalJson(docs[1]);
}

// Where two JSON documents first differ: its path ($.players[0].name) and both values there.
function firstDifference(a: unknown, b: unknown, path = '$'): [string, unknown, unknown] | null {
  if (canonicalJson(a) === canonicalJson(b)) return null;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object')
    return [path, a, b];
  if (Array.isArray(a) !== Array.isArray(b)) return [path, a, b];
  const keys = Array.isArray(a)
    ? [...Array(Math.max(a.length, (b as unknown[]).length)).keys()]
    : [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  for (const k of keys) {
    const x = (a as Record<string, unknown>)[k];
    const y = (b as Record<string, unknown>)[k];
    const found = firstDifference(x, y, typeof k === 'number' ? `${path}[${k}]` : `${path}.${k}`);
    if (found) return found;
  }
  return [path, a, b];
}

function compareTable(
  served: Database.Database,
  rebuilt: Database.Database,
  table: string,
): { rows: number; count: number; first: RowDifference | null } {
  const key = keyOf(rebuilt, table);
  const keyText = (row: Row) => JSON.stringify(key.map((k) => row[k]));
  const keyObject = (row: Row) => Object.fromEntries(key.map((k) => [k, row[k]]));
  const want = new Map<string, Row>();
  for (const row of rowsOf(rebuilt, table, key)) want.set(keyText(row), row);
  const differences: RowDifference[] = [];
  let count = 0;
  const note = (d: RowDifference) => {
    count++;
    differences.push(d);
  };
  const hasTable = tablesOf(served).includes(table);
  for (const row of hasTable ? rowsOf(served, table, key) : []) {
    const k = keyText(row);
    const other = want.get(k);
    want.delete(k);
    if (!other) {
      note({ table, key: keyObject(row), kind: 'EXTRA', column: null, served: row, rebuilt: null });
      continue;
    }
    const column = Object.keys(other).find((c) => !same(row[c], other[c]));
    if (column === undefined) continue;
    // In a JSON column, the path inside the document where they part.
    const docs = documents(row[column], other[column]);
    const inside = docs && firstDifference(docs[0], docs[1]);
    note({
      table,
      key: keyObject(row),
      kind: 'DIFFERS',
      column: inside ? `${column} ${inside[0]}` : column,
      served: inside ? inside[1] : row[column],
      rebuilt: inside ? inside[2] : other[column],
    });
  }
  for (const row of want.values())
    note({ table, key: keyObject(row), kind: 'MISSING', column: null, served: null, rebuilt: row });
  // The first in key order: served rows come in key order, then the missing ones.
  const first = differences.sort((a, b) => compareKeys(a.key, b.key, key))[0] ?? null;
  return { rows: want.size + count, count, first };
}

function compareKeys(a: Row, b: Row, key: string[]): number {
  for (const k of key) {
    const x = a[k] as string | number;
    const y = b[k] as string | number;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

// Rebuilds the read model from the ledger into a scratch database, with the projections the
// server runs, and compares every table of it row by row with the read model file being served
// (opened read-only: the check changes nothing).
export async function compareWithRebuild(
  store: EventStore,
  servedFile: string,
  projections: readonly Projection[],
): Promise<ReadModelComparison> {
  const scratch = new ReadModel(':memory:', projections);
  const served = new Database(servedFile, { readonly: true, fileMustExist: true });
  try {
    await new MatchProjector(store, scratch).rebuild();
    const comparison: ReadModelComparison = { tables: 0, rows: 0, counts: new Map(), firsts: [] };
    for (const table of tablesOf(scratch.database)) {
      const { rows, count, first } = compareTable(served, scratch.database, table);
      comparison.tables++;
      comparison.rows += rows;
      if (first) {
        comparison.counts.set(table, count);
        comparison.firsts.push(first);
      }
    }
    return comparison;
  } finally {
    served.close();
    scratch.close();
  }
}

const shown = (v: unknown): string => {
  const text = typeof v === 'object' && v !== null ? JSON.stringify(v) : v;
  return typeof text === 'string'
    ? JSON.stringify(text.length > 120 ? `${text.slice(0, 117)}...` : text)
    : String(text);
};

// One line naming a difference: table, key, column, and the value served against the rebuilt one.
export function describeDifference(d: RowDifference): string {
  const key = Object.entries(d.key)
    .map(([k, v]) => `${k}=${shown(v)}`)
    .join(', ');
  if (d.kind === 'MISSING')
    return `${d.table} (${key}): in the rebuild, missing from the read model`;
  if (d.kind === 'EXTRA') return `${d.table} (${key}): in the read model, not in the rebuild`;
  return `${d.table} (${key}) ${d.column}: read model ${shown(d.served)}, rebuild ${shown(d.rebuilt)}`;
}

// What `verify --read-model` prints, and whether the read model matches.
export function readModelReport(
  file: string,
  c: ReadModelComparison,
): { ok: boolean; lines: string[] } {
  if (c.firsts.length === 0)
    return {
      ok: true,
      lines: [
        `read model ${file} matches a rebuild from the ledger: ${c.tables} tables, ${c.rows} rows`,
      ],
    };
  const total = [...c.counts.values()].reduce((a, b) => a + b, 0);
  return {
    ok: false,
    lines: [
      `read model ${file} does NOT match a rebuild from the ledger: ${total} rows differ in ${c.counts.size} tables; first: ${describeDifference(c.firsts[0])}`,
      ...c.firsts.map(
        (d) => `  ${c.counts.get(d.table)} rows differ, first: ${describeDifference(d)}`,
      ),
    ],
  };
}

// Whether the read model claims events the ledger does not hold: its checkpoint is not the
// position of an event in the ledger (the ledger was cut back, or the checkpoint was edited).
export async function readModelAhead(store: EventStore, readModel: ReadModel): Promise<boolean> {
  const checkpoint = readModel.checkpoint('matches');
  if (checkpoint === undefined) return false;
  const [event] = await store.readAll({ after: checkpoint - 1n, maxCount: 1 });
  return event?.position !== checkpoint;
}
