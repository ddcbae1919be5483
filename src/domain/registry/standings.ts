// A competition's table, from the effective result of each of its matches (after corrections
// and appeals). Pure: the registry's read model feeds it the rows it keeps.

export interface MatchResult {
  players: [string, string];
  // null while the match is not completed: its players appear with nothing played.
  winner: string | null;
  // Games won by players[0] and players[1].
  games: [number, number];
}

export interface StandingRow {
  position: number;
  playerId: string;
  played: number;
  won: number;
  lost: number;
  gamesFor: number;
  gamesAgainst: number;
  gameDifferential: number;
  // Match wins against the players level with this one on wins (the second tie-break).
  headToHeadWins: number;
}

// The order, stated once (docs/records.md and the GraphQL schema repeat it):
export const TIE_BREAK_ORDER = [
  'most matches won',
  'most matches won between the players level on matches won (head-to-head)',
  'best game differential (games for minus games against)',
  'most games won',
  'licence id, alphabetically (so the order is total and stable)',
] as const;

export function standings(results: readonly MatchResult[]): StandingRow[] {
  const rows = new Map<string, StandingRow>();
  const row = (id: string): StandingRow => {
    let r = rows.get(id);
    if (!r) {
      r = {
        position: 0,
        playerId: id,
        played: 0,
        won: 0,
        lost: 0,
        gamesFor: 0,
        gamesAgainst: 0,
        gameDifferential: 0,
        headToHeadWins: 0,
      };
      rows.set(id, r);
    }
    return r;
  };
  const completed = results.filter((m) => m.winner !== null);
  for (const m of results) m.players.forEach(row);
  for (const m of completed) {
    m.players.forEach((p, i) => {
      const r = row(p);
      r.played += 1;
      if (m.winner === p) r.won += 1;
      else r.lost += 1;
      r.gamesFor += m.games[i];
      r.gamesAgainst += m.games[1 - i];
      r.gameDifferential = r.gamesFor - r.gamesAgainst;
    });
  }
  // Head-to-head counts only matches between players level on matches won.
  for (const m of completed) {
    const [a, b] = m.players.map((p) => rows.get(p)!);
    if (a.won === b.won) rows.get(m.winner!)!.headToHeadWins += 1;
  }
  const ordered = [...rows.values()].sort(
    (x, y) =>
      y.won - x.won ||
      y.headToHeadWins - x.headToHeadWins ||
      y.gameDifferential - x.gameDifferential ||
      y.gamesFor - x.gamesFor ||
      (x.playerId < y.playerId ? -1 : x.playerId > y.playerId ? 1 : 0),
  );
  ordered.forEach((r, i) => (r.position = i + 1));
  return ordered;
}
