import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';

// CORS for HTTP and the same allow-list on the WebSocket upgrade: a browser sends Origin on both,
// and a WebSocket is not covered by the browser's CORS checks, so the server refuses it itself.
export function originAllowed(origins: readonly string[], origin: string | undefined): boolean {
  if (origin === undefined) return true; // not a browser: CORS does not apply
  return origins.includes('*') || origins.includes(origin);
}

export function corsOptions(origins: readonly string[]) {
  return {
    origin: (origin: string | undefined, done: (err: Error | null, allow?: boolean) => void) =>
      done(null, origin !== undefined && originAllowed(origins, origin)),
    methods: ['GET', 'POST', 'OPTIONS'],
    allowedHeaders: [
      'content-type',
      'authorization',
      'x-correlation-id',
      'apollo-require-preflight',
    ],
    // A browser client may read the id its request was logged and stored under.
    exposedHeaders: ['x-correlation-id'],
    maxAge: 600,
  };
}

// A page served by this server (the match viewer) connects from its own origin.
function sameOrigin(req: IncomingMessage): boolean {
  try {
    return new URL(req.headers.origin ?? '').host === req.headers.host;
  } catch {
    return false;
  }
}

// Runs before the GraphQL server's own upgrade handler: a refused upgrade is answered 403 and its
// socket destroyed, so that handler finds nothing to upgrade.
export function refuseForeignUpgrades(server: Server, origins: readonly string[]): void {
  server.prependListener('upgrade', (req: IncomingMessage, socket: Duplex) => {
    if (originAllowed(origins, req.headers.origin) || sameOrigin(req)) return;
    socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    socket.destroy();
  });
}
