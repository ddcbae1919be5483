import { Logger, type INestApplication } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import { ShutdownState } from './shutdown-state';

// How long the server keeps answering (refusing writes) after the last request before it stops
// listening; under steady traffic it never gets that quiet, so it stops listening GRACE_MS after
// the signal anyway (readiness has been failing since, so a balancer has moved on). MAX_DRAIN_MS
// bounds the whole drain, writes in flight included.
const QUIET_MS = 300;
const GRACE_MS = 2_000;
const MAX_DRAIN_MS = 10_000;
// Once the listener is closed: a connection idle this long is closed from here (its client sent
// nothing since its last answer, so no request can be on its way).
const LINGER_MS = 1_000;

// Every request is noted (for the quiet period). Once the listener is closed, each response
// closes its connection (decided when its head is written), so the client's next request opens a
// new connection, which is refused, instead of being cut off on a socket closed under it.
export function shutdownMiddleware(state: ShutdownState) {
  return (_req: Request, res: Response, next: NextFunction): void => {
    state.request();
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: unknown[]) {
      if (state.closingConnections && !this.headersSent) this.setHeader('Connection', 'close');
      return (writeHead as (...a: unknown[]) => Response).apply(this, args);
    } as typeof res.writeHead;
    next();
  };
}

// The server's open HTTP connections, which of them are answering a request, and since when each
// idle one has been idle (a WebSocket, once upgraded, is graphql-ws's to close and not counted).
function track(server: Server) {
  const idleSince = new Map<Socket, number>();
  const busy = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    idleSince.set(socket, Date.now());
    socket.once('close', () => {
      idleSince.delete(socket);
      busy.delete(socket);
    });
  });
  server.on('upgrade', (_req, socket: Socket) => {
    idleSince.delete(socket);
    busy.delete(socket);
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    busy.add(req.socket);
    res.once('close', () => {
      busy.delete(req.socket);
      if (idleSince.has(req.socket)) idleSince.set(req.socket, Date.now());
    });
  });
  return {
    open: () => idleSince.size,
    // Closes the connections idle for at least `ms`.
    closeIdle(ms: number): void {
      const before = Date.now() - ms;
      for (const [socket, since] of idleSince)
        if (!busy.has(socket) && since <= before) socket.destroy();
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// SIGTERM/SIGINT: readiness false and new writes refused with 503 at once, while connections are
// kept (clients keep using them rather than connecting to a listener about to close); writes in
// flight finished; then the listener closes (without http's closing of idle connections, which
// could cut a request just sent), every later response closes its connection, connections left
// idle are closed, and Nest's shutdown runs (subscriptions and webhook dispatch stop, the
// projector stops after its last checkpoint, the stores close), and exit 0. Replaces Nest's
// enableShutdownHooks, which re-raises the signal and so never exits 0.
export function handleShutdownSignals(app: INestApplication): void {
  const state = app.get(ShutdownState);
  const server = app.getHttpServer() as Server;
  const connections = track(server);
  const log = new Logger('Shutdown');
  const onSignal = (signal: NodeJS.Signals) => {
    if (state.shuttingDown) return;
    state.begin();
    log.log(`${signal}: refusing new writes, finishing ${state.inFlight} in flight`);
    const deadline = Date.now() + MAX_DRAIN_MS;
    void (async () => {
      let drained = await state.drained(QUIET_MS, GRACE_MS, MAX_DRAIN_MS);
      NetServer.prototype.close.call(server);
      state.closeConnections();
      while (connections.open() > 0 && Date.now() < deadline) {
        connections.closeIdle(LINGER_MS);
        await sleep(10);
      }
      drained = drained && state.inFlight === 0;
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
