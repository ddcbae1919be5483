import type { ApolloServerPlugin } from '@apollo/server';
import type { Request } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { Params } from 'nestjs-pino';
import pino from 'pino';
import type { Options } from 'pino-http';
import type { OpsSettings } from '../config/ops-settings';

// The same rule as the write path's check of the header (src/kernel/request-context.ts).
const CORRELATION_ID = /^[A-Za-z0-9._:@-]{1,64}$/;
const OPERATION = Symbol('graphqlOperation');

interface Operation {
  name: string;
  errors: string[];
}
type Tagged = IncomingMessage & { [OPERATION]?: Operation };

// Notes the operation's name and its error codes on the request, for the request's log line.
export function operationLogPlugin(): ApolloServerPlugin<{ req: Request }> {
  return {
    requestDidStart() {
      return Promise.resolve({
        willSendResponse({ contextValue, operation, operationName, response }) {
          const body = response.body;
          const errors = body.kind === 'single' ? (body.singleResult.errors ?? []) : [];
          const root = operation?.selectionSet.selections.find((s) => s.kind === 'Field');
          (contextValue.req as Tagged)[OPERATION] = {
            name:
              operationName ??
              (operation && root?.kind === 'Field'
                ? `${operation.operation} ${root.name.value}`
                : 'invalid'),
            errors: [
              ...new Set(errors.map((e) => String(e.extensions?.code ?? 'INTERNAL_SERVER_ERROR'))),
            ],
          };
          return Promise.resolve();
        },
      });
    },
  };
}

// The correlation id: the client's X-Correlation-Id when well formed, else a new one, which the
// write path then stores in the event metadata. Returned in the response either way.
function correlationId(req: IncomingMessage, res: ServerResponse): string {
  const given = req.headers['x-correlation-id'];
  let id = typeof given === 'string' && CORRELATION_ID.test(given) ? given : undefined;
  if (!id) {
    id = randomUUID();
    if (given === undefined) req.headers['x-correlation-id'] = id;
  }
  res.setHeader('X-Correlation-Id', id);
  return id;
}

function message(req: IncomingMessage, res: ServerResponse, ms: number): string {
  return `${(req as Tagged)[OPERATION]?.name ?? req.method} ${res.statusCode} ${Math.round(ms)} ms`;
}

// Answered by GraphQL with codes, none of them an internal error: pino-http's own "failed with
// status code" error is then no news, and its stack trace none either.
function refusal(req: IncomingMessage, err: Error | undefined): boolean {
  const codes = (req as Tagged)[OPERATION]?.errors ?? [];
  return (
    codes.length > 0 &&
    !codes.includes('INTERNAL_SERVER_ERROR') &&
    (!err || err.message.startsWith('failed with status code'))
  );
}

// pino-http: one line per request (probes and scrapes left out) with the operation, the HTTP
// status, the duration, the correlation id and the token's subject; headers are never logged.
// Who made a request (the token's subject), provided by the application's token service.
export type RequestSubject = (req: IncomingMessage) => string | null;
export const REQUEST_SUBJECT = Symbol('REQUEST_SUBJECT');

export function loggerParams(
  ops: OpsSettings,
  subjectOf: (req: IncomingMessage) => string | null,
): Params {
  function requestFields(req: IncomingMessage & { id?: unknown }) {
    const op = (req as Tagged)[OPERATION];
    return {
      correlationId: req.id,
      subject: subjectOf(req),
      ...(op ? { operation: op.name, errors: op.errors.length ? op.errors : undefined } : {}),
    };
  }

  const options: Options = {
    level: ops.logLevel,
    transport:
      ops.logFormat === 'pretty'
        ? { target: 'pino-pretty', options: { singleLine: true, translateTime: 'SYS:HH:MM:ss' } }
        : undefined,
    genReqId: correlationId,
    autoLogging: { ignore: (req) => /^\/(health|metrics)(\/|$)/.test(req.url ?? '') },
    serializers: {
      req: (req: { method: string; url: string }) => ({
        method: req.method,
        path: req.url.split('?')[0],
      }),
      res: (res: { statusCode: number }) => ({ status: res.statusCode }),
    },
    // A refusal the server chose to send (a 503 while shutting down, any coded GraphQL answer)
    // is a warning without a stack; only an unexpected failure is an error with one.
    customLogLevel: (req, res, err) =>
      res.statusCode < 500 && !err ? 'info' : refusal(req, err) ? 'warn' : 'error',
    // At the end of the request only (customProps would bind them twice).
    customSuccessObject: (req, _res, line: object) => ({ ...line, ...requestFields(req) }),
    customErrorObject: (req, _res, err, line: object) => {
      const { err: _stack, ...rest } = line as { err?: unknown };
      return { ...(refusal(req, err) ? rest : line), ...requestFields(req) };
    },
    customSuccessMessage: message,
    // pino-http passes the response time as a fourth argument its types leave out.
    customErrorMessage: (req, res, _err, ms?: number) => message(req, res, ms ?? 0),
  };
  if (ops.logFormat === 'pretty') return { pinoHttp: options };
  // JSON lines written in the background: a request never waits for its log line to reach the
  // terminal or the file; what is pending is flushed when the process exits.
  return { pinoHttp: [options, pino.destination({ dest: 1, sync: false })] };
}
