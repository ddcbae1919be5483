import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { verifyLedger } from '../audit/ledger-verifier';
import type { EventStore } from '../ledger/event-store';
import { MatchProjector } from '../projections/match-projector';
import type { ReadModel } from '../projections/read-model';
import { RegistryQueryService } from '../registry/registry-queries.service';
import { ExportFileStore } from './export-file-store';
import { writeExport, type ExportScope } from './ndjson-export';
import { standingsCsv } from './standings-csv';

export const EXPORT_USAGE = `  export  --match <id> | --competition <id> | --all   NDJSON events with their hashes
          --standings <competitionId>                CSV table of a competition
          --out <file>   write there instead of to standard output
  verify --file <export.ndjson>
          check an export's hash chains without the database (the ledger's own verifier)`;

type Sink = { write: (line: string) => Promise<void>; end: () => Promise<void> };

function sink(file: string | undefined): Sink {
  const out = file ? createWriteStream(file) : process.stdout;
  return {
    write: async (line) => {
      if (!out.write(`${line}\n`)) await once(out, 'drain');
    },
    end: async () => {
      if (file) {
        out.end();
        await once(out, 'finish');
      }
    },
  };
}

// `npm run ledger -- export ...`: the store and read model are opened by the CLI.
export async function runExport(
  args: string[],
  store: EventStore,
  readModel: ReadModel,
): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      match: { type: 'string' },
      competition: { type: 'string' },
      all: { type: 'boolean', default: false },
      standings: { type: 'string' },
      out: { type: 'string' },
    },
    strict: true,
  });
  const chosen = [values.match, values.competition, values.all || undefined, values.standings];
  if (chosen.filter((v) => v !== undefined).length !== 1) {
    console.error(`Choose one of --match, --competition, --all, --standings\n${EXPORT_USAGE}`);
    return 2;
  }
  const out = sink(values.out);
  if (values.standings !== undefined) {
    await new MatchProjector(store, readModel).catchUp();
    const rows = new RegistryQueryService(readModel).standings(values.standings);
    await out.write(standingsCsv(rows).trimEnd());
    await out.end();
    return 0;
  }
  const scope: ExportScope = values.match
    ? { kind: 'match', matchId: values.match }
    : values.competition
      ? { kind: 'competition', competitionId: values.competition }
      : { kind: 'all' };
  const trailer = await writeExport(store, scope, out.write);
  await out.end();
  if (values.out)
    console.error(
      `exported ${trailer.events} events of ${trailer.heads.length} streams to ${values.out}`,
    );
  return trailer.events === 0 ? 1 : 0;
}

// `verify --file`: an export checked by the same verifier as the ledger, no database opened.
export async function runVerifyFile(file: string): Promise<number> {
  const store = new ExportFileStore(file);
  const v = await verifyLedger(store);
  const tails = v.headsChecked ? '' : ' (no trailer: deleted tails not checked)';
  if (v.ok) {
    console.log(
      `export ${file} verified: ${v.streams} streams, ${v.events} events, every chain intact${tails}`,
    );
    return 0;
  }
  console.log(`export ${file} is BROKEN: ${v.breaks.length} of ${v.streams} streams${tails}`);
  for (const b of v.breaks) console.log(`  ${b.reason} ${b.streamId}@${b.revision}: ${b.message}`);
  return 1;
}
