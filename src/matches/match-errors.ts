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

// The same client command id was used before for a different command (or by someone else, or in
// another match). A genuine retry carries the same payload and gets the original result instead.
export class IdempotencyKeyReusedError extends Error {
  readonly code = 'IDEMPOTENCY_KEY_REUSED';
  constructor(commandId: string, where: string) {
    super(`commandId ${commandId} was already used for a different command${where}; use a new id`);
    this.name = 'IdempotencyKeyReusedError';
  }
}

// The writer's role allows this kind of write, but not at this match.
export class MatchAccessDeniedError extends Error {
  readonly code = 'FORBIDDEN';
  constructor(message: string) {
    super(message);
    this.name = 'MatchAccessDeniedError';
  }
}
