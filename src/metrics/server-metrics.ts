import type { Server } from 'node:http';
import type { LedgerMetrics } from './ledger-metrics';

// Every HTTP response by its status, counted when it is sent (whatever answered it: GraphQL, a
// page, a probe, a refusal before GraphQL), and the WebSocket connections open: an upgraded
// socket counts until it closes (a refused upgrade closes at once).
export function measureHttpServer(metrics: LedgerMetrics, server: Server): void {
  server.on('request', (_req, res) => {
    res.once('finish', () => metrics.httpResponses.inc({ status: String(res.statusCode) }));
  });
  server.on('upgrade', (_req, socket: NodeJS.EventEmitter & { destroyed?: boolean }) => {
    if (socket.destroyed) return;
    metrics.liveConnections.inc();
    socket.once('close', () => metrics.liveConnections.dec());
  });
}
