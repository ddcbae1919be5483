import {
  fairRace,
  fitRatings,
  raceWinProbability,
  STARTER_RATING,
  type FairRace,
  type Fit,
  type PlayerRating,
} from '../domain/ratings';
import type { Discipline } from '../domain';
import type { ReadModel } from '../projections/read-model';

export interface RatedGameRow {
  matchId: string;
  gameNumber: number;
  winner: string;
  loser: string;
  eventIds: string[];
  position: string;
  recordedAt: string | null;
}

export interface RatingView extends PlayerRating {
  discipline: Discipline;
  rank: number;
  // The games whose recording (or amendment) last changed this rating: the latest ledger
  // position among the player's rated games, and every game standing at it.
  lastChange: RatedGameRow[];
}

interface Fitted {
  changedAt: string;
  fit: Fit;
  ranked: PlayerRating[];
}

interface GameDbRow {
  match_id: string;
  game_number: number;
  winner: string;
  loser: string;
  event_ids: string;
  pos: string;
  recorded_at: string | null;
}

const toGame = (r: GameDbRow): RatedGameRow => ({
  matchId: r.match_id,
  gameNumber: r.game_number,
  winner: r.winner,
  loser: r.loser,
  eventIds: JSON.parse(r.event_ids) as string[],
  position: BigInt(r.pos).toString(),
  recordedAt: r.recorded_at,
});

// Ratings are fitted on read: the projection only records games and marks when they changed
// (rating_meta.changed_at); the first read after a change refits that discipline (about a second
// for 100,000 games), and later reads use the fit until the games change again.
export class RatingsService {
  private readonly fits = new Map<Discipline, Fitted>();

  constructor(private readonly readModel: ReadModel) {}

  private get db() {
    return this.readModel.database;
  }

  private fitted(discipline: Discipline): Fitted {
    const changedAt =
      this.db
        .prepare<[], { value: string }>("SELECT value FROM rating_meta WHERE key = 'changed_at'")
        .get()?.value ?? '';
    const held = this.fits.get(discipline);
    if (held && held.changedAt === changedAt) return held;
    const games = this.db
      .prepare<
        [string],
        { winner: string; loser: string }
      >('SELECT winner, loser FROM rating_games WHERE discipline = ?')
      .all(discipline);
    const fit = fitRatings(games);
    const ranked = [...fit.ratings.values()].sort(
      (a, b) => b.rating - a.rating || (a.player < b.player ? -1 : 1),
    );
    const fresh = { changedAt, fit, ranked };
    this.fits.set(discipline, fresh);
    return fresh;
  }

  // A player's rating, or null when the player has no rated game in the discipline.
  rating(player: string, discipline: Discipline): RatingView | null {
    const { fit, ranked } = this.fitted(discipline);
    const r = fit.ratings.get(player);
    if (!r) return null;
    return {
      ...r,
      discipline,
      rank: ranked.indexOf(r) + 1,
      lastChange: this.lastChange(player, discipline),
    };
  }

  private lastChange(player: string, discipline: Discipline): RatedGameRow[] {
    const rows = this.db
      .prepare<[string, string, string, string, string, string], GameDbRow>(
        `SELECT * FROM rating_games WHERE discipline = ? AND (winner = ? OR loser = ?) AND pos = (
           SELECT MAX(pos) FROM rating_games WHERE discipline = ? AND (winner = ? OR loser = ?))
         ORDER BY match_id, game_number`,
      )
      .all(discipline, player, player, discipline, player, player);
    return rows.map(toGame);
  }

  // Ranked by rating (ties by id), `first` after the given rank.
  ranked(
    discipline: Discipline,
    first: number,
    afterRank: number,
  ): { rows: (PlayerRating & { rank: number })[]; hasNextPage: boolean; totalCount: number } {
    const { ranked } = this.fitted(discipline);
    const rows = ranked
      .slice(afterRank, afterRank + first)
      .map((r, i) => ({ ...r, rank: afterRank + i + 1 }));
    return { rows, hasNextPage: afterRank + first < ranked.length, totalCount: ranked.length };
  }

  // A player with no rated game races at the starter rating.
  ratingOf(player: string, discipline: Discipline): number {
    return this.fitted(discipline).fit.ratings.get(player)?.rating ?? STARTER_RATING;
  }

  fairRace(a: string, b: string, discipline: Discipline, maxRace?: number): FairRace {
    return fairRace(this.ratingOf(a, discipline), this.ratingOf(b, discipline), maxRace);
  }

  raceWinProbability(
    a: string,
    b: string,
    discipline: Discipline,
    raceA: number,
    raceB: number,
  ): number {
    return raceWinProbability(
      this.ratingOf(a, discipline),
      this.ratingOf(b, discipline),
      raceA,
      raceB,
    );
  }
}
