import { Logger, type INestApplication } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { ShutdownState } from './shutdown-state';

// How long the server keeps answering (refusing writes) after the last request before it stops
// listening, and the most a shutdown waits for writes in flight.
const QUIET_MS = 300;
const MAX_DRAIN_MS = 10_000;

// Every request is noted (for the quiet period); during a shutdown each response closes its
// connection, so no client reuses a keep-alive socket the server is about to close.
export function shutdownMiddleware(state: ShutdownState) {
  return (_req: Request, res: Response, next: NextFunction): void => {
    state.request();
    if (state.shuttingDown) res.setHeader('Connection', 'close');
    next();
  };
}

// SIGTERM/SIGINT: readiness false and new writes refused at once, writes in flight finished,
// then Nest's shutdown (subscriptions and webhook dispatch stop, the projector stops after its
// last checkpoint, the stores close), and exit 0. Replaces Nest's enableShutdownHooks, which
// re-raises the signal and so never exits 0.
export function handleShutdownSignals(app: INestApplication): void {
  const state = app.get(ShutdownState);
  const log = new Logger('Shutdown');
  const onSignal = (signal: NodeJS.Signals) => {
    if (state.shuttingDown) return;
    state.begin();
    log.log(`${signal}: refusing new writes, finishing ${state.inFlight} in flight`);
    void (async () => {
      const drained = await state.drained(QUIET_MS, MAX_DRAIN_MS);
      if (!drained) log.warn(`${state.inFlight} writes still running after ${MAX_DRAIN_MS} ms`);
      await app.close();
      log.log('Stopped');
      process.exit(drained ? 0 : 1);
    })().catch((err: unknown) => {
      log.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
      process.exit(1);
    });
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
