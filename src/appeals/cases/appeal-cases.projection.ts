import type Database from 'better-sqlite3';
import type { StoredMetadata } from '../../ledger/envelope';
import type { Projection, ProjectionBatch } from '../../projections/projection';
import { sortKey } from '../../projections/audit-filter';
import { prepared } from '../../projections/prepared';

// The appeals read model: one row per appeal across matches (its match, competition, status and
// when it was filed, by when it should be decided), keyed for paging by the ledger position of
// its filing. The case file itself is read from the match when asked for.
export const appealCasesProjection: Projection = {
  name: 'appeal-cases',
  version: 2,
  install(db) {
    // Version 1's table had no deadline; the version change empties the read model anyway.
    const columns = db.prepare('PRAGMA table_info(appeal_cases)').all() as { name: string }[];
    if (columns.length > 0 && !columns.some((c) => c.name === 'decision_deadline'))
      db.exec('DROP TABLE appeal_cases');
    db.exec(`
      CREATE TABLE IF NOT EXISTS appeal_cases (
        match_id       TEXT NOT NULL,
        appeal_id      TEXT NOT NULL,
        filed_pos      TEXT NOT NULL,
        filed_at       TEXT NOT NULL,
        competition_id TEXT,
        status         TEXT NOT NULL,
        decision_deadline TEXT,
        PRIMARY KEY (match_id, appeal_id)
      );
      CREATE UNIQUE INDEX IF NOT EXISTS appeal_cases_by_pos ON appeal_cases (filed_pos);
      CREATE INDEX IF NOT EXISTS appeal_cases_by_status ON appeal_cases (status, filed_pos);
      CREATE INDEX IF NOT EXISTS appeal_cases_by_competition ON appeal_cases (competition_id, filed_pos);
      CREATE INDEX IF NOT EXISTS appeal_cases_by_deadline ON appeal_cases (status, decision_deadline);
      CREATE TABLE IF NOT EXISTS appeal_case_matches (
        match_id       TEXT PRIMARY KEY,
        competition_id TEXT
      );`);
  },
  clear(db) {
    db.exec('DELETE FROM appeal_cases; DELETE FROM appeal_case_matches;');
  },
  apply(batch, db) {
    recordFilings(batch, db);
    // Statuses follow the match: a decision, review, withdrawal or moot changes its appeals.
    const setStatus = prepared(
      db,
      'UPDATE appeal_cases SET status = ? WHERE match_id = ? AND appeal_id = ? AND status <> ?',
    );
    for (const [matchId, state] of batch.matches)
      for (const a of state.appeals) setStatus.run(a.status, matchId, a.id, a.status);
  },
};

function recordFilings(batch: ProjectionBatch, db: Database.Database): void {
  const putMatch = prepared(
    db,
    'INSERT OR IGNORE INTO appeal_case_matches (match_id, competition_id) VALUES (?, ?)',
  );
  const competitionOf = prepared<[string], { competition_id: string | null }>(
    db,
    'SELECT competition_id FROM appeal_case_matches WHERE match_id = ?',
  );
  const putCase = prepared(
    db,
    `INSERT OR IGNORE INTO appeal_cases
       (match_id, appeal_id, filed_pos, filed_at, competition_id, status, decision_deadline)
     VALUES (?, ?, ?, ?, ?, 'PENDING', ?)`,
  );
  for (const e of batch.events) {
    const d = e.domainEvent;
    if (!d || e.matchId === null) continue;
    if (d.type === 'MatchScheduled') putMatch.run(e.matchId, d.data.competitionId ?? null);
    if (d.type !== 'AppealFiled') continue;
    const recordedAt = (e.event.metadata as StoredMetadata).recordedAt ?? '';
    putCase.run(
      e.matchId,
      d.data.appealId,
      sortKey(e.event.position),
      d.data.filedAt ?? recordedAt,
      competitionOf.get(e.matchId)?.competition_id ?? null,
      d.data.decisionDeadline ?? null,
    );
  }
}
