import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

const DAY_MS = 86_400_000;

type Entry = [eventId: string, recordedBy: string, origin: string, recordedAt: string];

// The client address and user agent of each write, kept outside the hash-chained ledger so they
// can be erased: after the retention period, or on request, without touching any event.
// The writes of one turn of the event loop are committed together (a burst of concurrent writes
// costs one commit, not one each); every read, purge and erasure commits what is pending first.
export class OriginLog {
  private readonly db: Database.Database;
  private readonly timer: NodeJS.Timeout;
  private pending: Entry[] = [];
  private flushing: NodeJS.Immediate | null = null;
  private readonly insertAll: (entries: Entry[]) => void;

  constructor(
    file: string,
    private readonly retentionDays: number,
    private readonly now: () => number = Date.now,
    // Replicas sharing the file purge one at a time: only the holder of the background lease.
    private readonly mayPurge: () => boolean = () => true,
  ) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    // Replicas may share the file (one host's volume): wait for another's write instead of failing.
    this.db.pragma('busy_timeout = 5000');
    // Not fsynced on every write: this log is erasable by design, and losing its last entries on
    // a power cut loses no record of the ledger.
    this.db.pragma('synchronous = NORMAL');
    this.db.exec(`CREATE TABLE IF NOT EXISTS origins (
      event_id    TEXT PRIMARY KEY,
      recorded_by TEXT NOT NULL,
      origin      TEXT NOT NULL,
      recorded_at TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS origins_by_time ON origins (recorded_at);
    CREATE INDEX IF NOT EXISTS origins_by_actor ON origins (recorded_by);`);
    const put = this.db.prepare<Entry>(
      'INSERT OR IGNORE INTO origins (event_id, recorded_by, origin, recorded_at) VALUES (?, ?, ?, ?)',
    );
    this.insertAll = this.db.transaction((entries: Entry[]) => {
      for (const e of entries) put.run(...e);
    });
    this.purge();
    this.timer = setInterval(() => {
      if (this.mayPurge()) this.purge();
    }, 3_600_000);
    this.timer.unref();
  }

  record(
    eventIds: readonly string[],
    recordedBy: string,
    origin: string,
    recordedAt: string,
  ): void {
    for (const id of eventIds) this.pending.push([id, recordedBy, origin, recordedAt]);
    this.flushing ??= setImmediate(() => this.flush());
  }

  // Commits what was recorded since the last commit.
  flush(): void {
    if (this.flushing) clearImmediate(this.flushing);
    this.flushing = null;
    if (this.pending.length === 0 || !this.db.open) return;
    const entries = this.pending;
    this.pending = [];
    this.insertAll(entries);
  }

  originOf(eventId: string): string | null {
    this.flush();
    const row = this.db.prepare('SELECT origin FROM origins WHERE event_id = ?').get(eventId) as
      | { origin: string }
      | undefined;
    return row?.origin ?? null;
  }

  // Erases every origin older than the retention period; returns how many.
  purge(): number {
    this.flush();
    const cutoff = new Date(this.now() - this.retentionDays * DAY_MS).toISOString();
    return this.db.prepare('DELETE FROM origins WHERE recorded_at < ?').run(cutoff).changes;
  }

  // An erasure request: every origin of one person's writes.
  eraseFor(recordedBy: string): number {
    this.flush();
    return this.db.prepare('DELETE FROM origins WHERE recorded_by = ?').run(recordedBy).changes;
  }

  close(): void {
    clearInterval(this.timer);
    this.flush();
    if (this.db.open) this.db.close();
  }
}
