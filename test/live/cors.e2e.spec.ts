import WebSocket from 'ws';
import { loadConfig } from '../../src/config/configuration';
import { liveClient } from '../support/live-client';
import { removeDir, startServer, TEST_JWT_SECRET, type TestServer } from '../support/server';

const ALLOWED = 'https://board.example.org';
const REFUSED = 'https://evil.example.net';

// One allow-list for HTTP (CORS headers) and the subscriptions' WebSocket upgrade (Origin check).
describe('live: CORS allow-list on HTTP and on the WebSocket upgrade', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(undefined, { LEDGER_CORS_ORIGINS: ALLOWED });
  });
  afterAll(async () => {
    await server.close();
    removeDir(server.dataDir);
  });

  const query = (origin: string) =>
    fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
  const preflight = (origin: string) =>
    fetch(server.url, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,authorization',
      },
    });

  it('an allowed origin gets the CORS headers on a query and on its preflight', async () => {
    const res = await query(ALLOWED);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    const pre = await preflight(ALLOWED);
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(pre.headers.get('access-control-allow-headers')).toMatch(/authorization/);
  });

  it('a refused origin gets no CORS header, so the browser withholds the answer', async () => {
    const res = await query(REFUSED);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const pre = await preflight(REFUSED);
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('the WebSocket upgrade from an allowed origin connects', async () => {
    const c = liveClient(server.url, { origin: ALLOWED });
    await c.connected;
    await c.client.dispose();
  });

  it('a page served by this server connects from its own origin without being listed', async () => {
    const c = liveClient(server.url, { origin: new URL(server.url).origin });
    await c.connected;
    await c.client.dispose();
  });

  it('the WebSocket upgrade from a refused origin is answered 403 and never opens', async () => {
    const ws = new WebSocket(server.url.replace(/^http/, 'ws'), 'graphql-transport-ws', {
      origin: REFUSED,
    });
    const outcome = await new Promise<string>((resolve) => {
      ws.on('open', () => resolve('open'));
      ws.on('unexpected-response', (_req, res) => resolve(`status ${res.statusCode}`));
      ws.on('error', (err) => resolve(`error ${err.message}`));
    });
    ws.terminate();
    expect(outcome).toBe('status 403');
  });
});

describe('live: CORS settings', () => {
  const env = (extra: Record<string, string>) => ({ LEDGER_JWT_SECRET: TEST_JWT_SECRET, ...extra });

  it('allows no other origin by default outside development, any in development', () => {
    expect(loadConfig(env({ NODE_ENV: 'production' })).live.corsOrigins).toEqual([]);
    expect(loadConfig(env({ NODE_ENV: 'test' })).live.corsOrigins).toEqual([]);
    expect(loadConfig(env({ NODE_ENV: 'development' })).live.corsOrigins).toEqual(['*']);
  });

  it('refuses an allow-list entry that is not an origin', () => {
    expect(() => loadConfig(env({ LEDGER_CORS_ORIGINS: 'board.example.org/path' }))).toThrow(
      /not an origin/,
    );
  });
});
