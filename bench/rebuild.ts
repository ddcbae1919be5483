import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { evolve, type MatchState } from '../src/domain';
import { applyStored } from '../src/ledger/envelope';
import { SqliteEventStore } from '../src/ledger/sqlite/sqlite-event-store';
import { int, RUNS, rates, ratio, seconds, spread, spreadOf } from './common';
import { generateLedger, recordTemplates, storedSize } from './workload';

// The rebuild and replay figures on a generated ledger of BENCH_REBUILD_EVENTS events (1M by
// default), copied from BENCH_TEMPLATES matches recorded through the real write path.

const EVENTS = Number(process.env.BENCH_REBUILD_EVENTS ?? 1_000_000);
const TEMPLATES = Number(process.env.BENCH_TEMPLATES ?? 60);
const PAGE = 5000;

const mib = (n: number) => `${n.toFixed(0)} MiB`;
const perEvent = (file: string, events: number) => `${int(statSync(file).size / events)} B/event`;

// The floor: each stored row read in commit order with its command's row, and its texts parsed
// (its data, its own metadata, a command's JSON once for all its events), nothing else.
function bareParse(file: string): number {
  const db = new Database(file, { readonly: true });
  const rows = db
    .prepare<
      [],
      unknown[]
    >('SELECT e.data, e.metadata, e.command, c.* FROM events e LEFT JOIN commands c ON c.id = e.command ORDER BY e.position')
    .raw(true);
  // c.* is id, metadata (JSON or null), then the command's columns.
  let n = 0;
  let command: unknown = null;
  for (const r of rows.iterate()) {
    JSON.parse(r[0] as string);
    JSON.parse(r[1] as string);
    if (r[4] !== null && r[2] !== command) JSON.parse(r[4] as string);
    command = r[2];
    n++;
  }
  db.close();
  return n;
}

// The projector's replay without its writes: the store's pages, each event converted and folded.
async function replay(file: string): Promise<number> {
  const store = new SqliteEventStore({ filename: file, readOnly: true });
  const states = new Map<string, MatchState | null>();
  let n = 0;
  for (let after: bigint | undefined; ; ) {
    const page = await store.readAll({ after, maxCount: PAGE });
    for (const e of page) {
      if (!e.streamId.startsWith('match-')) continue;
      states.set(e.streamId, applyStored(states.get(e.streamId) ?? null, e, evolve).state);
      n++;
    }
    if (page.length < PAGE) break;
    after = page[page.length - 1].position;
  }
  await store.close();
  return n;
}

export interface Rebuilt {
  events: number;
  seconds: number;
  rss: number[];
  peak: number;
}

// Each rebuild in a child process (its own peak RSS), as `ledger rebuild` runs it.
export function rebuildOnce(ledger: string, readModel: string, mode: 'full' | 'views'): Rebuilt {
  rmSync(readModel, { force: true });
  const out = execFileSync(
    process.execPath,
    [
      '-r',
      'ts-node/register/transpile-only',
      join(__dirname, 'rebuild-child.ts'),
      ledger,
      readModel,
      mode,
    ],
    { encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  return JSON.parse(out.trim().split('\n').pop()!) as Rebuilt;
}

export async function benchRebuild(dir: string): Promise<void> {
  const templates = join(dir, 'templates.sqlite');
  const ledger = join(dir, 'ledger.sqlite');
  let t0 = process.hrtime.bigint();
  const recorded = await recordTemplates(templates, TEMPLATES);
  const tplSeconds = seconds(t0);
  t0 = process.hrtime.bigint();
  const events = await generateLedger(templates, ledger, EVENTS);
  console.log(
    `\nRebuild and replay (${int(events)} events: ${TEMPLATES} matches recorded through the write path in ${tplSeconds.toFixed(0)} s, copied under new ids with their hash chains sealed again in ${seconds(t0).toFixed(0)} s; BENCH_REBUILD_EVENTS, BENCH_TEMPLATES; min/median/max of ${RUNS} runs)`,
  );
  const size = storedSize(templates);
  console.log(
    `  stored event (write path, browser user agent): ${int(size.data + size.metadata)} B average (data ${int(size.data)} B: packed values ${int(size.packed)} B, share of the shapes table ${size.shapes.toFixed(1)} B; metadata ${int(size.metadata)} B: own fields ${int(size.own)} B, hashes ${int(size.hashes)} B, share of its command's row ${int(size.command)} B; ${int(recorded)} events); ledger file ${perEvent(ledger, events)}`,
  );
  const bare = await rates(events, () => bareParse(ledger));
  const folded = await rates(events, () => replay(ledger));
  console.log(
    `  bare JSON.parse of the stored rows (data + metadata)   ${spread(spreadOf(bare))}/s`,
  );
  console.log(
    `  replay: store pages + convert + evolve                  ${spread(spreadOf(folded))}/s   ${ratio(spreadOf(folded).median, spreadOf(bare).median)} of the bare parse (median)`,
  );
  for (const mode of ['views', 'full'] as const) {
    const file = join(dir, `read-model-${mode}.sqlite`);
    const runs = Array.from({ length: RUNS }, () => rebuildOnce(ledger, file, mode));
    const rate = spreadOf(runs.map((r) => r.events / r.seconds));
    const last = runs[runs.length - 1];
    const label =
      mode === 'full'
        ? 'rebuild, every read model (ledger rebuild)  '
        : 'rebuild, match views + audit index only     ';
    console.log(
      `  ${label}${spread(rate)}/s   ${ratio(rate.median, spreadOf(bare).median)} of the bare parse; peak RSS ${spread(spreadOf(runs.map((r) => r.peak)), mib)}; RSS at 1/4, 1/2, 3/4, end: ${last.rss.map(mib).join(', ')}; read model ${perEvent(file, events)}`,
    );
  }
}
