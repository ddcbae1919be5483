// No valid token where one is needed (or a token that does not verify).
export class UnauthenticatedError extends Error {
  readonly code = 'UNAUTHENTICATED';
  constructor(message: string) {
    super(message);
    this.name = 'UnauthenticatedError';
  }
}

// A valid token whose role or assignment does not allow this write.
export class ForbiddenError extends Error {
  readonly code = 'FORBIDDEN';
  constructor(message: string) {
    super(message);
    this.name = 'ForbiddenError';
  }
}
