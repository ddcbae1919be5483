import { CodedError } from '../domain/coded-error';

export type ResultsFileErrorCode = 'BAD_USER_INPUT';

// The results files' one error type: a file asked for in a way it cannot be made.
export class ResultsFileError extends CodedError<ResultsFileErrorCode> {
  constructor(
    readonly code: ResultsFileErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

// A period's bounds are calendar dates (YYYY-MM-DD), so the CLI and GraphQL ask the same thing.
export function checkPeriod(from?: string | null, to?: string | null): void {
  for (const [name, v] of [
    ['from', from],
    ['to', to],
  ] as const)
    if (v != null && (!DATE.test(v) || Number.isNaN(Date.parse(v))))
      throw new ResultsFileError(
        'BAD_USER_INPUT',
        `${name} must be a date, YYYY-MM-DD (got "${v}")`,
      );
  if (from != null && to != null && from > to)
    throw new ResultsFileError('BAD_USER_INPUT', `from (${from}) is after to (${to})`);
}
