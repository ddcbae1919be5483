import 'reflect-metadata';
import { PerformanceObserver } from 'node:perf_hooks';
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
  // With the seconds and CPU seconds each quarter took: a rate that falls within one rebuild
  // (a later quarter slower than the first) is work that grows with what was already projected.
  const rss: number[] = [];
  const quarters: { seconds: number; cpu: number }[] = [];
  let done = 0;
  let last = { t: process.hrtime.bigint(), cpu: process.cpuUsage() };
  projector.onCommitted((b) => {
    done += b.events.length;
    if (done < ((rss.length + 1) * total) / 4) return;
    rss.push(process.memoryUsage.rss() / 2 ** 20);
    const now = { t: process.hrtime.bigint(), cpu: process.cpuUsage() };
    const cpu = process.cpuUsage(last.cpu);
    quarters.push({ seconds: Number(now.t - last.t) / 1e9, cpu: (cpu.user + cpu.system) / 1e6 });
    last = now;
  });
  // Milliseconds spent in garbage collection pauses (retained state shows up here).
  let gc = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gc += entry.duration;
  });
  observer.observe({ entryTypes: ['gc'] });
  const t0 = (last.t = process.hrtime.bigint());
  const cpu0 = (last.cpu = process.cpuUsage());
  await projector.rebuild();
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const used = process.cpuUsage(cpu0);
  // The pauses' entries are delivered on a later turn of the event loop.
  await new Promise((resolve) => setTimeout(resolve, 20));
  observer.disconnect();
  readModel.close();
  await store.close();
  const peak = process.resourceUsage().maxRSS / 1024;
  console.log(
    JSON.stringify({
      events: done,
      seconds,
      rss,
      peak,
      quarters,
      cpu: (used.user + used.system) / 1e6,
      gc: gc / 1000,
    }),
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
