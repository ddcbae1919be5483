import { fitRatings } from '../src/domain/ratings';
import { ReadModel } from '../src/projections/read-model';
import { ratingsProjection } from '../src/ratings/ratings.projection';
import { RatingsService } from '../src/ratings/ratings.service';
import { simulateGames } from '../test/domain/ratings/simulated-games';

const GAMES = Number(process.env.BENCH_RATING_GAMES ?? 100_000);
const PLAYERS = Number(process.env.BENCH_RATING_PLAYERS ?? 1_000);
const RUNS = 5;

function medianSeconds(fn: () => unknown): number {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = process.hrtime.bigint();
    fn();
    times.push(Number(process.hrtime.bigint() - t0) / 1e9);
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)];
}

// A full refit as a read after a changed result serves it: every rated game of the discipline
// read from the read model, fitted, ranked. Baseline: reading those rows alone.
export function benchRatings(): void {
  const skills = new Map(
    Array.from({ length: PLAYERS }, (_, i) => [`p${i}`, 200 + (600 * i) / PLAYERS]),
  );
  const games = simulateGames(skills, GAMES, 1);
  const views = new ReadModel(':memory:', [ratingsProjection]);
  const db = views.database;
  const put = db.prepare(
    `INSERT INTO rating_games (match_id, game_number, discipline, winner, loser, event_ids, pos)
     VALUES (?, ?, 'NINE_BALL', ?, ?, '[]', ?)`,
  );
  db.transaction(() =>
    games.forEach((g, i) =>
      put.run(
        `m${Math.floor(i / 10)}`,
        (i % 10) + 1,
        g.winner,
        g.loser,
        String(i).padStart(40, '0'),
      ),
    ),
  )();
  const setChanged = db.prepare(
    `INSERT INTO rating_meta (key, value) VALUES ('changed_at', ?)
     ON CONFLICT(key) DO UPDATE SET value = excluded.value`,
  );
  const service = new RatingsService(views);
  let change = 0;
  const read = medianSeconds(() =>
    db.prepare("SELECT winner, loser FROM rating_games WHERE discipline = 'NINE_BALL'").all(),
  );
  const refit = medianSeconds(() => {
    // A changed result marks the ratings stale: the next read refits.
    setChanged.run(String(++change));
    return service.ranked('NINE_BALL', 50, 0);
  });
  const fit = fitRatings(games);
  views.close();
  console.log(
    `Ratings refit (${GAMES.toLocaleString('en-US')} games, ${PLAYERS.toLocaleString('en-US')} players, one core; target < 5 s)`,
  );
  console.log(`  baseline: read the rated games from the read model  ${read.toFixed(3)} s`);
  console.log(
    `  full refit: read + fit + rank, as the next read after a change  ${refit.toFixed(3)} s   ${(refit / read).toFixed(1)}× the read (${fit.sweeps} sweeps)\n`,
  );
}

if (require.main === module) benchRatings();
