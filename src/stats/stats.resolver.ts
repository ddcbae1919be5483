import { Inject } from '@nestjs/common';
import { Args, Context, Int, Query, Resolver } from '@nestjs/graphql';
import {
  DEFAULT_PAGE,
  checkFirst,
  decodeCursor,
  encodeCursor,
  pageComplexity,
  pageOf,
} from '../kernel/graphql/pagination';
import { statsCsvPrice } from '../kernel/graphql/prices';
import type { GqlContext } from '../kernel/request-context';
import { STATS_VERSION } from '../domain/stats';
import { longReads } from '../ledger/slices';
import { StatsFilterInput } from './inputs/stats.inputs';
import {
  AppealStatsModel,
  HeadToHeadModel,
  LeaderboardConnectionModel,
  MatchStatsSheetModel,
  PlayerStatsModel,
  StatName,
} from './models/stats.model';
import type { StatName as Stat, StatsFilter } from './stats-queries';
import { StatsService } from './stats.service';

// A leaderboard cursor is the (value, player) its page ends at.
const CURSOR = 'lb';
const CURSOR_KEY = /^-?[0-9.e+-]+\|.+$/;

const filterOf = (f: StatsFilterInput | null | undefined): StatsFilter => ({
  discipline: f?.discipline,
  competitionId: f?.competitionId,
  ruleProfile: f?.ruleProfile,
  opponent: f?.opponent,
  from: f?.from?.toISOString(),
  to: f?.to?.toISOString(),
});

// Optional, not `| null`: a union leaves the validation pipe without the input's class.
const FILTER = { type: () => StatsFilterInput, nullable: true } as const;

@Resolver()
export class StatsResolver {
  constructor(@Inject(StatsService) private readonly stats: StatsService) {}

  @Query(() => PlayerStatsModel, {
    description: "A player's stats (docs/stats.md) over the matches the filter keeps.",
  })
  playerStats(
    @Args('playerId') playerId: string,
    @Args('filter', FILTER) filter?: StatsFilterInput,
  ): PlayerStatsModel {
    return this.stats.playerStats(playerId, filterOf(filter));
  }

  @Query(() => HeadToHeadModel, { description: 'Two players in the matches between them.' })
  headToHead(
    @Args('a') a: string,
    @Args('b') b: string,
    @Args('filter', FILTER) filter?: StatsFilterInput,
  ): HeadToHeadModel {
    return this.stats.headToHead(a, b, filterOf(filter));
  }

  @Query(() => MatchStatsSheetModel, {
    description: "A match's stats sheet: each player's totals and their figures game by game.",
  })
  matchStats(@Args('matchId') matchId: string): MatchStatsSheetModel {
    return this.stats.matchStats(matchId);
  }

  @Query(() => LeaderboardConnectionModel, {
    description:
      'Players ranked by a stat (highest first, or lowest with `ascending`), among those with at least `minGames` games under the filter.',
    complexity: pageComplexity,
  })
  leaderboard(
    @Args('stat', { type: () => StatName }) stat: string,
    @Args('filter', FILTER) filter?: StatsFilterInput,
    @Args('minGames', { type: () => Int, defaultValue: 0 }) minGames = 0,
    @Args('ascending', { type: () => Boolean, defaultValue: false }) ascending = false,
    @Args('first', { type: () => Int, defaultValue: DEFAULT_PAGE }) first = DEFAULT_PAGE,
    @Args('after', { type: () => String, nullable: true }) after?: string | null,
  ): LeaderboardConnectionModel {
    checkFirst(first);
    const key = after ? decodeCursor(CURSOR, after, CURSOR_KEY) : null;
    const at = key ? key.indexOf('|') : -1;
    const page = this.stats.leaderboard(stat as Stat, filterOf(filter), minGames, {
      first,
      ascending,
      after: key ? { value: Number(key.slice(0, at)), player: key.slice(at + 1) } : null,
    });
    return pageOf(
      page,
      after ?? null,
      (r) => encodeCursor(CURSOR, `${r.value}|${r.player}`),
      (r) => ({
        playerId: r.player,
        name: r.name,
        value: r.value,
        gamesPlayed: r.gamesPlayed,
        gamesWithShots: r.gamesWithShots,
        shotCoverage: r.gamesPlayed === 0 ? null : r.gamesWithShots / r.gamesPlayed,
        statsVersion: STATS_VERSION,
      }),
    );
  }

  @Query(() => AppealStatsModel, {
    description:
      'Appeals filed and allowed in the matches the filter keeps (per competition with competitionId).',
  })
  appealStats(@Args('filter', FILTER) filter?: StatsFilterInput): AppealStatsModel {
    return this.stats.appeals(filterOf(filter));
  }

  @Query(() => String, {
    description:
      'Every player’s stats under the filter as CSV (RFC 4180): statsVersion, playerId, name, then each counter and ratio of docs/stats.md. Costs 10 points plus one per player-match row it aggregates.',
    complexity: statsCsvPrice,
  })
  statsCsv(
    @Context() ctx: GqlContext,
    @Args('filter', FILTER) filter?: StatsFilterInput,
    @Args('minGames', { type: () => Int, defaultValue: 0 }) minGames = 0,
  ): Promise<string> {
    // In the long-read queue, in the request's lane, a page of players per slice at most.
    return longReads.run((slice) => this.stats.csv(filterOf(filter), minGames, slice), ctx.req);
  }
}
