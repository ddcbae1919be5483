import type Database from 'better-sqlite3';
import { standingsOf, type PairWins, type StandingRow, type StandingTotals } from '../domain';
import type { Slice } from '../ledger/slices';

export type NamedStanding = StandingRow & { displayName: string | null };

// Player rows read per page: a page's read takes well under a slice. Tests lower it.
export const standingsPaging = { rows: 500 };

const TOTALS = `SELECT player AS playerId, played, won, lost, games_for AS gamesFor,
  games_against AS gamesAgainst FROM registry_standings WHERE competition_id = ?`;

// A competition's table from the rows the projection keeps per player and per pair
// (./registry-standings.ts), so the read is bounded by the competition's players, not its
// matches; the API reads them a page per slice at most, by player id.
export async function standingsInSlices(
  db: Database.Database,
  competitionId: string,
  slice: Slice,
): Promise<NamedStanding[]> {
  const page = db.prepare<[string, string, number], StandingTotals>(
    `${TOTALS} AND player > ? ORDER BY player LIMIT ?`,
  );
  const totals: StandingTotals[] = [];
  let after = '';
  for (;;) {
    if (slice.due()) await slice.next();
    const got = page.all(competitionId, after, standingsPaging.rows);
    totals.push(...got);
    if (got.length < standingsPaging.rows) break;
    after = got[got.length - 1].playerId;
  }
  if (slice.due()) await slice.next();
  return rankStandings(db, competitionId, totals);
}

// Every player's totals at once (the CLI's export).
export function standingsWhole(db: Database.Database, competitionId: string): NamedStanding[] {
  const totals = db.prepare<[string], StandingTotals>(TOTALS).all(competitionId);
  return rankStandings(db, competitionId, totals);
}

// The table (see TIE_BREAK_ORDER) with each player's registered name. Head-to-head counts only
// between players level on wins: each level group's pairs alone.
function rankStandings(
  db: Database.Database,
  competitionId: string,
  totals: StandingTotals[],
): NamedStanding[] {
  const level = new Map<number, string[]>();
  for (const t of totals) level.set(t.won, [...(level.get(t.won) ?? []), t.playerId]);
  const among = db.prepare<[string, string, string], PairWins>(
    `SELECT winner, loser, wins FROM registry_head_to_head WHERE competition_id = ?
       AND winner IN (SELECT value FROM json_each(?)) AND loser IN (SELECT value FROM json_each(?))`,
  );
  const pairs = [...level.values()]
    .filter((group) => group.length > 1)
    .flatMap((group) => among.all(competitionId, JSON.stringify(group), JSON.stringify(group)));
  const table = standingsOf(totals, pairs);
  const names = new Map(
    db
      .prepare<[string], { licence_id: string; display_name: string }>(
        `SELECT licence_id, display_name FROM registry_players WHERE licence_id IN (
           SELECT player FROM registry_standings WHERE competition_id = ?)`,
      )
      .all(competitionId)
      .map((r) => [r.licence_id, r.display_name]),
  );
  return table.map((row) => ({ ...row, displayName: names.get(row.playerId) ?? null }));
}
