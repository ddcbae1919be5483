import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import type { CommandContext, MatchAccess } from './command-context';
import { AuthError } from './auth/auth-errors';
import { authorize, type MutationName, type Principal } from './auth/policy';
import { InputValidationError } from './input-errors';
import type { CommandInput, MatchCommandInput } from './graphql/inputs/command.input';

// What a subscription resolver may do with its graphql-ws connection (live/live-gate.ts's
// LiveConnection is one): drop a slow consumer.
export interface SubscriptionConnection {
  drop(reason: string): void;
}

export interface GqlContext {
  req: Request;
  // Over graphql-ws: the connection a subscription belongs to.
  live?: SubscriptionConnection;
}

const HEADER_VALUE = /^[A-Za-z0-9][A-Za-z0-9._:@-]{0,63}$/;

function header(req: Request, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

// The writer is the verified bearer token (the AuthGuard has already checked the role against
// MUTATION_POLICY); this turns it into the command's context and its per-match access scope.
export function commandContext(
  ctx: GqlContext,
  principal: Principal | null,
  mutation: MutationName,
  input: CommandInput | MatchCommandInput,
): CommandContext {
  const decision = authorize(mutation, principal);
  if (!decision.allowed || principal === null) {
    if (!decision.allowed && decision.reason === 'FORBIDDEN')
      throw new AuthError('FORBIDDEN', decision.message);
    throw new AuthError('UNAUTHENTICATED', `${mutation} needs a bearer token`);
  }
  let access: MatchAccess;
  if (decision.scope === 'ASSIGNED') {
    if (principal.role !== 'SCORER' && principal.role !== 'REFEREE')
      throw new AuthError('FORBIDDEN', `The ${principal.role} role cannot be assigned to a match`);
    // The guard has checked a device's binding against the input's match (a table's included).
    const bound = principal.binding;
    access = bound
      ? {
          scope: 'BOUND',
          duty: principal.role,
          matchId: bound.matchId ?? (input as MatchCommandInput).matchId,
        }
      : { scope: 'ASSIGNED', duty: principal.role };
  } else access = { scope: decision.scope };

  const req = ctx.req;
  const correlationId = header(req, 'x-correlation-id') ?? randomUUID();
  if (!HEADER_VALUE.test(correlationId))
    throw new InputValidationError([
      { field: 'X-Correlation-Id', problems: ['must be 1–64 letters, digits or ._:@-'] },
    ]);
  const agent = header(req, 'user-agent');
  return {
    actor: principal.subject,
    role: principal.role,
    access,
    origin: `${req.ip ?? 'unknown'}${agent ? ` ${agent.slice(0, 120)}` : ''}`,
    commandId: input.commandId,
    correlationId,
    causationId: null,
    occurredAt: input.occurredAt ? input.occurredAt.toISOString() : null,
    expectedRevision:
      'expectedRevision' in input && input.expectedRevision !== undefined
        ? input.expectedRevision
        : null,
  };
}
