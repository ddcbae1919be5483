import type Database from 'better-sqlite3';
import { prepared } from '../projections/prepared';
import type { Projection, ProjectionBatch } from '../projections/projection';

// Where each match is played (competition and table), from MatchScheduled: what the ledger feed
// filters on, for replays (joined with the audit index) and for live batches alike.
export class LivePlacesProjection implements Projection {
  readonly name = 'live_places';
  readonly version = 1;

  install(db: Database.Database): void {
    db.exec(`CREATE TABLE IF NOT EXISTS live_places (
        match_id TEXT PRIMARY KEY,
        competition_id TEXT,
        table_number INTEGER
      );
      CREATE INDEX IF NOT EXISTS live_places_by_competition ON live_places (competition_id, table_number);`);
  }

  clear(db: Database.Database): void {
    db.exec('DELETE FROM live_places');
  }

  apply(batch: ProjectionBatch, db: Database.Database): void {
    const put = prepared(
      db,
      'INSERT OR REPLACE INTO live_places (match_id, competition_id, table_number) VALUES (?, ?, ?)',
    );
    for (const e of batch.events) {
      const d = e.domainEvent;
      if (d?.type !== 'MatchScheduled' || e.matchId === null) continue;
      put.run(e.matchId, d.data.competitionId ?? null, d.data.tableNumber ?? null);
    }
  }
}

export interface Place {
  competitionId: string | null;
  tableNumber: number | null;
}

export function placeOf(db: Database.Database, matchId: string): Place | null {
  const row = db
    .prepare<
      [string],
      { competition_id: string | null; table_number: number | null }
    >('SELECT competition_id, table_number FROM live_places WHERE match_id = ?')
    .get(matchId);
  return row ? { competitionId: row.competition_id, tableNumber: row.table_number } : null;
}
