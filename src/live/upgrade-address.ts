import type { Express } from 'express';
import type { IncomingMessage, Server } from 'node:http';

// A WebSocket upgrade never passes through Express, so it has no `req.ip`. This gives it the one
// Express would compute (its `trust proxy` setting, LEDGER_TRUST_PROXY, over X-Forwarded-For), so
// behind a trusted proxy each spectator is counted by its own address, as over HTTP.
export function addressUpgrades(server: Server, app: Express): void {
  server.prependListener('upgrade', (req: IncomingMessage) => {
    // The same getter as req.ip, on a request object of this app carrying the upgrade's socket and
    // headers (what the address resolution reads).
    const view = Object.create(app.request as object, {
      socket: { value: req.socket },
      connection: { value: req.socket },
      headers: { value: req.headers },
    }) as { ip?: string };
    const address = view.ip ?? req.socket.remoteAddress;
    Object.defineProperty(req, 'ip', { value: address, configurable: true, enumerable: true });
  });
}

// The client address of an upgrade request: the one above, else the socket's.
export function upgradeAddress(req: IncomingMessage): string | undefined {
  return (req as IncomingMessage & { ip?: string }).ip ?? req.socket?.remoteAddress;
}
