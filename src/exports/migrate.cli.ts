import { parseArgs } from 'node:util';
import type { LedgerConfig } from '../config/configuration';
import type { EventStore } from '../ledger/event-store';
import { connectionStringProblem } from '../ledger/kurrentdb/connection-string';
import { KurrentDbEventStore } from '../ledger/kurrentdb/kurrentdb-event-store';
import { ledgerSize, startProgress } from '../projections/rebuild-progress';
import { ExportFileStore } from './export-file-store';
import { migrateLedger, MigrationError, type MigrationProgress } from './ledger-migration';

export const MIGRATE_USAGE = `  migrate --to kurrentdb [--connection-string URL] [--from-file <export.ndjson>]
          copy this instance's SQLite ledger (or an NDJSON export) into KurrentDB as it is:
          same streams, revisions, event ids and hash chains (never re-sealed). The source is
          verified first, the target after (streams and events counted on both sides). Safe to
          re-run after an interruption: events already there are checked identical and skipped.
          The URL defaults to KURRENTDB_CONNECTION_STRING`;

export interface MigrateDeps {
  config: () => LedgerConfig;
  // The configured ledger, opened read-only.
  openSource: (config: LedgerConfig) => EventStore;
  // The KurrentDB store for a connection string (a fake client in tests).
  openTarget?: (connectionString: string, timeoutMs: number) => EventStore;
  log?: (line: string) => void;
}

const kurrentdb = (connectionString: string, timeoutMs: number): EventStore =>
  KurrentDbEventStore.fromConnectionString({ connectionString, timeoutMs });

export async function runMigrate(args: string[], deps: MigrateDeps): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      to: { type: 'string' },
      'connection-string': { type: 'string' },
      'from-file': { type: 'string' },
    },
    strict: true,
  });
  const log = deps.log ?? ((l: string) => console.log(l));
  if (values.to !== 'kurrentdb') {
    console.error(`migrate needs --to kurrentdb\n${MIGRATE_USAGE}`);
    return 2;
  }
  const config = deps.config();
  const url = values['connection-string'] ?? process.env.KURRENTDB_CONNECTION_STRING ?? '';
  const problem = connectionStringProblem(url);
  if (problem) {
    console.error(problem);
    return 2;
  }
  const timeoutMs = config.store.kind === 'kurrentdb' ? config.store.timeoutMs : 5000;
  const file = values['from-file'];
  const source = file ? new ExportFileStore(file) : deps.openSource(config);
  const target = (deps.openTarget ?? kurrentdb)(url, timeoutMs);
  const from = file ? `export ${file}` : config.storeDescription;
  try {
    const progress = startProgress('migrate', await ledgerSize(source), process.stderr);
    const r = await migrateLedger(source, target, (p: MigrationProgress) =>
      progress.update(p.read),
    );
    progress.stop();
    log(
      `migrated ${from} to KurrentDB: ${r.streams} streams, ${r.read} events (${r.copied} copied, ${r.skipped} already there); target verified: ${r.target.streams} streams, ${r.target.events} events, every chain intact`,
    );
    return 0;
  } catch (err) {
    if (!(err instanceof MigrationError)) throw err;
    log(`migration refused (${err.code}): ${err.message}`);
    return 1;
  } finally {
    await target.close();
    await source.close();
  }
}
