import { CodedError } from '../domain/coded-error';

export type AuditErrorCode = 'BAD_USER_INPUT' | 'NOT_FOUND';

// The audit module's one error type: a query it cannot answer as asked.
export class AuditQueryError extends CodedError<AuditErrorCode> {
  constructor(
    readonly code: AuditErrorCode,
    message: string,
  ) {
    super(message);
  }
}
