import { DomainError } from '../../errors';
import type { AppealPolicy } from '../commands';
import type { MatchState } from '../state';
import { supersededRevisions, type RecordedEvent } from './history';
import type { AppealWindow } from './window';

// The window in force for a match: the one frozen into it when it was scheduled; a match scheduled
// before windows were frozen reads its competition's window as it stands now, as it always did.
export function windowInForce(state: MatchState, policy: AppealPolicy | undefined): AppealWindow {
  if (state.appealWindowFrozen)
    return { minutes: state.appealWindowMinutes, start: state.appealWindowStart };
  return { minutes: policy?.appealWindowMinutes ?? state.appealWindowMinutes, start: 'SHOT' };
}

// When the window to appeal an event of game `game` (null: outside any game) opens its count: the
// event itself, or the end (in force) of its game or of the match; null while that end is to come.
export function windowCountsFrom(
  events: readonly RecordedEvent[],
  w: AppealWindow,
  at: { recordedAt: string; gameNumber: number | null },
): string | null {
  if (w.start === 'SHOT' || (w.start === 'GAME_END' && at.gameNumber === null))
    return at.recordedAt;
  const superseded = supersededRevisions(events);
  const end = events.find(
    (r) =>
      !superseded.has(r.revision) &&
      (w.start === 'MATCH_END'
        ? r.event.type === 'MatchEnded'
        : r.event.type === 'GameEnded' && r.gameNumber === at.gameNumber),
  );
  return end?.recordedAt ?? null;
}

export function plusMinutes(instant: string, minutes: number): string {
  return new Date(Date.parse(instant) + minutes * 60_000).toISOString();
}

const FROM = {
  SHOT: '',
  GAME_END: ' (counted from the end of its game)',
  MATCH_END: ' (counted from the end of the match)',
};

// Refuses a filing after the window; returns when it closes (for a window whose count has not
// started yet, the earliest it can close: `minutes` from now).
export function requireWindowOpen(
  state: MatchState,
  policy: AppealPolicy | undefined,
  h: { events: readonly RecordedEvent[]; now: string },
  target: RecordedEvent,
): string {
  const w = windowInForce(state, policy);
  const from = windowCountsFrom(h.events, w, target);
  const closes = plusMinutes(from ?? h.now, w.minutes);
  if (Date.parse(h.now) > Date.parse(closes))
    throw new DomainError(
      'APPEAL_WINDOW_CLOSED',
      `The ${w.minutes}-minute appeal window for revision ${target.revision}${FROM[w.start]} closed at ${closes}`,
    );
  return closes;
}

export interface AppealWindowsInForce extends AppealWindow {
  // Frozen into the match when scheduled (false: its competition's current window applies).
  frozen: boolean;
  // Per game (in order), when the window for its last event closes; null while it is to be known
  // (the game, or for MATCH_END the match, is not over).
  games: { gameNumber: number; closesAt: string | null }[];
}

// The window in force for a match and, per game, when it closes.
export function appealWindows(
  events: readonly RecordedEvent[],
  state: MatchState,
  policy: AppealPolicy | undefined,
): AppealWindowsInForce {
  const w = windowInForce(state, policy);
  const numbers = [...state.games.map((g) => g.number)];
  if (state.currentGame && !numbers.includes(state.currentGame.number))
    numbers.push(state.currentGame.number);
  // Per game, the window of its last event: counted from the end of the game unless MATCH_END.
  const perGame: AppealWindow = { ...w, start: w.start === 'MATCH_END' ? 'MATCH_END' : 'GAME_END' };
  return {
    ...w,
    frozen: state.appealWindowFrozen,
    games: numbers.map((gameNumber) => {
      const from = windowCountsFrom(events, perGame, { recordedAt: '', gameNumber });
      return { gameNumber, closesAt: from === null ? null : plusMinutes(from, w.minutes) };
    }),
  };
}
