import { DemoSeeder } from '../../src/demo/seed-demo';
import { demoCompetitions } from '../../src/demo/demo-people';
import { longReads } from '../../src/ledger/slices';
import { MatchCommandService } from '../../src/matches/match-commands.service';
import { standingsPaging } from '../../src/registry/standings-slices';
import { RegistryCommandService } from '../../src/registry/registry-commands.service';
import { csvPaging } from '../../src/stats/stats.service';
import { LedgerClient } from '../support/ledger-client';
import { countLoopTurns } from '../support/loop-turns';
import { removeDir, startServer, type TestServer } from '../support/server';

const SEED = 3;
const COMPETITION = demoCompetitions(SEED)[0].competitionId;
const aliases = (n: number, field: string) =>
  `{ ${Array.from({ length: n }, (_, i) => `a${i}: ${field}`).join(' ')} }`;
// Each read, and the pages it reads at one row a page: the demo's 8 players (the CSV), the 3
// matches of its first competition (standings).
const READS: [string, string, number][] = [
  ['statsCsv', 'statsCsv', 8],
  ['standings', `standings(competitionId: "${COMPETITION}") { playerId position }`, 3],
  ['standingsCsv', `standingsCsv(competitionId: "${COMPETITION}")`, 3],
];

// statsCsv, standings and standingsCsv read the read model a page per slice of the long-read
// queue, so one large export does not hold the event loop and a writer is served between slices.
// A zero-length slice and one row a page make every page a slice boundary, whatever the machine's
// speed: the counts below do not depend on a clock.
describe('sliced reads: stats CSV and standings', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
    await new DemoSeeder(
      server.app.get(MatchCommandService),
      server.app.get(RegistryCommandService),
    ).run({ players: 8, matches: 6, seed: SEED });
  }, 120_000);
  afterEach(() => {
    longReads.sliceMs = 2;
    csvPaging.players = 100;
    standingsPaging.rows = 500;
  });
  afterAll(async () => {
    await server.close();
    removeDir(server.dataDir);
  });

  it.each(READS)(
    'one %s reads a page per turn of the event loop, with the same result',
    async (_name, field, pages) => {
      const whole = (await server.gql(`{ ${field} }`)).data;
      longReads.sliceMs = 0;
      csvPaging.players = 1;
      standingsPaging.rows = 1;
      const turns = countLoopTurns();
      const before = longReads.slices;
      const sliced = (await server.gql(`{ ${field} }`)).data;
      turns.stop();
      expect(sliced).toEqual(whole);
      // At least one slice per page.
      const slices = longReads.slices - before;
      expect(slices).toBeGreaterThanOrEqual(pages);
      expect(turns.count()).toBeGreaterThanOrEqual(slices);
    },
  );

  it.each(READS)(
    'a write is answered while 100 aliases of %s are still being read',
    async (name, field, pages) => {
      longReads.sliceMs = 0;
      csvPaging.players = 1;
      standingsPaging.rows = 1;
      const before = longReads.slices;
      let done = false;
      const big = server.gql(aliases(100, field)).then((r) => {
        done = true;
        return r;
      });
      // The export is under way: some of its slices have run.
      while (longReads.slices - before < 20) await new Promise((r) => setImmediate(r));
      const admin = new LedgerClient(server, 'ADMIN', 'admin-1');
      const written = await admin.scheduleMatch({
        raceTo: 2,
        players: [
          { id: `w-${name}-1`, name: 'W One' },
          { id: `w-${name}-2`, name: 'W Two' },
        ],
      });
      expect(written.matchId).toBeDefined();
      expect(done).toBe(false);
      const r = await big;
      expect(r.errors).toBeUndefined();
      expect(Object.keys(r.data as object)).toHaveLength(100);
      expect(longReads.slices - before).toBeGreaterThanOrEqual(100 * pages);
    },
    60_000,
  );
});
