import { CodedError } from '../coded-error';

export type RatingsErrorCode = 'INVALID_RACE';

// Ratings and race queries refused on their arguments.
export class RatingsError extends CodedError<RatingsErrorCode> {
  constructor(
    readonly code: RatingsErrorCode,
    message: string,
  ) {
    super(message);
  }
}
