import { LedgerClient } from '../support/ledger-client';
import { removeDir, startServer, type TestServer } from '../support/server';

const PLAYERS = [
  { id: 'ana', name: 'Ana' },
  { id: 'bruno', name: 'Bruno' },
];

// `matches` is a cursor connection: most recently active first, every match once, and bad page
// arguments refused (never clamped).
describe('matches: one cursor connection with totalCount', () => {
  let server: TestServer;
  let admin: LedgerClient;
  const ids: string[] = [];

  beforeAll(async () => {
    server = await startServer();
    admin = new LedgerClient(server, 'ADMIN', 'admin-1');
    for (let i = 0; i < 5; i++)
      ids.push((await admin.scheduleMatch({ raceTo: 1, players: PLAYERS })).matchId);
  });
  afterAll(async () => {
    await server.close();
    removeDir(server.dataDir);
  });

  const page = (vars: Record<string, unknown>) =>
    server.gql(
      `query($first: Int, $after: String) { matches(first: $first, after: $after) {
         edges { cursor node { id } } pageInfo { endCursor hasNextPage } totalCount } }`,
      vars,
    );

  it('pages through every match, most recently active first, nothing lost or repeated', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 10; pages++) {
      const res = await page({ first: 2, after });
      expect(res.errors).toBeUndefined();
      const p = res.data!.matches;
      expect(p.totalCount).toBe(5);
      expect(p.edges.length).toBeLessThanOrEqual(2);
      expect(p.pageInfo.endCursor).toBe(p.edges[p.edges.length - 1].cursor);
      seen.push(...p.edges.map((e: { node: { id: string } }) => e.node.id));
      if (!p.pageInfo.hasNextPage) break;
      after = p.pageInfo.endCursor;
    }
    expect(seen).toEqual([...ids].reverse());
  });

  it('refuses first under 1 or over 200 and a cursor it did not issue with BAD_USER_INPUT', async () => {
    for (const vars of [{ first: 0 }, { first: 201 }, { first: -5 }, { after: 'not-a-cursor' }]) {
      const res = await page(vars);
      expect(res.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
      expect(res.data?.matches ?? null).toBeNull();
    }
  });
});
