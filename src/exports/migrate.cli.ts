import { resolve } from 'node:path';
import type { LedgerConfig } from '../config/configuration';
import type { EventStore } from '../ledger/event-store';
import { connectionStringProblem } from '../ledger/kurrentdb/connection-string';
import { KurrentDbEventStore } from '../ledger/kurrentdb/kurrentdb-event-store';
import { SqliteEventStore } from '../ledger/sqlite/sqlite-event-store';
import { ledgerSize, startProgress } from '../projections/rebuild-progress';
import { ExportFileStore } from './export-file-store';
import { migrateLedger, MigrationError, type MigrationProgress } from './ledger-migration';
import { counted } from '../ledger/counted';

// The options as given: where to copy to, and from an export file instead of the ledger.
export interface MigrateOptions {
  to?: string;
  connectionString?: string;
  ledgerFile?: string;
  fromFile?: string;
}

// The options do not name a usable target (a usage mistake: nothing was opened).
export class MigrateOptionsError extends Error {}

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

// The target store, or what is wrong with the options.
function openTarget(
  values: MigrateOptions,
  config: LedgerConfig,
  deps: MigrateDeps,
): { store: EventStore; name: string } | string {
  if (values.to === 'sqlite') {
    const file = values.ledgerFile;
    if (!file) return 'migrate --to sqlite needs --ledger-file FILE';
    // From an export, the instance's own (empty) ledger is a fine target; from itself, not.
    const own =
      config.store.kind === 'sqlite' && resolve(config.store.ledgerFile) === resolve(file);
    if (own && !values.fromFile)
      return `${file} is this instance's own ledger, the source: choose another file`;
    return { store: new SqliteEventStore({ filename: file }), name: `SQLite ${file}` };
  }
  if (values.to !== 'kurrentdb') return 'migrate needs --to kurrentdb or --to sqlite';
  const url = values.connectionString ?? process.env.KURRENTDB_CONNECTION_STRING ?? '';
  const problem = connectionStringProblem(url);
  if (problem) return problem;
  const timeoutMs = config.store.kind === 'kurrentdb' ? config.store.timeoutMs : 5000;
  return { store: (deps.openTarget ?? kurrentdb)(url, timeoutMs), name: 'KurrentDB' };
}

// Copies the ledger (or an export) to the target: 0 when done and verified, 1 when the copy is
// refused (MigrationError); option mistakes throw MigrateOptionsError.
export async function runMigrate(values: MigrateOptions, deps: MigrateDeps): Promise<number> {
  const log = deps.log ?? ((l: string) => console.log(l));
  const config = deps.config();
  const opened = openTarget(values, config, deps);
  if (typeof opened === 'string') throw new MigrateOptionsError(opened);
  const file = values.fromFile;
  const source = file ? new ExportFileStore(file) : deps.openSource(config);
  const { store: target, name } = opened;
  const from = file ? `export ${file}` : config.storeDescription;
  try {
    const progress = startProgress('migrate', await ledgerSize(source), process.stderr);
    const r = await migrateLedger(source, target, (p: MigrationProgress) =>
      progress.update(p.read),
    );
    progress.stop();
    log(
      `migrated ${from} to ${name}: ${counted(r.streams, 'stream')}, ${counted(r.read, 'event')} (${r.copied} copied, ${r.skipped} already there); target verified: ${counted(r.target.streams, 'stream')}, ${counted(r.target.events, 'event')}, every chain intact`,
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
