import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';

// Exclusive ownership of a ledger file: the server holds it while it runs, and every CLI command
// that writes the ledger (or the instance's read model) takes it for its run, so a restore, a
// migration or a rebuild never runs under a live server, nor two of them at once.
//
// The guarantee is SQLite's own write lock on a sidecar database (`<ledger>.lock`): an OS-level
// file lock, released by the kernel when its process ends however it ends (SIGKILL included), so
// a lock is never stale. The sidecar also says who holds it (pid, host, command, since), for
// the refusal's message; its WAL mode lets a refused process read that while the lock is held.

export interface LockHolder {
  pid: number;
  host: string;
  command: string;
  since: string;
}

export class LedgerInUseError extends Error {
  constructor(
    readonly file: string,
    readonly holder: LockHolder | null,
  ) {
    const who = holder
      ? `${holder.command} (pid ${holder.pid} on ${holder.host}, since ${holder.since})`
      : 'another process';
    super(`the ledger ${file} is in use by ${who}: stop it first`);
  }
}

const lockFileOf = (file: string) => `${file}.lock`;

// What an instance owns: its SQLite ledger file; on KurrentDB, whose cluster is shared by every
// replica, its own read model file.
export function instanceFile(config: {
  store: { kind: 'sqlite'; ledgerFile: string } | { kind: string };
  readModelFile: string;
}): string {
  return 'ledgerFile' in config.store ? config.store.ledgerFile : config.readModelFile;
}

function isBusy(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
}

function holderIn(db: Database.Database): LockHolder | null {
  try {
    const row = db.prepare('SELECT pid, host, command, since FROM holder WHERE id = 1').get();
    return (row as LockHolder | undefined) ?? null;
  } catch {
    return null;
  }
}

const HELD = new Set<LedgerLock>();

export class LedgerLock {
  private constructor(
    readonly file: string,
    private readonly db: Database.Database,
  ) {}

  // Takes the lock of `file` for this process, or throws LedgerInUseError naming its holder.
  static acquire(file: string, command: string): LedgerLock {
    mkdirSync(dirname(file), { recursive: true });
    const db = new Database(lockFileOf(file), { timeout: 0 });
    try {
      db.pragma('journal_mode = WAL');
      db.exec(
        'CREATE TABLE IF NOT EXISTS holder (id INTEGER PRIMARY KEY, pid INTEGER, host TEXT, command TEXT, since TEXT)',
      );
      const me: LockHolder = {
        pid: process.pid,
        host: hostname(),
        command,
        since: new Date().toISOString(),
      };
      // Who holds it is committed first, then the write lock is taken again and kept. Another
      // process may slip in between: whoever then holds the lock checks the row is its own.
      for (let attempt = 0; attempt < 5; attempt++) {
        db.exec('BEGIN IMMEDIATE');
        db.prepare(
          'INSERT OR REPLACE INTO holder (id, pid, host, command, since) VALUES (1, @pid, @host, @command, @since)',
        ).run(me);
        db.exec('COMMIT');
        db.exec('BEGIN IMMEDIATE');
        const now = holderIn(db);
        if (now?.pid === me.pid && now.since === me.since) {
          const lock = new LedgerLock(file, db);
          // Held by reference: a collected connection would close and drop the lock.
          HELD.add(lock);
          return lock;
        }
        db.exec('ROLLBACK');
      }
      throw new LedgerInUseError(file, holderIn(db));
    } catch (err) {
      const holder = isBusy(err) ? holderIn(db) : null;
      db.close();
      if (isBusy(err)) throw new LedgerInUseError(file, holder);
      throw err;
    }
  }

  release(): void {
    HELD.delete(this);
    if (!this.db.open) return;
    try {
      this.db.exec('ROLLBACK');
    } finally {
      this.db.close();
    }
  }
}
