// The audit module's one error type: a query it cannot answer as asked.
export class AuditQueryError extends Error {
  constructor(
    readonly code: 'BAD_USER_INPUT' | 'NOT_FOUND',
    message: string,
  ) {
    super(message);
    this.name = 'AuditQueryError';
  }
}
