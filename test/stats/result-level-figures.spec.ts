import type { MatchCommand } from '../../src/domain';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import { MatchProjector } from '../../src/projections/match-projector';
import { ReadModel } from '../../src/projections/read-model';
import { ratingsProjection } from '../../src/ratings/ratings.projection';
import { registryProjection } from '../../src/registry/registry.projection';
import { statsProjection } from '../../src/stats/stats.projection';
import { StatsQueries } from '../../src/stats/stats-queries';
import { ANA, BRUNO, Table } from '../support/match-fixtures';
import { appendRecorded, tickingClock } from '../support/recorded-ledger';

// A 9-ball race to 3 (ALTERNATE breaks, G1.34) recorded at both levels: games 1, 2 and 5 as
// results from the sheet, games 3 and 4 shot by shot. Every game counts for the score, the
// standings and the ratings; shot statistics come from games 3 and 4 only; what a result carries
// (break-and-run, 9 on the break) counts from both levels.
const result = (gameNumber: number, breaker: string, winner: string, more = {}): MatchCommand => ({
  type: 'RecordGameResult',
  gameNumber,
  breaker,
  winner,
  ending: 'WON',
  rule: null,
  breakAndRun: false,
  winOnBreak: false,
  by: 'desk-1',
  attestation: 'PLAYERS_SIGN_OFF',
  ...more,
});

function mixedMatch(): { table: Table; batches: number[] } {
  const t = new Table({ discipline: 'NINE_BALL', raceTo: 3, breakOrder: 'ALTERNATE' });
  const batches = [t.history.length];
  const step = (f: () => unknown) => {
    f();
    batches.push(t.history.length);
  };
  step(() => t.run(result(1, ANA.id, ANA.id, { breakAndRun: true })));
  step(() => t.run(result(2, BRUNO.id, BRUNO.id, { winOnBreak: true })));
  // N9.4 (9 on the break): games 3 and 4 won by the break shot, at the table.
  step(() => t.break(ANA.id, [{ ball: 9, pocket: 'FR' }]));
  step(() => t.break(BRUNO.id, [{ ball: 9, pocket: 'FL' }]));
  step(() => t.run(result(5, ANA.id, ANA.id)));
  return { table: t, batches };
}

describe('figures over a match recorded at both levels', () => {
  let views: ReadModel;
  let stats: StatsQueries;

  beforeAll(async () => {
    const { table, batches } = mixedMatch();
    expect(table.state.status).toBe('COMPLETED');
    const store = new SqliteEventStore({ filename: ':memory:' });
    views = new ReadModel(':memory:', [statsProjection(), ratingsProjection, registryProjection]);
    const projector = new MatchProjector(store, views);
    const clock = tickingClock();
    let from = 0;
    const cuts = batches.map((to) => {
      const b = table.history.slice(from, to);
      from = to;
      return b;
    });
    for (const [i, batch] of cuts.filter((b) => b.length).entries()) {
      await appendRecorded(store, 'm1', [batch], clock, i);
      await projector.catchUp();
    }
    stats = new StatsQueries(views.database);
  });
  afterAll(() => views.close());

  it('counts every game for games and matches, and only shot-recorded games for shot stats', () => {
    const ana = stats.player(ANA.id, {}).counters;
    const bruno = stats.player(BRUNO.id, {}).counters;
    expect(ana).toMatchObject({ matchesPlayed: 1, matchesWon: 1, gamesPlayed: 5, gamesWon: 3 });
    expect(bruno).toMatchObject({ matchesPlayed: 1, matchesWon: 0, gamesPlayed: 5, gamesWon: 2 });
    // Coverage: 2 of the 5 games were recorded shot by shot.
    expect(ana.gamesWithShots).toBe(2);
    expect(ana.gamesWonWithShots).toBe(1);
    // Only the breaks played at the table are shots and breaks.
    expect([ana.shots, ana.breaks, bruno.shots, bruno.breaks]).toEqual([1, 1, 1, 1]);
    // Carried by a result, counted from both levels: Ana's break-and-run (game 1, a result), the
    // 9 on the break at the table (game 3) and Bruno's (game 2 result, game 4 at the table).
    expect([ana.breakAndRuns, ana.winsOnBreak]).toEqual([1, 1]);
    expect([bruno.breakAndRuns, bruno.winsOnBreak]).toEqual([0, 2]);
  });

  it("states the match sheet's coverage", () => {
    const sheet = stats.match('m1');
    expect(sheet.players[0].counters.gamesPlayed).toBe(5);
    expect(sheet.players[0].counters.gamesWithShots).toBe(2);
  });

  it('rates every game and scores the standings from every game', () => {
    const rated = views.database
      .prepare('SELECT game_number, winner FROM rating_games WHERE match_id = ? ORDER BY 1')
      .all('m1');
    expect(rated).toEqual([
      { game_number: 1, winner: ANA.id },
      { game_number: 2, winner: BRUNO.id },
      { game_number: 3, winner: ANA.id },
      { game_number: 4, winner: BRUNO.id },
      { game_number: 5, winner: ANA.id },
    ]);
    const standing = views.database
      .prepare('SELECT status, winner, games_a, games_b FROM registry_matches WHERE match_id = ?')
      .get('m1');
    expect(standing).toEqual({ status: 'COMPLETED', winner: ANA.id, games_a: 3, games_b: 2 });
  });
});
