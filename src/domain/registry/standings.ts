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

// A player's figures in a competition, from its completed matches (a player drawn in none yet
// has zeros), and how many matches one player won against another there.
export type StandingTotals = Pick<
  StandingRow,
  'playerId' | 'played' | 'won' | 'lost' | 'gamesFor' | 'gamesAgainst'
>;
export interface PairWins {
  winner: string;
  loser: string;
  wins: number;
}

export function standings(results: readonly MatchResult[]): StandingRow[] {
  const totals = new Map<string, StandingTotals>();
  const row = (playerId: string): StandingTotals => {
    let r = totals.get(playerId);
    if (!r)
      totals.set(
        playerId,
        (r = { playerId, played: 0, won: 0, lost: 0, gamesFor: 0, gamesAgainst: 0 }),
      );
    return r;
  };
  const pairs = new Map<string, PairWins>();
  for (const m of results) m.players.forEach(row);
  for (const m of results) {
    if (m.winner === null) continue;
    m.players.forEach((p, i) => {
      const r = row(p);
      r.played += 1;
      if (m.winner === p) r.won += 1;
      else r.lost += 1;
      r.gamesFor += m.games[i];
      r.gamesAgainst += m.games[1 - i];
    });
    const loser = m.winner === m.players[0] ? m.players[1] : m.players[0];
    const key = JSON.stringify([m.winner, loser]);
    const pair = pairs.get(key) ?? { winner: m.winner, loser, wins: 0 };
    pair.wins += 1;
    pairs.set(key, pair);
  }
  return standingsOf([...totals.values()], [...pairs.values()]);
}

// The table from each player's totals and the wins between pairs (the read model keeps both).
export function standingsOf(
  totals: readonly StandingTotals[],
  pairs: readonly PairWins[],
): StandingRow[] {
  const rows = new Map<string, StandingRow>(
    totals.map((t) => [
      t.playerId,
      { position: 0, ...t, gameDifferential: t.gamesFor - t.gamesAgainst, headToHeadWins: 0 },
    ]),
  );
  // Head-to-head counts only matches between players level on matches won.
  for (const p of pairs) {
    const [w, l] = [rows.get(p.winner), rows.get(p.loser)];
    if (w && l && w.won === l.won) w.headToHeadWins += p.wins;
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
