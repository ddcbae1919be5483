import Database from 'better-sqlite3';
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { LedgerConfig } from '../config/configuration';

export const BACKUP_USAGE = `  backup FILE [--force]
          copy the embedded SQLite ledger to FILE with SQLite's online backup (a consistent
          snapshot, safe while the server writes); refuses an existing FILE without --force
  restore FILE [--force]
          replace the embedded SQLite ledger with the backup FILE (stop the server first);
          refuses to overwrite a ledger that holds events without --force. The read model is
          rebuilt from the restored ledger when the server next starts (or: rebuild)`;

// What the operator did wrong or what the files are not: reported in one line, exit 1.
class BackupRefused extends Error {}

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
    const check = db.pragma('integrity_check', { simple: true });
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
  if (!existsSync(ledgerFile)) throw new BackupRefused(`there is no ledger at ${ledgerFile}`);
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
  if (events === null) throw new BackupRefused(`the copy at ${target} failed its integrity check`);
  return { events, bytes: statSync(target).size };
}

export async function restoreLedger(source: string, ledgerFile: string, force: boolean) {
  if (!existsSync(source)) throw new BackupRefused(`there is no backup at ${source}`);
  const events = eventsIn(source);
  if (events === null) throw new BackupRefused(`${source} is not a ledger backup`);
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

export async function runBackupCommand(
  command: 'backup' | 'restore',
  argv: string[],
  config: () => LedgerConfig,
): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { force: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  if (positionals.length !== 1) {
    console.error(`usage: npm run ledger -- ${command} FILE [--force]`);
    return 2;
  }
  const [file] = positionals;
  try {
    const ledgerFile = ledgerFileOf(config());
    if (command === 'backup') {
      const r = await backupLedger(ledgerFile, file, values.force);
      console.log(`backed up ${r.events} events of ${ledgerFile} to ${file} (${r.bytes} bytes)`);
    } else {
      const r = await restoreLedger(file, ledgerFile, values.force);
      console.log(
        `restored ${r.events} events from ${file} to ${ledgerFile}; the read model is rebuilt at the next start (or run: rebuild)`,
      );
    }
    return 0;
  } catch (err) {
    if (!(err instanceof BackupRefused)) throw err;
    console.error(`${command} refused: ${err.message}`);
    return 1;
  }
}
