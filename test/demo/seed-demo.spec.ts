import { verifyLedger } from '../../src/ledger/ledger-verifier';
import { DemoSeeder, seasonClock } from '../../src/demo/seed-demo';
import { simulateMatch } from '../../src/demo/simulator';
import { chainFieldsOf } from '../../src/ledger/hash-chain';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import { MatchCommandService } from '../../src/matches/match-commands.service';
import { MatchProjector } from '../../src/projections/match-projector';
import { ReadModel } from '../../src/projections/read-model';
import { RegistryCommandService } from '../../src/registry/registry-commands.service';
import { registryProjection } from '../../src/registry/registry.projection';
import { RegistryQueryService } from '../../src/registry/registry-queries.service';

async function seed(seed: number, matches: number) {
  const store = new SqliteEventStore({ filename: ':memory:' });
  const readModel = new ReadModel(':memory:', [registryProjection]);
  const clock = seasonClock();
  const projector = new MatchProjector(store, readModel);
  const seeder = new DemoSeeder(
    new MatchCommandService(store, projector, clock),
    new RegistryCommandService(store, projector, clock),
  );
  const report = await seeder.run({ players: 8, matches, seed });
  return { store, readModel, report };
}

describe('seed-demo', () => {
  it('plays a season of all three disciplines through the write path, registered and verified', async () => {
    const { store, readModel, report } = await seed(3, 6);
    expect(report.players).toBe(8);
    expect(report.matches).toEqual({ EIGHT_BALL: 2, NINE_BALL: 2, TEN_BALL: 2 });
    expect(report.fouls).toBeGreaterThan(0);
    const all = await store.readAll({ maxCount: 1_000_000 });
    expect(all.length).toBe(report.events + 8 + 3 * 2);
    expect((await verifyLedger(store)).ok).toBe(true);
    // Every match is completed, belongs to its competition and names registered players.
    const q = new RegistryQueryService(readModel);
    for (const c of ['demo-3-league', 'demo-3-open', 'demo-3-cup']) {
      const page = q.competitionMatches(c, 10);
      expect(page.totalCount).toBe(2);
      for (const m of page.rows) {
        expect(m.state.status).toBe('COMPLETED');
        for (const p of m.state.players) expect(q.player(p.id)?.displayName).toBe(p.name);
      }
      expect(q.standings(c).reduce((n, r) => n + r.played, 0)).toBe(4);
    }
  });

  it('the registry read model built live equals one rebuilt from the ledger', async () => {
    const { store, readModel } = await seed(4, 3);
    const rebuilt = new ReadModel(':memory:', [registryProjection]);
    await new MatchProjector(store, rebuilt).catchUp();
    const dump = (rm: ReadModel) =>
      [
        'registry_players',
        'registry_competitions',
        'registry_matches',
        'registry_match_players',
      ].map((t) => rm.database.prepare(`SELECT * FROM ${t} ORDER BY 1, 2`).all());
    const live = dump(readModel);
    expect(live.every((rows) => rows.length > 0)).toBe(true);
    expect(dump(rebuilt)).toEqual(live);
  });

  it('is deterministic: the same seed writes the same events, hashes included', async () => {
    const hashes = async () =>
      (await (await seed(5, 3)).store.readAll({ maxCount: 1_000_000 })).map(
        (e) => chainFieldsOf(e.metadata).hash,
      );
    expect(await hashes()).toEqual(await hashes());
  });

  it('makes outcomes depend on skill: a strong player beats a weak one most of the time', () => {
    const skill = { p1: 0.85, p2: 0.15 } as Record<string, number>;
    let strong = 0;
    const n = 60;
    for (let i = 1; i <= n; i++) {
      const m = simulateMatch(i, {
        discipline: (['EIGHT_BALL', 'NINE_BALL', 'TEN_BALL'] as const)[i % 3],
        raceTo: 3,
        skillOf: (p) => skill[p],
      });
      if (m.state.winner === 'p1') strong += 1;
    }
    // Without skill the two are even (the same simulator); with it the stronger wins > 75%.
    expect(strong / n).toBeGreaterThan(0.75);
  });
});
