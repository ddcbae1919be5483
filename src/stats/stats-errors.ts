import { CodedError } from '../domain/coded-error';

export type StatsErrorCode = 'NOT_FOUND' | 'BAD_USER_INPUT';

// The stats module's one error type: a stats query it cannot answer as asked.
export class StatsError extends CodedError<StatsErrorCode> {
  constructor(
    readonly code: StatsErrorCode,
    message: string,
  ) {
    super(message);
  }
}
