// A past results file as a federation would bring it (docs/records.md): `rows` matches between
// `players` players, races to 2 or 3, some rows with per-game winners.
export const PAST_HEADER =
  'date,competition,discipline,race_to,player_a_id,player_a_name,player_b_id,player_b_name,games_a,games_b,venue,game_winners';

export function pastResultsCsv(rows: number, players = 100): string {
  const lines = [PAST_HEADER];
  for (let i = 0; i < rows; i++) {
    const a = i % players;
    const b = (a + 1 + (Math.floor(i / players) % (players - 1))) % players;
    const race = 2 + (i % 2);
    const loserGames = i % race;
    const aWins = i % 3 !== 0;
    const [ga, gb] = aWins ? [race, loserGames] : [loserGames, race];
    const winners =
      i % 4 === 0 ? 'B'.repeat(aWins ? gb : 0) + 'A'.repeat(ga) + 'B'.repeat(aWins ? 0 : gb) : '';
    const day = String(1 + (i % 28)).padStart(2, '0');
    lines.push(
      [
        `2024-03-${day}`,
        `"League, division ${1 + (i % 3)}"`,
        i % 5 === 0 ? 'NINE_BALL' : 'EIGHT_BALL',
        race,
        `FPB${String(a).padStart(5, '0')}`,
        `Player ${a}`,
        `FPB${String(b).padStart(5, '0')}`,
        `Player ${b}`,
        ga,
        gb,
        'Clube Lisboa',
        winners,
      ].join(','),
    );
  }
  return lines.join('\r\n') + '\r\n';
}
