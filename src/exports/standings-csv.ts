import type { StandingRow } from '../domain';

const COLUMNS = [
  'position',
  'licence_id',
  'display_name',
  'played',
  'won',
  'lost',
  'games_for',
  'games_against',
  'game_differential',
  'head_to_head_wins',
] as const;

// RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled.
function field(v: string | number | null): string {
  const s = v === null ? '' : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

// A competition's table as CSV, in the standings' order (see TIE_BREAK_ORDER), CRLF line ends.
export function standingsCsv(
  rows: readonly (StandingRow & { displayName: string | null })[],
): string {
  const lines = rows.map((r) =>
    [
      r.position,
      r.playerId,
      r.displayName,
      r.played,
      r.won,
      r.lost,
      r.gamesFor,
      r.gamesAgainst,
      r.gameDifferential,
      r.headToHeadWins,
    ]
      .map(field)
      .join(','),
  );
  return [COLUMNS.join(','), ...lines].join('\r\n') + '\r\n';
}
