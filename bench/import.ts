import { join } from 'node:path';
import { ResultsImporter } from '../src/imports/results-import';
import { systemClock } from '../src/ledger/clock';
import { SqliteEventStore } from '../src/ledger/sqlite/sqlite-event-store';
import { MatchProjector } from '../src/projections/match-projector';
import { ReadModel } from '../src/projections/read-model';
import { featureProjections } from '../src/read-models';
import { RegistryCommandService } from '../src/registry/registry-commands.service';
import { pastResultsCsv } from '../test/support/past-results';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);

// `ledger import-results` on a file-backed ledger with every read model: rows imported per second,
// beside the check alone (a dry run: parse, registry look-ups, every match decided) as baseline,
// and the same file again (every row found already imported).
export async function benchImport(dir: string): Promise<void> {
  const store = new SqliteEventStore({ filename: join(dir, 'import.sqlite') });
  const views = new ReadModel(join(dir, 'import-views.sqlite'), featureProjections());
  const projector = new MatchProjector(store, views);
  const importer = new ResultsImporter(
    store,
    projector,
    new RegistryCommandService(store, projector, systemClock),
    systemClock,
  );
  const csv = pastResultsCsv(ROWS);
  const o = {
    registerPlayers: true,
    actor: 'bench',
    role: 'RECORD_KEEPER' as const,
    correlationId: 'bench',
  };
  const timed = async (dryRun: boolean) => {
    const t0 = process.hrtime.bigint();
    const r = await importer.run(csv, { ...o, dryRun });
    return { r, s: Number(process.hrtime.bigint() - t0) / 1e9 };
  };
  const dry = await timed(true);
  const wet = await timed(false);
  const again = await timed(false);
  const rate = (s: number) => Math.round(ROWS / s);
  console.log(
    `\nimport-results: ${ROWS} rows, ${wet.r.events} events appended, read models caught up`,
  );
  console.log(`  check only (dry run)     ${rate(dry.s)} rows/s  (baseline)`);
  console.log(
    `  import                   ${rate(wet.s)} rows/s  ×${(dry.s / wet.s).toFixed(2)} of baseline`,
  );
  console.log(`  same file again          ${rate(again.s)} rows/s  (${again.r.imported} appended)`);
  views.close();
  await store.close();
}
