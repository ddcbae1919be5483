import { CodedError } from '../domain/coded-error';

export type MatchErrorCode =
  | 'MATCH_NOT_FOUND'
  | 'GAME_NOT_FOUND'
  // The same client command id was used before for a different command (or by someone else, or
  // in another match). A genuine retry carries the same payload and gets the original result.
  | 'IDEMPOTENCY_KEY_REUSED'
  // The writer's role allows this kind of write, but not at this match.
  | 'FORBIDDEN';

// The matches module's one error type: what it refuses that is not a rule of the game.
export class MatchError extends CodedError<MatchErrorCode> {
  constructor(
    readonly code: MatchErrorCode,
    message: string,
  ) {
    super(message);
  }
}

// Constructors that word the message once; every one is a MatchError.
export class MatchNotFoundError extends MatchError {
  constructor(readonly matchId: string) {
    super('MATCH_NOT_FOUND', `No match with id ${matchId}`);
  }
}

export class GameNotFoundError extends MatchError {
  constructor(matchId: string, gameNumber: number) {
    super('GAME_NOT_FOUND', `Match ${matchId} has no game ${gameNumber}`);
  }
}

export class IdempotencyKeyReusedError extends MatchError {
  constructor(commandId: string, where: string) {
    super(
      'IDEMPOTENCY_KEY_REUSED',
      `commandId ${commandId} was already used for a different command${where}; use a new id`,
    );
  }
}

export class MatchAccessDeniedError extends MatchError {
  constructor(message: string) {
    super('FORBIDDEN', message);
  }
}
