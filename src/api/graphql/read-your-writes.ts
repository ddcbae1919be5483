import type { ApolloServerPlugin } from '@apollo/server';
import {
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import type { Request } from 'express';
import {
  DirectiveLocation,
  GraphQLDirective,
  GraphQLError,
  GraphQLNonNull,
  GraphQLString,
  type OperationDefinitionNode,
} from 'graphql';
import { Observable } from 'rxjs';
import { runInWriteScope, type WriteScope } from '../../ledger/write-scope';
import type { PositionWaiter } from '../../projections/position-waiter';
import { InputValidationError } from '../../kernel/input-errors';
import { toGraphQLError } from './errors';

// Read-your-writes across replicas. A response whose operation appended carries the furthest
// ledger position it reached (X-Ledger-Position, extensions.ledgerPosition, and each
// CommandResult's own `position`); a query sent with that position (the X-Ledger-Min-Position
// header, or the @atLeastPosition directive on the operation) waits until this replica's read
// model has reached it, at most LEDGER_READ_WAIT_MS, else READ_MODEL_BEHIND.

export const POSITION_HEADER = 'x-ledger-position';
export const MIN_POSITION_HEADER = 'x-ledger-min-position';

export const atLeastPositionDirective = new GraphQLDirective({
  name: 'atLeastPosition',
  description:
    "Answer this query only once this replica's read model has reached the ledger position (a write's `position`); refused with READ_MODEL_BEHIND after the server's wait. The header X-Ledger-Min-Position does the same.",
  locations: [DirectiveLocation.QUERY],
  args: { position: { type: new GraphQLNonNull(GraphQLString) } },
});

const scopes = new WeakMap<Request, WriteScope>();

function scopeOf(req: Request): WriteScope {
  let scope = scopes.get(req);
  if (!scope) scopes.set(req, (scope = { position: null }));
  return scope;
}

// Runs each root resolver inside its request's write scope, so the store notes what it appends.
@Injectable()
export class WriteScopeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType<'graphql'>() !== 'graphql') return next.handle();
    const req = GqlExecutionContext.create(context).getContext<{ req?: Request }>().req;
    if (!req) return next.handle();
    const scope = scopeOf(req);
    return new Observable((subscriber) =>
      runInWriteScope(scope, () => next.handle().subscribe(subscriber)),
    );
  }
}

const POSITION = /^\d{1,40}$/;

function minPosition(
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
  req: Request | undefined,
): bigint | null {
  const directive = operation.directives?.find((d) => d.name.value === 'atLeastPosition');
  const arg = directive?.arguments?.find((a) => a.name.value === 'position')?.value;
  let raw: unknown;
  let field = 'X-Ledger-Min-Position';
  if (arg) {
    field = '@atLeastPosition(position)';
    raw = arg.kind === 'Variable' ? variables[arg.name.value] : 'value' in arg ? arg.value : null;
  } else {
    const h = req?.headers?.[MIN_POSITION_HEADER];
    raw = Array.isArray(h) ? h[0] : h;
    if (raw === undefined || raw === '') return null;
  }
  if (typeof raw !== 'string' || !POSITION.test(raw.trim()))
    throw new InputValidationError([
      { field, problems: ['must be a ledger position: a whole number as a decimal string'] },
    ]);
  return BigInt(raw.trim());
}

export function readYourWritesPlugin(
  waiter: PositionWaiter,
  waitMs: number,
): ApolloServerPlugin<{ req: Request }> {
  return {
    requestDidStart() {
      return Promise.resolve({
        async didResolveOperation({ operation, request, contextValue }) {
          if (operation?.operation !== 'query') return;
          try {
            const wanted = minPosition(operation, request.variables ?? {}, contextValue.req);
            if (wanted !== null) await waiter.reach(wanted, waitMs);
          } catch (err) {
            const refused = toGraphQLError(err);
            // Apollo answers an error before execution with 500 unless told: a replica behind is
            // unavailable for now (503), a malformed position the client's to fix (400).
            const status = refused.extensions.code === 'READ_MODEL_BEHIND' ? 503 : 400;
            throw new GraphQLError(refused.message, {
              extensions: { ...refused.extensions, http: { status } },
            });
          }
        },
        willSendResponse({ contextValue, response }) {
          const req = contextValue.req as Request | undefined;
          const reached = req ? scopes.get(req)?.position : null;
          if (reached === null || reached === undefined) return Promise.resolve();
          response.http.headers.set(POSITION_HEADER, reached.toString());
          if (response.body.kind === 'single') {
            const result = response.body.singleResult;
            result.extensions = { ...result.extensions, ledgerPosition: reached.toString() };
          }
          return Promise.resolve();
        },
      });
    },
  };
}
