import { Logger, ValidationPipe, type INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { ValidationError } from 'class-validator';
import type { NextFunction, Request, Response } from 'express';
import { InputValidationError, type FieldProblem } from './kernel/input-errors';
import { mountAltair } from './api/ide/altair';
import { aliasLimit } from './api/graphql/limits';
import { inTurnWhenLong } from './api/graphql/document-turns';
import { clientOf, TokenService } from './api/auth/tokens';
import { LEDGER_CONFIG, type LedgerConfig } from './config/configuration';
import { corsOptions, refuseForeignUpgrades } from './live/cors';
import { addressUpgrades } from './live/upgrade-address';
import { shutdownMiddleware } from './health/graceful-shutdown';
import { ShutdownState } from './health/shutdown-state';

function flatten(errors: ValidationError[], prefix = ''): FieldProblem[] {
  return errors.flatMap((e) => {
    const field = prefix ? `${prefix}.${e.property}` : e.property;
    const own = e.constraints ? [{ field, problems: Object.values(e.constraints) }] : [];
    return [...own, ...flatten(e.children ?? [], field)];
  });
}

const BODY_ERRORS: Record<number, [string, string]> = {
  400: ['BAD_REQUEST', 'The request body is not valid JSON'],
  413: ['PAYLOAD_TOO_LARGE', 'The request body is larger than the server accepts'],
  415: ['UNSUPPORTED_MEDIA_TYPE', 'The request body encoding is not supported'],
};

// Errors raised before GraphQL sees the request (body parsing): a GraphQL-shaped JSON answer with
// a code, never Express's HTML page or a stack trace.
function bodyErrorHandler(err: unknown, _req: Request, res: Response, next: NextFunction): void {
  if (res.headersSent) return next(err);
  const e = err as { status?: number; statusCode?: number };
  const status = e.status ?? e.statusCode ?? 500;
  if (status >= 500) new Logger('HTTP').error(err instanceof Error ? err.stack : String(err));
  const [code, message] =
    status >= 500
      ? ['INTERNAL_SERVER_ERROR', 'Internal server error']
      : (BODY_ERRORS[status] ?? ['BAD_REQUEST', 'The request could not be read']);
  res.status(status).json({ errors: [{ message, extensions: { code } }], data: null });
}

// Shared by main.ts and the end-to-end tests, so tests run the server as it ships.
export function configureApp(app: INestApplication): INestApplication {
  const config = app.get<LedgerConfig>(LEDGER_CONFIG);
  const express = app as NestExpressApplication;
  express.disable('x-powered-by');
  // Behind a reverse proxy: the client address (rate limits, the origin log) from the hops trusted.
  express.set('trust proxy', config.ops.trustProxy);
  express.use(shutdownMiddleware(app.get(ShutdownState)));
  // One allow-list of origins for HTTP (CORS) and for the subscriptions' WebSocket upgrade.
  express.enableCors(corsOptions(config.live.corsOrigins));
  refuseForeignUpgrades(express.getHttpServer(), config.live.corsOrigins);
  addressUpgrades(express.getHttpServer(), express.getHttpAdapter().getInstance());
  // Registered before Nest's defaults, which then stay out of the way (same parser names).
  express.useBodyParser('json', { limit: config.limits.bodyLimitBytes });
  express.useBodyParser('urlencoded', { limit: config.limits.bodyLimitBytes, extended: false });
  express.use(bodyErrorHandler);
  // Before Apollo: a document of too many aliases is refused before validation works on it.
  // A long document first waits for its turn in its client's lane (document-turns.ts).
  const tokens = app.get(TokenService);
  express.use(
    '/graphql',
    inTurnWhenLong(aliasLimit(config.limits.maxTokens), (req) => clientOf(tokens, req)),
  );
  // The offline GraphQL IDE at /altair (LEDGER_GRAPHQL_LANDING_PAGE, off in production).
  if (config.graphql.landingPage) mountAltair(express);
  app.useGlobalPipes(
    new ValidationPipe({
      transform: true,
      whitelist: true,
      forbidNonWhitelisted: true,
      exceptionFactory: (errors) => new InputValidationError(flatten(errors)),
    }),
  );
  return app;
}
