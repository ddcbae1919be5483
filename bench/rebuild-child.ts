import 'reflect-metadata';
import { SqliteEventStore } from '../src/ledger/sqlite/sqlite-event-store';
import { MatchProjector } from '../src/projections/match-projector';
import { ReadModel } from '../src/projections/read-model';
import { featureProjections } from '../src/read-models';

// One rebuild in a process of its own (bench/rebuild.ts starts it), so its peak memory is its own:
// argv = ledger file, read model file, "full" (every feature projection, as `ledger rebuild`) or
// "views" (match views and audit index only). Prints one JSON line.
async function main(): Promise<void> {
  const [ledger, file, mode] = process.argv.slice(2);
  const store = new SqliteEventStore({ filename: ledger, readOnly: true });
  const readModel = new ReadModel(file, mode === 'full' ? featureProjections() : []);
  const projector = new MatchProjector(store, readModel);
  const total = (await store.readHeads()).heads.reduce((n, h) => n + h.revision + 1, 0);
  // Resident memory (MiB) as each quarter of the ledger is passed: flat when the rebuild streams.
  const rss: number[] = [];
  let done = 0;
  projector.onCommitted((b) => {
    done += b.events.length;
    if (done >= ((rss.length + 1) * total) / 4) rss.push(process.memoryUsage.rss() / 2 ** 20);
  });
  const t0 = process.hrtime.bigint();
  await projector.rebuild();
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  readModel.close();
  await store.close();
  const peak = process.resourceUsage().maxRSS / 1024;
  console.log(JSON.stringify({ events: done, seconds, rss, peak }));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
