// How long after a disputed event a player may appeal it (the match's setting, in minutes).
export const DEFAULT_APPEAL_WINDOW_MINUTES = 30;
export const MAX_APPEAL_WINDOW_MINUTES = 7 * 24 * 60;
