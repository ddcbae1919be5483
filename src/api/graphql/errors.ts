import { Catch, HttpException, Logger, type ArgumentsHost } from '@nestjs/common';
import type { GqlExceptionFilter } from '@nestjs/graphql';
import { GraphQLError } from 'graphql';
import type { AuditErrorCode } from '../../audit/audit-errors';
import type { DeviceErrorCode } from '../../devices/device-errors';
import {
  DOMAIN_ERROR_CODES,
  REGISTRY_ERROR_CODES,
  type DomainErrorCode,
  type RegistryErrorCode,
} from '../../domain';
import { CodedError } from '../../domain/coded-error';
import type { EventStoreError } from '../../ledger/event-store';
import type { ReadModelBehindError } from '../../projections/position-waiter';
import type { LiveErrorCode } from '../../live/live-errors';
import type { MatchErrorCode } from '../../kernel/match-errors';
import type { WebhookErrorCode } from '../../webhooks/webhook-errors';
import type { RatingsErrorCode } from '../../domain/ratings';
import type { StatsErrorCode } from '../../stats/stats-errors';
import type { ImportErrorCode } from '../../imports/import-errors';
import type { AuthErrorCode } from '../../kernel/auth/auth-errors';
import { InputValidationError } from '../../kernel/input-errors';

type ServedCode =
  | DomainErrorCode
  | RegistryErrorCode
  | MatchErrorCode
  | AuditErrorCode
  | AuthErrorCode
  | LiveErrorCode
  | WebhookErrorCode
  | RatingsErrorCode
  | StatsErrorCode
  | ImportErrorCode
  | DeviceErrorCode
  | EventStoreError['code']
  | ReadModelBehindError['code']
  | InputValidationError['code'];

// Every code an error served to clients can carry, and the extensions.code clients see for it.
// A new code anywhere fails the type check here until it is given its GraphQL code.
const GRAPHQL_CODES: Record<ServedCode, string> = {
  // Rule refusals reach clients as themselves.
  ...(Object.fromEntries(DOMAIN_ERROR_CODES.map((c) => [c, c])) as Record<DomainErrorCode, string>),
  // So do the registry's (a record not found by a command is a refusal, not a missing page).
  ...(Object.fromEntries(REGISTRY_ERROR_CODES.map((c) => [c, c])) as Record<
    RegistryErrorCode,
    string
  >),
  MATCH_NOT_FOUND: 'NOT_FOUND',
  GAME_NOT_FOUND: 'NOT_FOUND',
  NOT_FOUND: 'NOT_FOUND',
  IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
  FORBIDDEN: 'FORBIDDEN',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  BAD_USER_INPUT: 'BAD_USER_INPUT',
  CONFLICT: 'CONFLICT',
  INVALID_APPEND: 'INVALID_APPEND',
  DUPLICATE_EVENT_ID: 'DUPLICATE_EVENT_ID',
  UNAVAILABLE: 'UNAVAILABLE',
  STREAM_TRUNCATED: 'STREAM_TRUNCATED',
  STREAM_DELETED: 'STREAM_DELETED',
  ACCESS_DENIED: 'FORBIDDEN',
  // Only ever thrown when the store is opened, before anything is served.
  HEADS_MISSING: 'INTERNAL_SERVER_ERROR',
  COMMANDS_MISSING: 'INTERNAL_SERVER_ERROR',
  SHAPES_MISSING: 'INTERNAL_SERVER_ERROR',
  STRUCTURES_MISSING: 'INTERNAL_SERVER_ERROR',
  INVALID_RACE: 'BAD_USER_INPUT',
  // A results file refused whole (extensions.badRows names every bad row).
  BAD_FILE: 'IMPORT_REFUSED',
  BAD_ROWS: 'IMPORT_REFUSED',
  // Enrolment: each refusal of a code by its own code, so the device can say which in words.
  ENROLMENT_CODE_UNKNOWN: 'ENROLMENT_CODE_UNKNOWN',
  ENROLMENT_CODE_USED: 'ENROLMENT_CODE_USED',
  ENROLMENT_CODE_EXPIRED: 'ENROLMENT_CODE_EXPIRED',
  ENROLMENT_CODE_REVOKED: 'ENROLMENT_CODE_REVOKED',
  ENROLMENT_NOT_FOUND: 'NOT_FOUND',
  ENROLMENT_MATCH_INVALID: 'BAD_USER_INPUT',
  // A query's "at least this position" not reached in time (extensions.position: where it stands).
  READ_MODEL_BEHIND: 'READ_MODEL_BEHIND',
};

function isServed(err: unknown): err is CodedError<ServedCode> {
  return err instanceof CodedError && Object.hasOwn(GRAPHQL_CODES, err.code);
}

// Coded errors map through the table; anything unknown is an internal error whose details stay
// in the server log.
export function toGraphQLError(err: unknown): GraphQLError {
  if (err instanceof GraphQLError) return err;
  if (isServed(err)) {
    return new GraphQLError(err.message, {
      extensions: { code: GRAPHQL_CODES[err.code], ...err.details() },
    });
  }
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
