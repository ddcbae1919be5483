import type { PlayState } from '../events/appeals';
import type { MatchState } from './state';

// The play part of a state, as stored in ShotCorrected and AppealDecided, and back.

export function playStateOf(s: MatchState): PlayState {
  return clone({
    status: s.status,
    score: s.score,
    pendingChoice: s.pendingChoice,
    currentGame: s.currentGame,
    games: s.games,
    warnings: s.warnings,
    winner: s.winner,
  });
}

function clone<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}

export function installPlayState(next: MatchState, r: PlayState): void {
  const p = clone(r);
  next.status = p.status;
  next.score = p.score;
  next.pendingChoice = p.pendingChoice;
  next.currentGame = p.currentGame;
  next.games = p.games;
  next.warnings = p.warnings;
  next.winner = p.winner;
}
