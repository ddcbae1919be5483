import Database from 'better-sqlite3';
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import type { LedgerConfig } from '../config/configuration';
import { counted } from '../ledger/counted';

// What the operator asked that may not be done (refused), or what a file is not (file): reported
// in one line.
export class BackupRefused extends Error {
  constructor(
    message: string,
    readonly kind: 'refused' | 'file' = 'refused',
  ) {
    super(message);
  }
}

function ledgerFileOf(config: LedgerConfig): string {
  if (config.store.kind !== 'sqlite')
    throw new BackupRefused(
      'backup and restore are for the embedded SQLite ledger; back KurrentDB up with its own procedure (docs/operations.md)',
    );
  return config.store.ledgerFile;
}

// The events in a SQLite ledger file after an integrity check; null when it is no ledger.
function eventsIn(file: string): number | null {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    let check: unknown;
    try {
      check = db.pragma('integrity_check', { simple: true });
    } catch (err) {
      // Not a database at all (any file named by mistake).
      if ((err as { code?: string }).code === 'SQLITE_NOTADB') return null;
      throw err;
    }
    if (check !== 'ok') return null;
    const table = db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'events'")
      .get();
    if (!table) return null;
    return (db.prepare('SELECT COUNT(*) AS n FROM events').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

export async function backupLedger(ledgerFile: string, target: string, force: boolean) {
  if (!existsSync(ledgerFile))
    throw new BackupRefused(`there is no ledger at ${ledgerFile}`, 'file');
  if (existsSync(target) && !force)
    throw new BackupRefused(`${target} exists: choose a new file, or add --force to replace it`);
  rmSync(target, { force: true });
  const source = new Database(ledgerFile, { fileMustExist: true });
  try {
    // Page by page, restarting if another connection writes meanwhile: the copy is one snapshot.
    await source.backup(target);
  } finally {
    source.close();
  }
  const events = eventsIn(target);
  if (events === null)
    throw new BackupRefused(`the copy at ${target} failed its integrity check`, 'file');
  return { events, bytes: statSync(target).size };
}

export async function restoreLedger(source: string, ledgerFile: string, force: boolean) {
  if (!existsSync(source)) throw new BackupRefused(`there is no backup at ${source}`, 'file');
  const events = eventsIn(source);
  if (events === null) throw new BackupRefused(`${source} is not a ledger backup`, 'file');
  const existing = existsSync(ledgerFile) ? eventsIn(ledgerFile) : 0;
  if (existing !== 0 && !force)
    throw new BackupRefused(
      `the ledger at ${ledgerFile} is not empty (${existing ?? 'unreadable'} events): add --force to replace it`,
    );
  // Copied beside the ledger, then renamed over it: a crash leaves the old or the new file whole.
  const staging = `${ledgerFile}.restoring`;
  rmSync(staging, { force: true });
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    await db.backup(staging);
  } finally {
    db.close();
  }
  // The old ledger's write-ahead log must not be replayed into the restored file.
  for (const suffix of ['-wal', '-shm']) rmSync(`${ledgerFile}${suffix}`, { force: true });
  renameSync(staging, ledgerFile);
  return { events };
}

// `backup FILE` or `restore FILE`; a refusal is thrown as BackupRefused.
export async function runBackupCommand(
  command: 'backup' | 'restore',
  file: string,
  force: boolean,
  config: LedgerConfig,
): Promise<void> {
  const ledgerFile = ledgerFileOf(config);
  if (command === 'backup') {
    const r = await backupLedger(ledgerFile, file, force);
    console.log(
      `backed up ${counted(r.events, 'event')} of ${ledgerFile} to ${file} (${r.bytes} bytes)`,
    );
  } else {
    const r = await restoreLedger(file, ledgerFile, force);
    console.log(
      `restored ${counted(r.events, 'event')} from ${file} to ${ledgerFile}; the read model is rebuilt at the next start (or run: rebuild)`,
    );
  }
}
