import { ReadModel } from '../../src/projections/read-model';
import { ratingsProjection } from '../../src/ratings/ratings.projection';
import { registryProjection } from '../../src/registry/registry.projection';
import { statsProjection } from '../../src/stats/stats.projection';
import { StatsQueries } from '../../src/stats/stats-queries';
import { ANA, BRUNO } from '../support/match-fixtures';
import { projectTwoLevelMatch } from '../support/two-level-match';

// A 9-ball race to 3 (ALTERNATE breaks, G1.34) recorded at both levels: games 1, 2 and 5 as
// results from the sheet, games 3 and 4 shot by shot. Every game counts for the score, the
// standings and the ratings; shot statistics come from games 3 and 4 only; what a result carries
// (break-and-run, 9 on the break) counts from both levels.
describe('figures over a match recorded at both levels', () => {
  let views: ReadModel;
  let stats: StatsQueries;

  beforeAll(async () => {
    views = await projectTwoLevelMatch([statsProjection(), ratingsProjection, registryProjection]);
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
