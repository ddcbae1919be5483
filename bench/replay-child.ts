import { evolve, type MatchState } from '../src/domain';
import { applyStored } from '../src/ledger/envelope';
import type { StoredEvent } from '../src/ledger/event-store';
import { SqliteEventStore } from '../src/ledger/sqlite/sqlite-event-store';

// A replay of the whole ledger (every event read, converted and folded), in a process of its own:
// bench/rebuild.ts runs it in this tree and in the baseline's (a copy of this file), on the same
// ledger. Each tree replays the way its product does: through the store's fold scan where the
// store has one (`scanAllForFold`, as ../src/ledger/fold-scan.ts uses it), else readAll's pages
// read for a fold (a store without the option reads everything). argv = ledger file. Prints one
// JSON line.

const PAGE = 5000;

async function main(): Promise<void> {
  const store = new SqliteEventStore({ filename: process.argv[2], readOnly: true });
  const states = new Map<string, MatchState | null>();
  const t0 = process.hrtime.bigint();
  const cpu0 = process.cpuUsage();
  let events = 0;
  const fold = (e: StoredEvent) => {
    if (!e.streamId.startsWith('match-')) return;
    states.set(e.streamId, applyStored(states.get(e.streamId) ?? null, e, evolve).state);
    events++;
  };
  // Looked up by name: the baseline's store type has no such method.
  const scan = (store as { scanAllForFold?: (v: typeof fold) => Promise<unknown> }).scanAllForFold;
  if (scan) await scan.call(store, fold);
  else
    for (let after: bigint | undefined; ; ) {
      const page = await store.readAll({ after, maxCount: PAGE, metadata: 'fold' });
      for (const e of page) fold(e);
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
