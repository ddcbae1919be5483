// Errors of the matches module that are not rule refusals.
export class MatchNotFoundError extends Error {
  readonly code = 'MATCH_NOT_FOUND';
  constructor(readonly matchId: string) {
    super(`No match with id ${matchId}`);
    this.name = 'MatchNotFoundError';
  }
}

export class GameNotFoundError extends Error {
  readonly code = 'GAME_NOT_FOUND';
  constructor(matchId: string, gameNumber: number) {
    super(`Match ${matchId} has no game ${gameNumber}`);
    this.name = 'GameNotFoundError';
  }
}
