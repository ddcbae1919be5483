import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { MATCH_STATE_VERSION, type MatchState } from '../domain';
import { sortKey, type AuditFilter } from './audit-filter';
import { AuditIndex, type AuditIndexRow } from './audit-index';
import type { EventStore } from '../ledger/event-store';
import {
  installProjections,
  type ProjectedEvent,
  type Projection,
  type ProjectionBatch,
} from './projection';

// What the projector indexes for one event: where it belongs and the revisions of its stream it
// supersedes (a correction or an appeal decision), marked on their rows in the same commit.
export type AuditEntry = ProjectedEvent;
export type { AuditFilter, AuditIndexRow };

// Positions can exceed SQLite's signed 64-bit INTEGER (KurrentDB's commit and prepare packed in
// one bigint), so they are stored as text: decimal for the checkpoint, zero-padded for ordering.
// 3: the audit index (audit_events); 4: its revision and superseded_by columns; 5: the index
// without the events' JSON (read from the ledger), keyed by commit order.
const SCHEMA_VERSION = 5;
// A bulk load (a rebuild) commits its batches a group of this many events at a time (one commit
// per batch cost a tenth of the rebuild): each batch still stands with its checkpoint (in a
// savepoint), and a process stopped mid-group loses only the group, replayed at the next start.
const BULK_GROUP = 5000;

// The query side's own database: derived, disposable, rebuilt from the ledger at will.
// Each batch of projected events and the checkpoint that covers it commit in one transaction.
export class ReadModel {
  // True when this file held views of an older state shape, now emptied for a rebuild.
  readonly stateShapeChanged: boolean;
  // True when a feature projection is new or of another version: everything was emptied too.
  readonly projectionsChanged: boolean;
  private readonly db: Database.Database;
  private readonly getCheckpoint: Database.Statement<[string], { position: string }>;
  private readonly putCheckpoint: Database.Statement<[string, string]>;
  private readonly getMatch: Database.Statement<[string], { state: string }>;
  private readonly getRevision: Database.Statement<[string], { revision: number }>;
  private readonly putMatch: Database.Statement<[string, string, number, string, string]>;
  private readonly countMatches: Database.Statement<[], { n: number }>;
  // Keyset pages: `before` is the sort key the page starts after ('~' sorts after every key).
  private readonly pageMatches: Database.Statement<
    [string, number],
    { state: string; last_position: string }
  >;
  private readonly auditIndex: AuditIndex;
  // During a bulk load: the events applied in its open transaction (opened by the first batch).
  private bulk: { events: number; open: boolean } | null = null;

  constructor(
    filename: string,
    private readonly projections: readonly Projection[] = [],
  ) {
    if (filename !== ':memory:') mkdirSync(dirname(filename), { recursive: true });
    this.db = new Database(filename);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    // An older layout is dropped: the projector then rebuilds it from the ledger.
    const olderLayout = this.db.pragma('user_version', { simple: true }) !== SCHEMA_VERSION;
    if (olderLayout) {
      this.db.exec(
        `DROP TABLE IF EXISTS checkpoints; DROP TABLE IF EXISTS match_views; DROP TABLE IF EXISTS audit_events; DROP TABLE IF EXISTS audit_marks;`,
      );
      this.db.pragma(`user_version = ${SCHEMA_VERSION}`);
    }
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS checkpoints (projection TEXT PRIMARY KEY, position TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS match_views (
        match_id TEXT PRIMARY KEY,
        state    TEXT NOT NULL,
        revision INTEGER NOT NULL,
        status   TEXT NOT NULL,
        last_position TEXT NOT NULL
      );
      -- The match list's keyset pages, read in order instead of sorting every view.
      CREATE INDEX IF NOT EXISTS match_views_by_position ON match_views (last_position);`);
    this.auditIndex = new AuditIndex(this.db);
    const built = this.db.prepare('SELECT 1 FROM checkpoints LIMIT 1').get() !== undefined;
    const projectionsChanged = installProjections(this.db, projections);
    this.stateShapeChanged = this.adoptStateVersion();
    this.projectionsChanged = projectionsChanged && built && !this.stateShapeChanged;
    // The feature projections' rows go too: they are replayed from zero with the rest.
    if (this.projectionsChanged || olderLayout) this.clearAll();
    this.getCheckpoint = this.db.prepare('SELECT position FROM checkpoints WHERE projection = ?');
    this.putCheckpoint = this.db.prepare(
      'INSERT INTO checkpoints (projection, position) VALUES (?, ?) ON CONFLICT(projection) DO UPDATE SET position = excluded.position',
    );
    this.getMatch = this.db.prepare('SELECT state FROM match_views WHERE match_id = ?');
    this.getRevision = this.db.prepare('SELECT revision FROM match_views WHERE match_id = ?');
    this.putMatch = this.db.prepare(
      `INSERT INTO match_views (match_id, state, revision, status, last_position) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT(match_id) DO UPDATE SET state = excluded.state, revision = excluded.revision,
       status = excluded.status, last_position = excluded.last_position`,
    );
    this.countMatches = this.db.prepare('SELECT COUNT(*) AS n FROM match_views');
    this.pageMatches = this.db.prepare(
      'SELECT state, last_position FROM match_views WHERE last_position < ? ORDER BY last_position DESC LIMIT ?',
    );
  }

  // Views hold MatchState as JSON and are fed back into evolve: views of another state shape are
  // emptied (with their checkpoints), so the projector rebuilds them instead of code defending
  // against old shapes.
  private adoptStateVersion(): boolean {
    const key = 'match_state_version';
    const row = this.db
      .prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?')
      .get(key);
    if (row?.value === String(MATCH_STATE_VERSION)) return false;
    // A file from before the version was recorded counts as another shape if it holds anything.
    const built = this.db.prepare('SELECT 1 FROM checkpoints LIMIT 1').get() !== undefined;
    this.db.transaction(() => {
      this.clearAll();
      this.db
        .prepare(
          'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
        )
        .run(key, String(MATCH_STATE_VERSION));
    })();
    return row !== undefined || built;
  }

  // Which ledger the views were built from: its first event (id and position), or null while it
  // was empty or before this was recorded.
  ledgerIdentity(): string | null {
    const row = this.db
      .prepare<[], { value: string }>("SELECT value FROM meta WHERE key = 'ledger_identity'")
      .get();
    return row?.value ?? null;
  }

  setLedgerIdentity(identity: string | null): void {
    if (identity === null) this.db.prepare("DELETE FROM meta WHERE key = 'ledger_identity'").run();
    else
      this.db
        .prepare(
          "INSERT INTO meta (key, value) VALUES ('ledger_identity', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
        )
        .run(identity);
  }

  checkpoint(projection: string): bigint | undefined {
    const row = this.getCheckpoint.get(projection);
    return row ? BigInt(row.position) : undefined;
  }

  match(matchId: string): MatchState | null {
    const row = this.getMatch.get(matchId);
    return row ? (JSON.parse(row.state) as MatchState) : null;
  }

  // The view's version (events folded into it), without reading its state; null when none.
  matchVersion(matchId: string): number | null {
    const row = this.getRevision.get(matchId);
    return row ? row.revision + 1 : null;
  }

  matchCount(): number {
    return this.countMatches.get()!.n;
  }

  // Most recently active first, after the match whose sort key is `before` (keyset, so a page
  // never repeats or skips a match that did not move). Each row carries its own key.
  matchPage(before: string | undefined, limit: number): { key: string; state: MatchState }[] {
    const rows = this.pageMatches.all(before ?? '~', limit);
    return rows.map((r) => ({ key: r.last_position, state: JSON.parse(r.state) as MatchState }));
  }

  // How many events the audit filter matches (the same indexed columns as audit()).
  auditCount(filter: AuditFilter): number {
    return this.auditIndex.count(filter);
  }

  // The database the feature projections write to, for their own queries (read-only use).
  get database(): Database.Database {
    return this.db;
  }

  // Lets the feature projections read what the batch's commit will need from the ledger.
  async prepare(batch: ProjectionBatch, ledger: EventStore): Promise<void> {
    for (const p of this.projections) await p.prepare?.(batch, this.db, ledger);
  }

  // Stores changed matches, their audit rows, every feature projection's rows and the new
  // checkpoints atomically.
  commit(
    projection: string,
    position: bigint,
    changed: Iterable<{ state: MatchState; position: bigint }>,
    audit: readonly AuditEntry[] = [],
  ): void {
    if (this.bulk && !this.bulk.open) {
      this.db.exec('BEGIN');
      this.bulk.open = true;
    }
    this.db.transaction(() => {
      const matches = new Map<string, MatchState>();
      for (const { state: m, position: p } of changed) {
        matches.set(m.id, m);
        this.putMatch.run(m.id, JSON.stringify(m), m.version - 1, m.status, sortKey(p));
      }
      this.auditIndex.add(audit);
      this.putCheckpoint.run(projection, position.toString());
      const batch = { events: audit, matches, position };
      for (const p of this.projections) {
        p.apply(batch, this.db);
        this.putCheckpoint.run(p.name, position.toString());
      }
    })();
    if (this.bulk && (this.bulk.events += audit.length) >= BULK_GROUP) this.commitBulkGroup();
  }

  // The audit index, in commit order after the cursor. Every filter is an indexed column; a
  // time window alone walks audit_by_time. Reads `limit` rows at most; the events themselves are
  // read from the ledger (withEvents in audit-events.ts).
  audit(filter: AuditFilter, after: bigint | undefined, limit: number): AuditIndexRow[] {
    return this.auditIndex.page(filter, after, limit);
  }

  // Empties every view (the feature projections' too) so the projector replays from zero.
  reset(): void {
    this.db.transaction(() => this.clearAll())();
  }

  // A replay into empty views: the audit index's secondary indexes are built once at the end
  // (endBulkLoad, or the next open if the process stops first), not row by row.
  beginBulkLoad(): void {
    this.auditIndex.beginBulkLoad();
    for (const p of this.projections) p.beginBulkLoad?.(this.db);
    this.bulk = { events: 0, open: false };
  }

  // Ends the load even when its last group fails to commit: later commits are then the live
  // ones' own transactions again, never savepoints of an open group.
  endBulkLoad(): void {
    try {
      this.commitBulkGroup();
    } finally {
      this.bulk = null;
      this.finishBulkLoad();
    }
  }

  // Every step runs even when one before it fails: a projection left in its load (the stats
  // totals' triggers dropped) would stop keeping its rows until the next open.
  private finishBulkLoad(): void {
    const steps = [
      () => this.auditIndex.endBulkLoad(),
      ...this.projections.map((p) => () => p.endBulkLoad?.(this.db)),
    ];
    let failure: unknown = null;
    for (const step of steps)
      try {
        step();
      } catch (err) {
        failure ??= err;
      }
    if (failure !== null) throw failure;
  }

  // (SQLite may have rolled a failed transaction back itself: then there is nothing to commit.)
  // A COMMIT that fails leaves the group open: it is rolled back, its batches to be replayed from
  // the checkpoint before it, as after a stop.
  private commitBulkGroup(): void {
    if (!this.bulk?.open) return;
    this.bulk = { events: 0, open: false };
    if (!this.db.inTransaction) return;
    try {
      this.db.exec('COMMIT');
    } catch (err) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      throw err;
    }
  }

  private clearAll(): void {
    this.db.exec(
      'DELETE FROM audit_events; DELETE FROM audit_marks; DELETE FROM match_views; DELETE FROM checkpoints;',
    );
    for (const p of this.projections) p.clear(this.db);
  }

  // A bulk load's batches applied so far are kept (each with its checkpoint).
  close(): void {
    if (!this.db.open) return;
    this.commitBulkGroup();
    this.db.close();
  }
}
