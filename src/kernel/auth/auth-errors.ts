import { CodedError } from '../../domain/coded-error';

// UNAUTHENTICATED: no valid token where one is needed (or a token that does not verify).
// FORBIDDEN: a valid token whose role or assignment does not allow this write.
export type AuthErrorCode = 'UNAUTHENTICATED' | 'FORBIDDEN';

export class AuthError extends CodedError<AuthErrorCode> {
  constructor(
    readonly code: AuthErrorCode,
    message: string,
  ) {
    super(message);
  }
}
