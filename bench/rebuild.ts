import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { checkOutBaseline, type Baseline } from './baseline';
import { int, RUNS, rates, seconds, spread, spreadOf, verdict } from './common';
import { foldColumnsOf } from '../src/ledger/sqlite/ledger-rows';
import { RecordReader } from '../src/ledger/sqlite/record-codec';
import { generateLedger, recordTemplates, storedSize } from './workload';

// The rebuild and replay figures on generated ledgers of BENCH_REBUILD_EVENTS events (a comma
// list, smallest first; 300k and 1M by default), copied from BENCH_TEMPLATES matches recorded
// through the real write path; each figure of this tree beside the baseline checkout's
// (./baseline.ts) on the same ledger file, run by run.

const SIZES = (process.env.BENCH_REBUILD_EVENTS ?? '300000,1000000').split(',').map(Number);
const TEMPLATES = Number(process.env.BENCH_TEMPLATES ?? 60);
const ROOT = join(__dirname, '..');

const mib = (n: number) => `${n.toFixed(0)} MiB`;
const perEvent = (file: string, events: number) => `${int(statSync(file).size / events)} B/event`;
const rate = (r: { events: number; seconds: number }) => r.events / r.seconds;
// Events per CPU second of the process (user + system): on a shared machine the wall clock also
// counts the turns of other processes, so a size ratio is read on this too.
const cpuRate = (r: { events: number; cpu?: number }) => (r.cpu ? r.events / r.cpu : NaN);
const ratios = (a: number[], b: number[]) => a.map((x, i) => x / b[i]);

// The floor: each stored row read in commit order with its command's row, and its texts parsed
// (its data, its own metadata, a command's JSON once for all its events), nothing else; a record
// row's data decoded from its blob.
function bareParse(file: string): number {
  const db = new Database(file, { readonly: true });
  const records = new RecordReader(db);
  records.reset(true);
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
    if (typeof r[0] === 'string') JSON.parse(r[0]);
    else records.decode(r[0]);
    JSON.parse(r[1] as string);
    if (r[4] !== null && r[2] !== command) JSON.parse(r[4] as string);
    command = r[2];
    n++;
  }
  db.close();
  return n;
}

// What this tree's replay cannot beat on its layout: the rows its fold scan reads (the same
// columns, pages and order), stepped with nothing decoded nor folded.
function stepRows(file: string): number {
  const db = new Database(file, { readonly: true });
  const page = db
    .prepare<
      [number, number],
      unknown[]
    >(`SELECT ${foldColumnsOf(true)} FROM events WHERE position > ? ORDER BY position LIMIT ?`)
    .raw(true);
  let n = 0;
  for (let after = -1; ; ) {
    const rows = page.all(after, 5000);
    n += rows.length;
    if (rows.length < 5000) break;
    after = rows[rows.length - 1][0] as number;
  }
  db.close();
  return n;
}

export interface Rebuilt {
  events: number;
  seconds: number;
  rss: number[];
  peak: number;
  cpu?: number;
  quarters?: { seconds: number; cpu: number }[];
  gc?: number;
}

function child(root: string, script: string, args: string[]): string {
  const out = execFileSync(
    process.execPath,
    ['-r', 'ts-node/register/transpile-only', join(root, 'bench', script), ...args],
    { encoding: 'utf8', maxBuffer: 1 << 20, cwd: root },
  );
  return out.trim().split('\n').pop()!;
}

// Each rebuild in a child process (its own peak RSS), as `ledger rebuild` runs it; in this tree
// unless another checkout's root is given.
export function rebuildOnce(
  ledger: string,
  readModel: string,
  mode: 'full' | 'views',
  root = ROOT,
): Rebuilt {
  rmSync(readModel, { force: true });
  return JSON.parse(child(root, 'rebuild-child.ts', [ledger, readModel, mode])) as Rebuilt;
}

const replayOnce = (ledger: string, root = ROOT) =>
  JSON.parse(child(root, 'replay-child.ts', [ledger])) as Rebuilt;

interface Measured {
  // The rows a replay reads, stepped alone (stepRows).
  steps: number[];
  views: number[];
  replay: number[];
  rebuild: number[];
  oldReplay: number[];
  oldRebuild: number[];
  full: Rebuilt[];
  // Per CPU second, this tree's then the baseline's.
  cpu: { replay: number[]; rebuild: number[]; oldReplay: number[]; oldRebuild: number[] };
}

// RUNS runs, each this tree then the baseline on the same events, one after the other: the
// baseline on the file as generated (in the codec it reads), this tree on its converted copy.
async function measure(
  dir: string,
  { ledger, baseline }: { ledger: string; baseline: string },
  events: number,
  old: Baseline | null,
) {
  const cpu: Measured['cpu'] = { replay: [], rebuild: [], oldReplay: [], oldRebuild: [] };
  const m: Measured = {
    ...{ steps: await rates(events, () => stepRows(ledger)), views: [] },
    ...{ replay: [], rebuild: [], oldReplay: [], oldRebuild: [], full: [], cpu },
  };
  const replays: Rebuilt[] = [];
  const olds: Rebuilt[][] = [[], []];
  const views: Rebuilt[] = [];
  const model = (mode: string) => join(dir, `read-model-${mode}.sqlite`);
  const bare = spreadOf(await rates(events, () => bareParse(ledger)));
  for (let run = 0; run < RUNS; run++) {
    replays.push(replayOnce(ledger));
    m.full.push(rebuildOnce(ledger, model('full'), 'full'));
    views.push(rebuildOnce(ledger, model('views'), 'views'));
    if (!old) continue;
    olds[0].push(replayOnce(baseline, old.root));
    olds[1].push(rebuildOnce(baseline, model('old'), 'full', old.root));
  }
  [m.replay, m.rebuild, m.views, m.oldReplay, m.oldRebuild] = [replays, m.full, views, ...olds].map(
    (r) => r.map(rate),
  );
  [cpu.replay, cpu.rebuild, cpu.oldReplay, cpu.oldRebuild] = [replays, m.full, ...olds].map((r) =>
    r.map(cpuRate),
  );
  const against = (a: number[], b: number[]) =>
    old ? `   ÷ ${old.commit}: ${spread(spreadOf(ratios(a, b)), (x) => `${x.toFixed(2)}×`)}` : '';
  const last = m.full[m.full.length - 1];
  console.log(`  at ${int(events)} events (ledger ${perEvent(ledger, events)}):`);
  console.log(`    bare JSON.parse of the stored rows          ${spread(bare)}/s`);
  console.log(
    `    the rows a replay reads, nothing decoded    ${spread(spreadOf(m.steps))}/s${against(m.steps, m.oldReplay)}`,
  );
  console.log(
    `    replay: store pages + convert + evolve      ${spread(spreadOf(m.replay))}/s${against(m.replay, m.oldReplay)}`,
  );
  console.log(
    `    rebuild, every read model (ledger rebuild)  ${spread(spreadOf(m.rebuild))}/s${against(m.rebuild, m.oldRebuild)}; peak RSS ${spread(spreadOf(m.full.map((r) => r.peak)), mib)}; RSS at 1/4, 1/2, 3/4, end: ${last.rss.map(mib).join(', ')}; read model ${perEvent(model('full'), events)}`,
  );
  console.log(
    `    rebuild, match views + audit index only     ${spread(spreadOf(m.views))}/s${against(m.views, m.oldRebuild)}`,
  );
  console.log(
    `    per CPU second: replay ${spread(spreadOf(cpu.replay))}/s${against(cpu.replay, cpu.oldReplay)}; rebuild ${spread(spreadOf(cpu.rebuild))}/s${against(cpu.rebuild, cpu.oldRebuild)}; CPU seconds by quarter of the last rebuild: ${(last.quarters ?? []).map((q) => q.cpu.toFixed(1)).join(', ')}, its GC pauses ${(last.gc ?? 0).toFixed(1)} s`,
  );
  return m;
}

export async function benchRebuild(dir: string): Promise<void> {
  const templates = join(dir, 'templates.sqlite');
  let t0 = process.hrtime.bigint();
  const recorded = await recordTemplates(templates, TEMPLATES);
  const size = storedSize(templates);
  const old = checkOutBaseline();
  // The ledgers are copied from templates the baseline recorded, when there is one: events of
  // its versions, which this tree upcasts and the baseline reads as they are.
  const source = old ? join(dir, 'templates-baseline.sqlite') : templates;
  if (old) child(old.root, 'templates-child.ts', [source, String(TEMPLATES)]);
  console.log(
    `\nRebuild and replay (${TEMPLATES} matches recorded through the write path in ${seconds(t0).toFixed(0)} s, copied under new ids with their hash chains sealed again (recorded by the baseline when there is one; the baseline reads the copy in the packed codec, this tree that copy converted to records); BENCH_REBUILD_EVENTS, BENCH_TEMPLATES; each figure in a process of its own, min/median/max of ${RUNS} runs${old ? `; beside ${old.commit} (BENCH_BASELINE) on the same ledger, ratios run by run` : ''})`,
  );
  console.log(
    `  stored event (write path, browser user agent): ${int(size.data + size.metadata)} B average (data ${int(size.data)} B: stored values ${int(size.packed)} B, share of the key lists ${size.shapes.toFixed(1)} B; metadata ${int(size.metadata)} B: own fields ${int(size.own)} B, hashes ${int(size.hashes)} B, share of its command's row ${int(size.command)} B; ${int(recorded)} events)`,
  );
  const measured: Measured[] = [];
  try {
    for (const [i, target] of SIZES.entries()) {
      const files = { ledger: join(dir, `ledger-${i}.sqlite`), baseline: '' };
      t0 = process.hrtime.bigint();
      const events = await generateLedger(source, files, target, old ? 'packed' : 'records');
      console.log(`  (ledger of ${int(events)} events generated in ${seconds(t0).toFixed(0)} s)`);
      measured.push(await measure(dir, files, events, old));
      for (const f of Object.values(files)) if (f) rmSync(f, { force: true });
    }
  } finally {
    old?.remove();
  }
  printVerdicts(size.data + size.metadata, measured, old);
}

function printVerdicts(stored: number, measured: Measured[], old: Baseline | null): void {
  const [small, large] = [measured[0], measured[measured.length - 1]];
  const [lo, hi] = [int(SIZES[0]), int(SIZES[SIZES.length - 1])];
  const lines = [
    '  Gates',
    verdict(
      'stored event ≤ 400 B',
      [stored],
      (b) => b <= 400,
      (b) => `${int(b)} B`,
    ),
    // Flat: no later quarter of the rebuild holds more than 1.2× what the first did.
    verdict(
      `rebuild memory flat at ${hi} events (largest RSS past 1/4 ÷ RSS at 1/4 ≤ 1.2)`,
      large.full.map((r) => Math.max(...r.rss.slice(1)) / r.rss[0]),
      (x) => x <= 1.2,
    ),
    `  Targets${old ? ` (ratios against ${old.commit}, run by run)` : ''}`,
    verdict(
      `replay ≥ 3 × the baseline's at ${hi} events`,
      ratios(large.replay, large.oldReplay),
      (x) => x >= 3,
    ),
    verdict(
      `rebuild ≥ 2.5 × the baseline's at ${hi} events`,
      ratios(large.rebuild, large.oldRebuild),
      (x) => x >= 2.5,
    ),
  ];
  if (old)
    lines.push(
      `  What this layout allows (read beside the targets, against ${old.commit}'s replay and whole rebuild)`,
      `        the rows a replay reads, stepped with nothing decoded: ${spread(spreadOf(ratios(large.steps, large.oldReplay)), (x) => `${x.toFixed(2)}×`)}`,
      `        a rebuild of the match views and audit index alone: ${spread(spreadOf(ratios(large.views, large.oldRebuild)), (x) => `${x.toFixed(2)}×`)}`,
    );
  if (measured.length > 1)
    lines.push(
      verdict(
        `replay rate at ${lo} ÷ at ${hi} ≤ 1.25`,
        ratios(small.replay, large.replay),
        (x) => x <= 1.25,
      ),
      verdict(
        `rebuild rate at ${lo} ÷ at ${hi} ≤ 1.25`,
        ratios(small.rebuild, large.rebuild),
        (x) => x <= 1.25,
      ),
      "  The same per CPU second (what the process itself spent: the machine's load left out)",
      verdict(
        `replay CPU-time rate at ${lo} ÷ at ${hi} ≤ 1.25`,
        ratios(small.cpu.replay, large.cpu.replay),
        (x) => x <= 1.25,
      ),
      verdict(
        `rebuild CPU-time rate at ${lo} ÷ at ${hi} ≤ 1.25`,
        ratios(small.cpu.rebuild, large.cpu.rebuild),
        (x) => x <= 1.25,
      ),
    );
  if (old)
    lines.push(
      verdict(
        `replay CPU-time rate ≥ 3 × the baseline's at ${hi} events`,
        ratios(large.cpu.replay, large.cpu.oldReplay),
        (x) => x >= 3,
      ),
      verdict(
        `rebuild CPU-time rate ≥ 2.5 × the baseline's at ${hi} events`,
        ratios(large.cpu.rebuild, large.cpu.oldRebuild),
        (x) => x >= 2.5,
      ),
    );
  console.log(lines.join('\n'));
}
