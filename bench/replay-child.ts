import { evolve, type MatchState } from '../src/domain';
import { applyStored } from '../src/ledger/envelope';
import { SqliteEventStore } from '../src/ledger/sqlite/sqlite-event-store';

// A replay of the whole ledger (the store's pages, each event converted and folded), in a process
// of its own: bench/rebuild.ts runs it in this tree and in the baseline's (a copy of this file), on
// the same ledger. The pages are read for a fold (metadata 'fold', as the product's folds read
// them when they need no more of the metadata); the baseline's store ignores the option and reads
// everything. argv = ledger file. Prints one JSON line.

const PAGE = 5000;

async function main(): Promise<void> {
  const store = new SqliteEventStore({ filename: process.argv[2], readOnly: true });
  const states = new Map<string, MatchState | null>();
  const t0 = process.hrtime.bigint();
  const cpu0 = process.cpuUsage();
  let events = 0;
  for (let after: bigint | undefined; ; ) {
    const page = await store.readAll({ after, maxCount: PAGE, metadata: 'fold' });
    for (const e of page) {
      if (!e.streamId.startsWith('match-')) continue;
      states.set(e.streamId, applyStored(states.get(e.streamId) ?? null, e, evolve).state);
      events++;
    }
    if (page.length < PAGE) break;
    after = page[page.length - 1].position;
  }
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const used = process.cpuUsage(cpu0);
  await store.close();
  // CPU seconds too: on a shared machine the wall clock also counts other processes' turns.
  console.log(JSON.stringify({ events, seconds, cpu: (used.user + used.system) / 1e6 }));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
