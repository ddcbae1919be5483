import type { ApolloServerPlugin } from '@apollo/server';
import {
  Injectable,
  Logger,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import type { Request } from 'express';
import type { FieldNode, GraphQLResolveInfo, ValueNode } from 'graphql';
import { tap, type Observable } from 'rxjs';
import { writeOutcome } from '../kernel/graphql/write-outcome';

// One log line per write (each root field of a mutation): the command, the match, the revision
// and the outcome (ok, conflict, refused with its code). The resolver's result is noted on the
// request by WriteNotesInterceptor (it holds the revision even when the client did not select
// it); writePlugin writes the line once the response is known, so refusals from the guard or
// from input validation, which never reach the resolver, get theirs too.

const WRITES = Symbol('writes');
type Noted = Request & { [WRITES]?: Map<string, WriteNote>; id?: unknown };

interface WriteNote {
  matchId: string | null;
  revision: number | null;
}

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const int = (v: unknown): number | null => (Number.isInteger(v) ? (v as number) : null);

@Injectable()
export class WriteNotesInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType<'graphql'>() !== 'graphql') return next.handle();
    const gql = GqlExecutionContext.create(context);
    const info = gql.getInfo<GraphQLResolveInfo>();
    const req = gql.getContext<{ req?: Noted }>().req;
    if (!req || info.parentType.name !== 'Mutation' || info.path.prev) return next.handle();
    return next.handle().pipe(
      tap((result) => {
        const r = (result ?? {}) as Record<string, unknown>;
        (req[WRITES] ??= new Map()).set(String(info.path.key), {
          matchId: text(r.matchId),
          revision: int(r.revision),
        });
      }),
    );
  }
}

// The `input` argument's field, from the query text or its variables (for writes refused before
// the resolver ran).
function inputField(field: FieldNode, variables: Record<string, unknown>, name: string): unknown {
  const input = field.arguments?.find((a) => a.name.value === 'input')?.value;
  const valueOf = (v: ValueNode | undefined): unknown =>
    v === undefined
      ? undefined
      : v.kind === 'Variable'
        ? variables[v.name.value]
        : v.kind === 'StringValue'
          ? v.value
          : v.kind === 'IntValue'
            ? Number(v.value)
            : undefined;
  if (input?.kind === 'Variable')
    return (variables[input.name.value] as Record<string, unknown> | undefined)?.[name];
  if (input?.kind === 'ObjectValue')
    return valueOf(input.fields.find((f) => f.name.value === name)?.value);
  return undefined;
}

export function writeLogPlugin(
  logger = new Logger('Writes'),
): ApolloServerPlugin<{ req: Request }> {
  return {
    requestDidStart() {
      return Promise.resolve({
        willSendResponse({ contextValue, operation, request, response }) {
          if (operation?.operation !== 'mutation') return Promise.resolve();
          const req = contextValue.req as Noted;
          const body = response.body;
          const errors = body.kind === 'single' ? (body.singleResult.errors ?? []) : [];
          const data = body.kind === 'single' ? body.singleResult.data : undefined;
          const variables = request.variables ?? {};
          for (const field of operation.selectionSet.selections) {
            if (field.kind !== 'Field') continue;
            const key = field.alias?.value ?? field.name.value;
            const note = req[WRITES]?.get(key);
            const error = errors.find((e) => e.path?.[0] === key);
            const { outcome, code } = writeOutcome(errors, data, key);
            const write = {
              command: field.name.value,
              matchId: note?.matchId ?? text(inputField(field, variables, 'matchId')),
              // After the write; for a conflict, the match's current revision.
              revision: note?.revision ?? int(error?.extensions?.actualRevision),
              expectedRevision: int(inputField(field, variables, 'expectedRevision')),
              outcome,
              ...(code ? { code } : {}),
            };
            logger.log(
              { write, correlationId: req.id },
              `write ${write.command} ${write.matchId ?? '-'}@${write.revision ?? '-'} ${outcome}${code ? ` ${code}` : ''}`,
            );
          }
          return Promise.resolve();
        },
      });
    },
  };
}
