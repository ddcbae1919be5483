import type Database from 'better-sqlite3';
import { MATCH_STREAM_PREFIX } from '../ledger/envelope';
import { auditWhere, positionKey, type AuditFilter } from './audit-filter';
import type { ProjectedEvent } from './projection';

// One row of the audit index: what it is filtered by and where its event lies in the ledger. The
// event itself is read from the ledger (audit-events.ts), never copied here.
export interface AuditIndexRow {
  streamId: string;
  revision: number;
  position: bigint;
  type: string;
  matchId: string | null;
  gameNumber: number | null;
  // The correction or appeal decision that superseded it, if any.
  supersededBy: number | null;
}

// `seq` is the commit order (the rowid, so every secondary index ends with it); `pos` is the
// ledger position as a sort key (positionKey); `stream` is null for a match's own stream (match-<match_id>).
const TABLE = `
  CREATE TABLE IF NOT EXISTS audit_events (
    seq         INTEGER PRIMARY KEY,
    pos         TEXT NOT NULL,
    stream      TEXT,
    revision    INTEGER NOT NULL,
    match_id    TEXT,
    recorded_by TEXT,
    role        TEXT,
    type        TEXT NOT NULL,
    recorded_at TEXT,
    game_number INTEGER,
    superseded_by INTEGER
  );
  CREATE TABLE IF NOT EXISTS audit_marks (
    seq      INTEGER PRIMARY KEY,
    match_id TEXT NOT NULL,
    revision INTEGER NOT NULL,
    by       INTEGER
  );`;

// Built after a bulk load (a rebuild) rather than row by row during it. Marks of superseded rows
// made meanwhile wait in audit_marks (by null: a reinstatement), applied in order once indexed.
const SECONDARY = {
  audit_by_revision: 'INDEX IF NOT EXISTS audit_by_revision ON audit_events (match_id, revision)',
  audit_by_pos: 'UNIQUE INDEX IF NOT EXISTS audit_by_pos ON audit_events (pos)',
  audit_by_match: 'INDEX IF NOT EXISTS audit_by_match ON audit_events (match_id)',
  audit_by_actor: 'INDEX IF NOT EXISTS audit_by_actor ON audit_events (recorded_by)',
  audit_by_type: 'INDEX IF NOT EXISTS audit_by_type ON audit_events (type)',
  audit_by_time: 'INDEX IF NOT EXISTS audit_by_time ON audit_events (recorded_at)',
};

export interface IndexCells {
  pos: string;
  stream: string | null;
  revision: number;
  type: string;
  match_id: string | null;
  game_number: number | null;
  superseded_by: number | null;
}

type Cell = string | number | null;

const COLUMNS = 'pos, stream, revision, type, match_id, game_number, superseded_by';

export function toIndexRow(r: IndexCells): AuditIndexRow {
  return {
    streamId: r.stream ?? `${MATCH_STREAM_PREFIX}${r.match_id}`,
    revision: r.revision,
    position: BigInt(r.pos.slice(2)),
    type: r.type,
    matchId: r.match_id,
    gameNumber: r.game_number,
    supersededBy: r.superseded_by,
  };
}

// Row by row over a whole rebuild: no closure nor string built per event.
const NO_METADATA: Record<string, unknown> = {};
const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const ownStream = (streamId: string, matchId: string | null): boolean =>
  matchId !== null &&
  streamId.length === MATCH_STREAM_PREFIX.length + matchId.length &&
  streamId.startsWith(MATCH_STREAM_PREFIX) &&
  streamId.endsWith(matchId);

export class AuditIndex {
  private readonly put: Database.Statement<Cell[]>;
  private readonly markSuperseded: Database.Statement<[number, string, number]>;
  private readonly reinstate: Database.Statement<[string, number]>;
  private readonly defer: Database.Statement<[string, number, number | null]>;
  private bulk = false;

  constructor(private readonly db: Database.Database) {
    db.exec(TABLE);
    this.put = db.prepare<Cell[]>(
      `INSERT OR IGNORE INTO audit_events (pos, stream, revision, match_id, recorded_by, role, type, recorded_at, game_number)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.markSuperseded = db.prepare(
      'UPDATE audit_events SET superseded_by = ? WHERE match_id = ? AND revision = ? AND superseded_by IS NULL',
    );
    this.reinstate = db.prepare(
      'UPDATE audit_events SET superseded_by = NULL WHERE match_id = ? AND revision = ?',
    );
    this.defer = db.prepare('INSERT INTO audit_marks (match_id, revision, by) VALUES (?, ?, ?)');
    // A bulk load the process did not finish is finished here.
    this.endBulkLoad();
  }

  // Inside the commit's transaction; the caller passes only events after its checkpoint.
  add(entries: readonly ProjectedEvent[]): void {
    for (const a of entries) {
      const e = a.event;
      const meta = (e.metadata ?? NO_METADATA) as Record<string, unknown>;
      this.put.run(
        positionKey(e.position),
        ownStream(e.streamId, a.matchId) ? null : e.streamId,
        e.revision,
        a.matchId,
        text(meta.recordedBy),
        text(meta.role),
        e.type,
        text(meta.recordedAt),
        a.gameNumber,
      );
      // A review that sets a decision aside puts back in force what that decision superseded.
      if (a.domainEvent?.type === 'AppealReviewed')
        for (const r of a.domainEvent.data.reinstates) this.mark(a.matchId!, r, null);
      // Rows of earlier batches or of this one (inserted just above, in commit order).
      for (const r of a.supersedes) this.mark(a.matchId!, r, e.revision);
    }
  }

  private mark(matchId: string, revision: number, by: number | null): void {
    if (this.bulk) this.defer.run(matchId, revision, by);
    else if (by === null) this.reinstate.run(matchId, revision);
    else this.markSuperseded.run(by, matchId, revision);
  }

  // In commit order after the cursor; every filter is an indexed column.
  page(filter: AuditFilter, after: bigint | undefined, limit: number): AuditIndexRow[] {
    const { where, params } = auditWhere(filter, after);
    const sql = `SELECT ${COLUMNS} FROM audit_events ${
      where.length ? `WHERE ${where.join(' AND ')}` : ''
    } ORDER BY seq LIMIT ?`;
    return this.db
      .prepare<Cell[], IndexCells>(sql)
      .all(...params, limit)
      .map(toIndexRow);
  }

  count(filter: AuditFilter): number {
    const { where, params } = auditWhere(filter, undefined);
    const sql = `SELECT COUNT(*) AS n FROM audit_events ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`;
    return this.db.prepare<Cell[], { n: number }>(sql).get(...params)!.n;
  }

  // A load into an empty index (a rebuild): rows go in without any secondary index to maintain.
  beginBulkLoad(): void {
    this.bulk = true;
    for (const name of Object.keys(SECONDARY)) this.db.exec(`DROP INDEX IF EXISTS ${name}`);
  }

  // Builds the indexes, then applies the marks made meanwhile in the order they were made (few:
  // one per corrected or appealed event). Writes nothing when nothing is pending (an open).
  endBulkLoad(): void {
    this.bulk = false;
    const present = new Set(
      this.db
        .prepare<[], { name: string }>(
          "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'audit_events'",
        )
        .all()
        .map((r) => r.name),
    );
    const marks = this.db
      .prepare<
        [],
        { match_id: string; revision: number; by: number | null }
      >('SELECT match_id, revision, by FROM audit_marks ORDER BY seq')
      .all();
    const missing = Object.entries(SECONDARY).filter(([name]) => !present.has(name));
    if (missing.length === 0 && marks.length === 0) return;
    this.db.transaction(() => {
      for (const [, ddl] of missing) this.db.exec(`CREATE ${ddl}`);
      for (const m of marks) this.mark(m.match_id, m.revision, m.by);
      this.db.exec('DELETE FROM audit_marks');
    })();
  }
}
