import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { MatchState } from '../domain';

// Positions can exceed SQLite's signed 64-bit INTEGER (KurrentDB's commit and prepare packed in
// one bigint), so they are stored as text: decimal for the checkpoint, zero-padded for ordering.
const SCHEMA_VERSION = 2;
const sortKey = (position: bigint): string => position.toString().padStart(40, '0');

// The query side's own database: derived, disposable, rebuilt from the ledger at will.
// Each batch of projected events and the checkpoint that covers it commit in one transaction.
export class ReadModel {
  private readonly db: Database.Database;
  private readonly getCheckpoint: Database.Statement<[string], { position: string }>;
  private readonly putCheckpoint: Database.Statement<[string, string]>;
  private readonly getMatch: Database.Statement<[string], { state: string }>;
  private readonly putMatch: Database.Statement<[string, string, number, string, string]>;
  private readonly listMatches: Database.Statement<[number, number], { state: string }>;

  constructor(filename: string) {
    if (filename !== ':memory:') mkdirSync(dirname(filename), { recursive: true });
    this.db = new Database(filename);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    // An older layout is dropped: the projector then rebuilds it from the ledger.
    if (this.db.pragma('user_version', { simple: true }) !== SCHEMA_VERSION) {
      this.db.exec(`DROP TABLE IF EXISTS checkpoints; DROP TABLE IF EXISTS match_views;`);
      this.db.pragma(`user_version = ${SCHEMA_VERSION}`);
    }
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS checkpoints (projection TEXT PRIMARY KEY, position TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS match_views (
        match_id TEXT PRIMARY KEY,
        state    TEXT NOT NULL,
        revision INTEGER NOT NULL,
        status   TEXT NOT NULL,
        last_position TEXT NOT NULL
      );`);
    this.getCheckpoint = this.db.prepare('SELECT position FROM checkpoints WHERE projection = ?');
    this.putCheckpoint = this.db.prepare(
      'INSERT INTO checkpoints (projection, position) VALUES (?, ?) ON CONFLICT(projection) DO UPDATE SET position = excluded.position',
    );
    this.getMatch = this.db.prepare('SELECT state FROM match_views WHERE match_id = ?');
    this.putMatch = this.db.prepare(
      `INSERT INTO match_views (match_id, state, revision, status, last_position) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT(match_id) DO UPDATE SET state = excluded.state, revision = excluded.revision,
       status = excluded.status, last_position = excluded.last_position`,
    );
    this.listMatches = this.db.prepare(
      'SELECT state FROM match_views ORDER BY last_position DESC LIMIT ? OFFSET ?',
    );
  }

  checkpoint(projection: string): bigint | undefined {
    const row = this.getCheckpoint.get(projection);
    return row ? BigInt(row.position) : undefined;
  }

  match(matchId: string): MatchState | null {
    const row = this.getMatch.get(matchId);
    return row ? (JSON.parse(row.state) as MatchState) : null;
  }

  matches(limit: number, offset: number): MatchState[] {
    return this.listMatches.all(limit, offset).map((r) => JSON.parse(r.state) as MatchState);
  }

  // Stores changed matches and the new checkpoint atomically.
  commit(
    projection: string,
    position: bigint,
    changed: Iterable<{ state: MatchState; position: bigint }>,
  ): void {
    this.db.transaction(() => {
      for (const { state: m, position: p } of changed)
        this.putMatch.run(m.id, JSON.stringify(m), m.version - 1, m.status, sortKey(p));
      this.putCheckpoint.run(projection, position.toString());
    })();
  }

  reset(projection: string): void {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM match_views').run();
      this.db.prepare('DELETE FROM checkpoints WHERE projection = ?').run(projection);
    })();
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
