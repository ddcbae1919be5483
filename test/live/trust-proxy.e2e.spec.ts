import { liveClient, type LiveClient } from '../support/live-client';
import { removeDir, startServer } from '../support/server';

// What one graphql-ws operation answers: OK or its error's code.
function codeOf(c: LiveClient, query: string): Promise<string> {
  return new Promise((resolve) => {
    let code = 'OK';
    c.client.subscribe(
      { query },
      {
        next: (v) => {
          if (v.errors) code = String(v.errors[0]?.extensions?.code);
        },
        error: (e) => resolve(String((Array.isArray(e) ? e[0] : e)?.extensions?.code ?? e)),
        complete: () => resolve(code),
      },
    );
  });
}

// Behind a proxy on loopback, spectators' WebSocket connections are counted by the address the
// proxy forwards (X-Forwarded-For), as HTTP requests are: one spectator spending its limits does
// not spend the others'. Without the setting, the header is ignored and all share one address.
describe('LEDGER_TRUST_PROXY over the WebSocket', () => {
  const run = async (env: Record<string, string>, query: string) => {
    const server = await startServer(undefined, env);
    const clients: LiveClient[] = [];
    try {
      const as = async (address: string) => {
        const c = liveClient(server.url, { headers: { 'x-forwarded-for': address } });
        clients.push(c);
        await c.connected;
        return c;
      };
      const first = await as('198.51.100.1');
      const out: string[] = [];
      for (let i = 0; i < 3; i++) out.push(await codeOf(first, query));
      out.push(await codeOf(await as('198.51.100.2'), query));
      return out;
    } finally {
      for (const c of clients) await c.client.dispose();
      await server.close();
      removeDir(server.dataDir);
    }
  };

  it.each([
    ['the request limit', { LEDGER_RATE_LIMIT: '2' }, '{ matches { totalCount } }'],
    // statsCsv costs 10 on an empty ledger: two fit in 25 points.
    ['the cost budget', { LEDGER_RATE_COST_LIMIT: '25' }, '{ statsCsv }'],
  ])(
    '%s counts each forwarded spectator apart when trusted, all as one otherwise',
    async (_what, env, query) => {
      expect(await run({ ...env, LEDGER_TRUST_PROXY: 'loopback' }, query)).toEqual([
        'OK',
        'OK',
        'RATE_LIMITED',
        'OK',
      ]);
      expect(await run(env, query)).toEqual(['OK', 'OK', 'RATE_LIMITED', 'RATE_LIMITED']);
    },
    60_000,
  );
});
