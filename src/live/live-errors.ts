import { CodedError } from '../domain/coded-error';

export type LiveErrorCode = 'BAD_USER_INPUT';

// The live module's one error type: a subscription it cannot open as asked.
export class LiveError extends CodedError<LiveErrorCode> {
  constructor(
    readonly code: LiveErrorCode,
    message: string,
  ) {
    super(message);
  }
}

// WebSocket close codes this server uses beyond graphql-ws's own (4400–4500).
export const CLOSE = {
  UNAUTHORIZED: 4401,
  ORIGIN_REFUSED: 4403,
  SLOW_CONSUMER: 4420,
  TOO_MANY_CONNECTIONS: 4503,
} as const;

// A ledger position as clients hold it: an unsigned integer in decimal.
export function parseCursor(after: string | null | undefined): bigint | undefined {
  if (after === null || after === undefined || after === '') return undefined;
  if (!/^\d{1,40}$/.test(after))
    throw new LiveError(
      'BAD_USER_INPUT',
      `after must be a ledger position (digits), got "${after}"`,
    );
  return BigInt(after);
}
