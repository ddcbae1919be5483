import { DomainError } from '../errors';
import { isPlayerOf, playerName, type GameState, type MatchState } from './state';

// Checks shared by the table, referee and game-flow decisions.

export function requirePlayer(state: MatchState, player: string): void {
  if (!isPlayerOf(state, player)) {
    throw new DomainError('NOT_A_PLAYER_OF_MATCH', `${player} is not a player of this match`);
  }
}

// The game in progress, once no choice is owed.
export function activeGame(state: MatchState): GameState {
  if (state.pendingChoice) {
    const p = state.pendingChoice;
    throw new DomainError(
      'CHOICE_PENDING',
      `${playerName(state, p.player)} must first choose: ${p.options.join(', ')}`,
      p.rule,
    );
  }
  const game = state.currentGame;
  if (!game || game.status !== 'IN_PROGRESS')
    throw new DomainError('NO_GAME_IN_PROGRESS', 'No game is in progress');
  return game;
}

// G1.35: only the player at the table may act for the shot.
export function requireShooter(state: MatchState, game: GameState, player: string): void {
  requirePlayer(state, player);
  if (game.shooter !== player) {
    throw new DomainError(
      'WRONG_PLAYER',
      `It is ${playerName(state, game.shooter)}'s turn, not ${playerName(state, player)}'s`,
      'G1.35',
    );
  }
}

// Corrections, appeals and their decisions are recorded with a written reason.
export function requireText(text: string, what: string): string {
  const trimmed = text.trim();
  if (trimmed.length === 0) throw new DomainError('REASON_REQUIRED', `${what} is required`);
  return trimmed;
}
