import type { MatchState } from '../../domain';

// A match as the registry places it (where and when) with its state: a row of the registry's
// match lists and of the board (which reads them through MATCH_PLACES).
export interface MatchRow {
  key: string;
  state: MatchState;
  competitionId: string | null;
  scheduledAt: string | null;
  venue: string | null;
  tableNumber: number | null;
}
