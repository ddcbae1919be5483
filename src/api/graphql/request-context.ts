import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import { ACTOR_ROLES, type ActorRole } from '../../domain';
import type { CommandContext } from '../../matches/command-context';
import { InputValidationError } from './errors';
import type { CommandInput, MatchCommandInput } from './inputs/command.input';

export interface GqlContext {
  req: Request;
}

const HEADER_VALUE = /^[A-Za-z0-9][A-Za-z0-9._:@-]{0,63}$/;

function header(req: Request, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

// Identity comes from X-Actor / X-Actor-Role headers until bearer tokens replace them (issue 5).
export function commandContext(
  ctx: GqlContext,
  input: CommandInput | MatchCommandInput,
): CommandContext {
  const req = ctx.req;
  const actor = header(req, 'x-actor') ?? 'anonymous';
  const role = (header(req, 'x-actor-role') ?? 'SCORER').toUpperCase();
  const correlationId = header(req, 'x-correlation-id') ?? randomUUID();
  const problems = [];
  if (!HEADER_VALUE.test(actor))
    problems.push({ field: 'X-Actor', problems: ['must be 1–64 letters, digits or ._:@-'] });
  if (!(ACTOR_ROLES as readonly string[]).includes(role))
    problems.push({
      field: 'X-Actor-Role',
      problems: [`must be one of ${ACTOR_ROLES.join(', ')}`],
    });
  if (!HEADER_VALUE.test(correlationId))
    problems.push({
      field: 'X-Correlation-Id',
      problems: ['must be 1–64 letters, digits or ._:@-'],
    });
  if (problems.length) throw new InputValidationError(problems);
  const agent = header(req, 'user-agent');
  return {
    actor,
    role: role as ActorRole,
    origin: `${req.ip ?? 'unknown'}${agent ? ` ${agent.slice(0, 120)}` : ''}`,
    commandId: input.commandId ?? randomUUID(),
    correlationId,
    causationId: null,
    occurredAt: input.occurredAt ?? null,
    expectedRevision:
      'expectedRevision' in input && input.expectedRevision !== undefined
        ? input.expectedRevision
        : null,
  };
}
