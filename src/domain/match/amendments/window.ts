// How long after a disputed event a player may appeal it (the match's setting, in minutes).
export const DEFAULT_APPEAL_WINDOW_MINUTES = 30;
export const MAX_APPEAL_WINDOW_MINUTES = 7 * 24 * 60;

// What the window counts from: the disputed event itself (SHOT), the end of its game (GAME_END)
// or the end of the match (MATCH_END), as federations count it. A per-competition setting.
export const APPEAL_WINDOW_STARTS = ['SHOT', 'GAME_END', 'MATCH_END'] as const;
export type AppealWindowStart = (typeof APPEAL_WINDOW_STARTS)[number];

// The window a match was scheduled with, copied from its competition and frozen there.
export interface AppealWindow {
  minutes: number;
  start: AppealWindowStart;
}
