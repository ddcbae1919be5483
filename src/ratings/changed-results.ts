import type Database from 'better-sqlite3';

// One entry of the changed-results feed: an amendment that changed (or voided) a rated game.
export interface ChangedResult {
  seq: number;
  matchId: string;
  gameNumber: number;
  discipline: string;
  old: { winner: string; loser: string };
  // null: the game was taken back into play or ordered replayed.
  new: { winner: string; loser: string } | null;
  eventId: string;
  eventType: string;
  position: string;
  recordedAt: string | null;
}

interface Row {
  seq: number;
  match_id: string;
  game_number: number;
  discipline: string;
  old_winner: string;
  old_loser: string;
  new_winner: string | null;
  new_loser: string | null;
  event_id: string;
  event_type: string;
  pos: string;
  recorded_at: string | null;
}

// The feed in order after `after` (a seq; 0 from the start), `limit` entries at most. Shared by
// the GraphQL query and the CLI export.
export function changedResults(
  db: Database.Database,
  after: number,
  limit: number,
): ChangedResult[] {
  return db
    .prepare<[number, number], Row>(
      'SELECT * FROM rating_changes WHERE seq > ? ORDER BY seq LIMIT ?',
    )
    .all(after, limit)
    .map((r) => ({
      seq: r.seq,
      matchId: r.match_id,
      gameNumber: r.game_number,
      discipline: r.discipline,
      old: { winner: r.old_winner, loser: r.old_loser },
      new: r.new_winner === null ? null : { winner: r.new_winner, loser: r.new_loser! },
      eventId: r.event_id,
      eventType: r.event_type,
      position: BigInt(r.pos).toString(),
      recordedAt: r.recorded_at,
    }));
}

export function changedResultCount(db: Database.Database): number {
  return db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM rating_changes').get()!.n;
}
