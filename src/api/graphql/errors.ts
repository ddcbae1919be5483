import { Catch, HttpException, Logger, type ArgumentsHost } from '@nestjs/common';
import type { GqlExceptionFilter } from '@nestjs/graphql';
import { GraphQLError } from 'graphql';
import { AuditQueryError } from '../../audit/audit-errors';
import { DomainError } from '../../domain';
import { EventStoreError, WrongExpectedRevisionError } from '../../ledger/event-store';
import {
  GameNotFoundError,
  IdempotencyKeyReusedError,
  MatchAccessDeniedError,
  MatchNotFoundError,
} from '../../matches/match-errors';
import { ForbiddenError, UnauthenticatedError } from '../auth/auth-errors';

export interface FieldProblem {
  field: string;
  problems: string[];
}

// Thrown by the validation pipe; carries every field that failed, not only the first.
export class InputValidationError extends Error {
  constructor(readonly fields: FieldProblem[]) {
    super(
      `Invalid input: ${fields.map((f) => `${f.field} (${f.problems.join('; ')})`).join(', ')}`,
    );
    this.name = 'InputValidationError';
  }
}

// Each module's error type maps to one GraphQL extensions.code; anything unknown is an internal
// error whose details stay in the server log.
export function toGraphQLError(err: unknown): GraphQLError {
  if (err instanceof GraphQLError) return err;
  if (err instanceof InputValidationError) {
    return new GraphQLError(err.message, {
      extensions: { code: 'BAD_USER_INPUT', fields: err.fields },
    });
  }
  if (err instanceof DomainError) {
    return new GraphQLError(err.message, {
      extensions: { code: err.code, rule: err.rule ?? null },
    });
  }
  if (err instanceof WrongExpectedRevisionError) {
    return new GraphQLError(err.message, {
      extensions: {
        code: 'CONFLICT',
        expectedRevision: String(err.expected),
        actualRevision: err.actual,
      },
    });
  }
  if (err instanceof EventStoreError)
    return new GraphQLError(err.message, { extensions: { code: err.code } });
  if (err instanceof MatchNotFoundError || err instanceof GameNotFoundError) {
    return new GraphQLError(err.message, { extensions: { code: 'NOT_FOUND' } });
  }
  if (
    err instanceof UnauthenticatedError ||
    err instanceof ForbiddenError ||
    err instanceof MatchAccessDeniedError ||
    err instanceof IdempotencyKeyReusedError
  ) {
    return new GraphQLError(err.message, { extensions: { code: err.code } });
  }
  if (err instanceof AuditQueryError)
    return new GraphQLError(err.message, { extensions: { code: err.code } });
  if (err instanceof HttpException && err.getStatus() === 429) {
    return new GraphQLError('Too many requests: slow down and retry later', {
      extensions: { code: 'RATE_LIMITED' },
    });
  }
  if (err instanceof HttpException && err.getStatus() < 500) {
    return new GraphQLError(err.message, { extensions: { code: 'BAD_USER_INPUT' } });
  }
  new Logger('GraphQL').error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  return new GraphQLError('Internal server error', {
    extensions: { code: 'INTERNAL_SERVER_ERROR' },
  });
}

@Catch()
export class GraphqlErrorFilter implements GqlExceptionFilter {
  catch(exception: unknown, _host: ArgumentsHost): GraphQLError {
    return toGraphQLError(exception);
  }
}
