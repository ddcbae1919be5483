import type { LedgerEvent } from '../events/catalogue';
import type { MatchState } from './state';

// The game an event is filed under: the one its data names (a shot, a rack, an appeal's disputed
// game), otherwise the game on the table once it is applied (null before the first rack). Written
// into each event's metadata when it is recorded; derived again only for events recorded earlier.
export function gameNumberOf(event: LedgerEvent, after: MatchState): number | null {
  const own = (event.data as { gameNumber?: unknown }).gameNumber;
  return typeof own === 'number' ? own : (after.currentGame?.number ?? null);
}
