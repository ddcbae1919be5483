import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { verifyLedger } from './ledger/ledger-verifier';
import type { EventStore } from './ledger/event-store';
import { MatchProjector } from './projections/match-projector';
import type { ReadModel } from './projections/read-model';
import { RegistryQueryService } from './registry/registry-queries.service';
import { ExportFileStore } from './exports/export-file-store';
import { writeExport, type ExportScope } from './exports/ndjson-export';
import { standingsCsv } from './exports/standings-csv';
import { counted } from './ledger/counted';

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

export interface ExportOptions {
  match?: string;
  competition?: string;
  all: boolean;
  standings?: string;
  out?: string;
}

// What was written: events of how many streams (NDJSON), or the rows of a standings table.
export type Exported =
  | { kind: 'events'; events: number; streams: number }
  | { kind: 'standings'; rows: number };

// `npm run ledger -- export ...` (exactly one of match, competition, all, standings): the store and
// read model are opened by the CLI.
export async function runExport(
  values: ExportOptions,
  store: EventStore,
  readModel: ReadModel,
  catchUp: () => Promise<void> = () => new MatchProjector(store, readModel).catchUp(),
): Promise<Exported> {
  const out = sink(values.out);
  if (values.standings !== undefined) {
    await catchUp();
    const rows = new RegistryQueryService(readModel).standings(values.standings);
    await out.write(standingsCsv(rows).trimEnd());
    await out.end();
    return { kind: 'standings', rows: rows.length };
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
      `exported ${counted(trailer.events, 'event')} of ${counted(trailer.heads.length, 'stream')} to ${values.out}`,
    );
  return { kind: 'events', events: trailer.events, streams: trailer.heads.length };
}

// `verify --file`: an export checked by the same verifier as the ledger, no database opened.
export async function runVerifyFile(file: string): Promise<number> {
  const store = new ExportFileStore(file);
  const v = await verifyLedger(store);
  const tails = v.headsChecked ? '' : ' (no trailer: deleted tails not checked)';
  if (v.ok) {
    console.log(
      `export ${file} verified: ${counted(v.streams, 'stream')}, ${counted(v.events, 'event')}, every chain intact${tails}`,
    );
    return 0;
  }
  console.log(
    `export ${file} is BROKEN: ${v.breaks.length} of ${counted(v.streams, 'stream')}${tails}`,
  );
  for (const b of v.breaks) console.log(`  ${b.reason} ${b.streamId}@${b.revision}: ${b.message}`);
  return 1;
}
