import { FOUL_CATALOGUE } from '../../src/domain/rules/foul-catalogue';
import { removeDir, startServer, type TestServer } from '../support/server';

// Over HTTP: the rules query (each rule's text in Portuguese and English, the federation's own
// Portuguese for G1.x) and the decision document's refusals.
describe('the rules query and the decision document’s refusals', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.close();
    removeDir(server.dataDir);
  });

  it('serves every rule a foul cites, in both languages, filterable by ids', async () => {
    const all = await server.gql('{ rules { id en pt ptSource } }');
    const ids = all.data!.rules.map((r: { id: string }) => r.id);
    for (const entry of Object.values(FOUL_CATALOGUE)) expect(ids).toContain(entry.rule);
    expect(ids.slice(0, 3)).toEqual(['G1.1', 'G1.2', 'G1.3']);
    const some = await server.gql('query($i: [String!]) { rules(ids: $i) { id en pt ptSource } }', {
      i: ['G1.19', 'E8.18', 'G1.7'],
    });
    expect(some.data!.rules).toEqual([
      {
        id: 'G1.19',
        en: expect.stringContaining('legally pocket an own-group ball'),
        // The federation's text of 1.19, as written.
        pt: expect.stringContaining(
          '1.19 – Tacada legal Um jogador deve contactar primeiro uma bola do seu grupo',
        ),
        ptSource: 'FEDERATION',
      },
      {
        id: 'E8.18',
        en: expect.stringContaining('The game is lost'),
        pt: expect.stringContaining('Perde o jogo'),
        ptSource: 'LEDGER',
      },
      // The federation's text has no 1.7: the lag is part of 1.6.
      {
        id: 'G1.7',
        en: expect.stringContaining('lag'),
        pt: expect.stringContaining('1.6 – Ordem de saída'),
        ptSource: 'FEDERATION',
      },
    ]);
    const bad = await server.gql('{ rules(ids: ["G1.19", "X9.9"]) { id } }');
    expect(bad.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(bad.errors?.[0].message).toContain('X9.9');
  });

  it('refuses a document in another language, and a match or appeal that does not exist', async () => {
    const base = server.url.replace(/\/graphql$/, '');
    const lang = await fetch(`${base}/appeals/m-1/A1?lang=fr`);
    expect([lang.status, await lang.text()]).toEqual([400, 'lang must be en or pt']);
    expect((await fetch(`${base}/appeals/no-such-match/A1`)).status).toBe(404);
    expect((await fetch(`${base}/appeals/no-such-match.A1`)).status).toBe(404);
    expect((await fetch(`${base}/appeals/m-1/<script>`)).status).toBe(404);
  });
});
