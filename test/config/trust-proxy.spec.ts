import { trustProxySetting } from '../../src/config/proxy-settings';
import { removeDir, startServer } from '../support/server';

describe('LEDGER_TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['1', 1],
    ['2', 2],
    ['loopback', ['loopback']],
    ['10.0.0.0/8, loopback', ['10.0.0.0/8', 'loopback']],
    ['192.0.2.10,2001:db8::/32', ['192.0.2.10', '2001:db8::/32']],
  ])('%j is accepted as %j', (raw, expected) => {
    const problems: string[] = [];
    expect(trustProxySetting(raw, problems)).toEqual(expected);
    expect(problems).toEqual([]);
  });

  it.each([['true'], ['0'], ['11'], ['10.0.0.0/33'], ['proxy.example.org'], ['loopback,'], ['*']])(
    '%j is refused',
    (raw) => {
      const problems: string[] = [];
      expect(trustProxySetting(raw, problems)).toBe(false);
      expect(problems).toEqual([expect.stringMatching(/^LEDGER_TRUST_PROXY must be/)]);
    },
  );

  // Behind a proxy on loopback, each client's address comes from X-Forwarded-For: one client
  // spending its rate limit does not spend everyone's.
  it('with the proxy trusted, the rate limit counts each forwarded client apart; without, all as one', async () => {
    const codes = async (env: Record<string, string>) => {
      const server = await startServer(undefined, { LEDGER_RATE_LIMIT: '2', ...env });
      try {
        const ask = async (client: string) =>
          (await server.gql('{ matches { totalCount } }', {}, { 'x-forwarded-for': client }))
            .errors?.[0]?.extensions.code ?? 'OK';
        const out: string[] = [];
        for (const client of ['198.51.100.1', '198.51.100.1', '198.51.100.1', '198.51.100.2'])
          out.push(await ask(client));
        return out;
      } finally {
        await server.close();
        removeDir(server.dataDir);
      }
    };
    expect(await codes({ LEDGER_TRUST_PROXY: 'loopback' })).toEqual([
      'OK',
      'OK',
      'RATE_LIMITED',
      'OK',
    ]);
    expect(await codes({})).toEqual(['OK', 'OK', 'RATE_LIMITED', 'RATE_LIMITED']);
  }, 60_000);
});
