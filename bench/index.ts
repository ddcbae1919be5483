import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '../src/ledger/sqlite/sqlite-event-store';
import { benchAttack } from './attack';
import { benchBoard } from './board';
import { benchClassic } from './classic';
import { benchCodec } from './codec';
import { benchConsole } from './console';
import { benchImport } from './import';
import { benchPeerAppend } from './peer-append';
import { benchRatings } from './ratings';
import { benchRebuild } from './rebuild';
import { statsSeason } from './stats-season';

// npm run bench: every figure is printed beside a baseline measured in the same run, as a ratio.
// BENCH_ONLY=rebuild,peer (a comma list of replay, rebuild, peer, ratings, stats, attack, console,
// …: each section's name is the one its `wanted` call below checks) runs a subset.

const ONLY = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const wanted = (section: string) => !ONLY || ONLY.includes(section);

async function main(): Promise<void> {
  if (wanted('replay')) await benchClassic();
  const dir = mkdtempSync(join(tmpdir(), 'cue-ledger-bench-'));
  try {
    if (wanted('rebuild') || wanted('peer')) {
      if (wanted('rebuild')) await benchRebuild(dir);
      if (wanted('peer')) await benchPeerAppend(dir, await sampleEvents(dir));
    }
    if (wanted('codec')) {
      await sampleEvents(dir);
      await benchCodec(join(dir, 'templates.sqlite'));
    }
    if (wanted('import')) await benchImport(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (wanted('ratings')) benchRatings();
  if (wanted('stats')) await statsSeason();
  if (wanted('attack')) await benchAttack();
  if (wanted('console')) await benchConsole();
  if (wanted('board')) await benchBoard();
}

// The events the append bench writes: those of the rebuild's template ledger (recorded through the
// write path), or of a few matches recorded now when that section did not run.
async function sampleEvents(dir: string) {
  const file = join(dir, 'templates.sqlite');
  const store = new SqliteEventStore({ filename: file, synchronous: 'NORMAL' });
  let events = await store.readAll({ maxCount: 2000 });
  await store.close();
  if (events.length === 0) {
    const { recordTemplates } = await import('./workload');
    await recordTemplates(file, 6);
    const again = new SqliteEventStore({ filename: file, readOnly: true });
    events = await again.readAll({ maxCount: 2000 });
    await again.close();
  }
  return events.map(({ type, data, metadata }) => ({ type, data, metadata }));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
