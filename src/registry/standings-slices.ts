import type Database from 'better-sqlite3';
import { standings, type StandingRow } from '../domain';
import type { Slice } from '../ledger/slices';

export type NamedStanding = StandingRow & { displayName: string | null };

interface ResultRow {
  match_id: string;
  seq: string;
  player_a: string;
  player_b: string;
  status: string;
  winner: string | null;
  games_a: number;
  games_b: number;
}

// Matches read per page: a page's read takes well under a slice. Tests lower it.
export const standingsPaging = { rows: 500 };

// A competition's table as RegistryQueryService.standings builds it, its matches read a page per
// slice at most (by the competition's index, in seq order), so a large competition does not hold
// the event loop while it is read; the table itself is then ranked in one piece.
export async function standingsInSlices(
  db: Database.Database,
  competitionId: string,
  slice: Slice,
): Promise<NamedStanding[]> {
  const page = db.prepare<[string, string, string, number], ResultRow>(
    `SELECT match_id, seq, player_a, player_b, status, winner, games_a, games_b
     FROM registry_matches WHERE competition_id = ? AND (seq, match_id) > (?, ?)
     ORDER BY seq, match_id LIMIT ?`,
  );
  const rows: ResultRow[] = [];
  let after = ['', ''];
  for (;;) {
    if (slice.due()) await slice.next();
    const got = page.all(competitionId, after[0], after[1], standingsPaging.rows);
    rows.push(...got);
    if (got.length < standingsPaging.rows) break;
    const last = got[got.length - 1];
    after = [last.seq, last.match_id];
  }
  if (slice.due()) await slice.next();
  const table = standings(
    rows.map((r) => ({
      players: [r.player_a, r.player_b],
      winner: r.status === 'COMPLETED' ? r.winner : null,
      games: [r.games_a, r.games_b],
    })),
  );
  const names = new Map(
    db
      .prepare<[string, string], { licence_id: string; display_name: string }>(
        `SELECT licence_id, display_name FROM registry_players WHERE licence_id IN (
           SELECT player_a FROM registry_matches WHERE competition_id = ?
           UNION SELECT player_b FROM registry_matches WHERE competition_id = ?)`,
      )
      .all(competitionId, competitionId)
      .map((r) => [r.licence_id, r.display_name]),
  );
  return table.map((row) => ({ ...row, displayName: names.get(row.playerId) ?? null }));
}
