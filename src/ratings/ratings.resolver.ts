import { Inject } from '@nestjs/common';
import { Args, Float, Int, Query, Resolver } from '@nestjs/graphql';
import {
  DEFAULT_PAGE,
  MAX_PAGE,
  checkFirst,
  decodeCursor,
  encodeCursor,
  pageComplexity,
  pageOf,
} from '../kernel/graphql/pagination';
import * as E from '../kernel/graphql/enums';
import type { Discipline } from '../domain';
import { DEFAULT_MAX_RACE, gameWinProbability, type PlayerRating } from '../domain/ratings';
import { ReadModel } from '../projections/read-model';
import { changedResultCount, changedResults } from './changed-results';
import {
  ChangedResultConnectionModel,
  FairRaceModel,
  RatingConnectionModel,
  RatingModel,
} from './models/rating.model';
import { RatingsService, type RatingView } from './ratings.service';

const RANK = 'rank';
const SEQ = 'seq';
const NUMBER = /^\d{1,12}$/;

function toRating(
  r: PlayerRating & { rank: number; lastChange?: RatingView['lastChange'] },
  discipline: Discipline,
): RatingModel {
  return {
    playerId: r.player,
    discipline,
    rating: r.rating,
    robustness: r.games,
    wins: r.wins,
    losses: r.games - r.wins,
    uncertainty: r.uncertainty,
    rank: r.rank,
    lastChange: r.lastChange ?? null,
  };
}

// Ratings, fair races and the changed-results feed: all reads, all public.
@Resolver()
export class RatingsResolver {
  constructor(
    @Inject(RatingsService) private readonly service: RatingsService,
    @Inject(ReadModel) private readonly readModel: ReadModel,
  ) {}

  @Query(() => RatingModel, {
    nullable: true,
    description:
      'A player’s rating in a discipline, with its robustness and the games (event ids) behind its last change; null when the player has no rated game there.',
  })
  rating(
    @Args('playerId') playerId: string,
    @Args('discipline', { type: () => E.Discipline }) discipline: Discipline,
  ): RatingModel | null {
    const r = this.service.rating(playerId, discipline);
    return r && toRating(r, discipline);
  }

  @Query(() => RatingConnectionModel, {
    description: `Every rated player of a discipline, highest rating first. Pages of \`first\` (1–${MAX_PAGE}).`,
    complexity: pageComplexity,
  })
  ratings(
    @Args('discipline', { type: () => E.Discipline }) discipline: Discipline,
    @Args('first', { type: () => Int, defaultValue: DEFAULT_PAGE }) first: number,
    @Args('after', { type: () => String, nullable: true }) after: string | null,
  ): RatingConnectionModel {
    checkFirst(first);
    const afterRank = after ? Number(decodeCursor(RANK, after, NUMBER)) : 0;
    return pageOf(
      this.service.ranked(discipline, first, afterRank),
      after ?? null,
      (r) => encodeCursor(RANK, String(r.rank)),
      (r) => toRating(r, discipline),
    );
  }

  @Query(() => FairRaceModel, {
    description:
      'The race lengths (each 1 to maxRace) that make a match between two players closest to even, and the match win probability at them. A player with no rated game counts at the starter rating.',
  })
  fairRace(
    @Args('a') a: string,
    @Args('b') b: string,
    @Args('discipline', { type: () => E.Discipline }) discipline: Discipline,
    @Args('maxRace', { type: () => Int, defaultValue: DEFAULT_MAX_RACE }) maxRace: number,
  ): FairRaceModel {
    const race = this.service.fairRace(a, b, discipline, maxRace);
    const ratingA = this.service.ratingOf(a, discipline);
    const ratingB = this.service.ratingOf(b, discipline);
    return {
      playerA: a,
      playerB: b,
      ratingA,
      ratingB,
      gameWinProbabilityA: gameWinProbability(ratingA, ratingB),
      raceA: race.raceA,
      raceB: race.raceB,
      matchWinProbabilityA: race.probabilityA,
    };
  }

  @Query(() => Float, {
    description: 'P(A wins a race: A to raceA games, B to raceB games), from their ratings.',
  })
  raceWinProbability(
    @Args('a') a: string,
    @Args('b') b: string,
    @Args('discipline', { type: () => E.Discipline }) discipline: Discipline,
    @Args('raceA', { type: () => Int }) raceA: number,
    @Args('raceB', { type: () => Int }) raceB: number,
  ): number {
    return this.service.raceWinProbability(a, b, discipline, raceA, raceB);
  }

  @Query(() => ChangedResultConnectionModel, {
    description: `The changed-results feed for rating bodies: every appeal or correction that changed a rated game, oldest first, once each. Pages of \`first\` (1–${MAX_PAGE}).`,
    complexity: pageComplexity,
  })
  changedResults(
    @Args('first', { type: () => Int, defaultValue: DEFAULT_PAGE }) first: number,
    @Args('after', { type: () => String, nullable: true }) after: string | null,
  ): ChangedResultConnectionModel {
    checkFirst(first);
    const db = this.readModel.database;
    const seq = after ? Number(decodeCursor(SEQ, after, NUMBER)) : 0;
    const rows = changedResults(db, seq, first + 1);
    return pageOf(
      {
        rows: rows.slice(0, first),
        hasNextPage: rows.length > first,
        totalCount: changedResultCount(db),
      },
      after ?? null,
      (r) => encodeCursor(SEQ, String(r.seq)),
      (r) => ({ ...r, discipline: r.discipline as Discipline }),
    );
  }
}
