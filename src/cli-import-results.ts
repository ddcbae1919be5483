import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { SingleBar } from 'cli-progress';
import { systemClock } from './ledger/clock';
import type { EventStore } from './ledger/event-store';
import { MatchProjector } from './projections/match-projector';
import type { ReadModel } from './projections/read-model';
import { RegistryCommandService } from './registry/registry-commands.service';
import { ImportError } from './imports/import-errors';
import { ResultsImporter, type ImportReport } from './imports/results-import';

// A bar on a terminal; elsewhere a line now and then (long files only).
function progress(out: NodeJS.WriteStream): {
  update(done: number, total: number): void;
  stop(): void;
} {
  let bar: SingleBar | null = null;
  let last = 0;
  return {
    update(done, total) {
      if (total < 200) return;
      if (out.isTTY) {
        if (!bar) {
          bar = new SingleBar({
            stream: out,
            format: 'importing {bar} {value}/{total} matches | ETA {eta_formatted}',
          });
          bar.start(total, 0);
        }
        bar.update(done);
      } else if (done === total || Date.now() - last > 2000) {
        last = Date.now();
        out.write(`importing: ${done}/${total} matches\n`);
      }
    },
    stop: () => bar?.stop(),
  };
}

export function describeReport(r: ImportReport): string {
  const verb = r.dryRun ? 'would import' : 'imported';
  return `${verb} ${r.imported} ${r.imported === 1 ? 'match' : 'matches'} (${r.events} events) from ${r.rows} rows; ${r.alreadyImported} already imported; ${r.playersRegistered.length} players ${r.dryRun ? 'to register' : 'registered'}; file sha256 ${r.fileSha256}`;
}

// `npm run ledger -- import-results FILE.csv ...`
export interface ImportResultsOptions {
  file: string;
  dryRun: boolean;
  registerPlayers: boolean;
  by: string;
}

export async function importResultsCommand(
  values: ImportResultsOptions,
  store: EventStore,
  views: ReadModel,
): Promise<number> {
  const text = readFileSync(values.file, 'utf8');
  const projector = new MatchProjector(store, views);
  const importer = new ResultsImporter(
    store,
    projector,
    new RegistryCommandService(store, projector, systemClock),
    systemClock,
  );
  const bar = progress(process.stderr);
  try {
    const report = await importer.run(text, {
      dryRun: values.dryRun,
      registerPlayers: values.registerPlayers,
      actor: values.by,
      role: 'RECORD_KEEPER',
      correlationId: randomUUID(),
      onProgress: (d, t) => bar.update(d, t),
    });
    bar.stop();
    console.log(describeReport(report));
    return 0;
  } catch (err) {
    bar.stop();
    if (!(err instanceof ImportError)) throw err;
    console.error(`${values.file} refused, nothing imported (${err.code}):`);
    for (const r of err.rows) console.error(`  line ${r.line}: ${r.reason}`);
    return 1;
  }
}
