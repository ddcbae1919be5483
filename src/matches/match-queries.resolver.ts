import { Inject } from '@nestjs/common';
import { Args, Context, Int, Query, Resolver } from '@nestjs/graphql';
import { chargeWork, CostBudget } from '../kernel/graphql/cost';
import type { GqlContext } from '../kernel/request-context';
import {
  DEFAULT_PAGE,
  MAX_PAGE,
  checkFirst,
  decodeCursor,
  encodeCursor,
  pageComplexity,
  pageOf,
} from '../kernel/graphql/pagination';
import { inSlices } from '../ledger/sliced-list';
import { longReads } from '../ledger/slices';
import { MatchQueryService } from './match-queries.service';
import { LedgerEventModel } from '../kernel/match/models/ledger-event.model';
import { toEventModel, toMatchModel } from '../kernel/match/models/mappers';
import { MatchConnectionModel, MatchModel } from '../kernel/match/models/match.model';

// A match cursor is the read model's sort key of the match it points at.
const CURSOR = 'm';
const SORT_KEY = /^\d{40}$/;

@Resolver(() => MatchModel)
export class MatchQueriesResolver {
  constructor(
    @Inject(MatchQueryService) private readonly queries: MatchQueryService,
    @Inject(CostBudget) private readonly budget: CostBudget,
  ) {}

  // In the long-read queue, in the request's lane: an operation of many aliases of long matches
  // is served a slice at a time, not in one turn.
  @Query(() => MatchModel, { description: 'A match with its games and current state.' })
  match(@Context() ctx: GqlContext, @Args('id') id: string): Promise<MatchModel> {
    return longReads.run(() => Promise.resolve(toMatchModel(this.queries.match(id))), ctx.req);
  }

  @Query(() => MatchConnectionModel, {
    description: `Matches, most recently active first. Pages of \`first\` (1–${MAX_PAGE}) after an opaque cursor.`,
    complexity: pageComplexity,
  })
  matches(
    @Args('first', { type: () => Int, defaultValue: DEFAULT_PAGE }) first: number,
    @Args('after', { type: () => String, nullable: true }) after?: string | null,
  ): MatchConnectionModel {
    checkFirst(first);
    const before =
      after === undefined || after === null ? undefined : decodeCursor(CURSOR, after, SORT_KEY);
    return pageOf(
      this.queries.page(first, before),
      after ?? null,
      (row) => encodeCursor(CURSOR, row.key),
      (row) => toMatchModel(row.state),
    );
  }

  @Query(() => [LedgerEventModel], {
    description:
      'The recorded events of a match, or of one game, with metadata and every ruling explained. Costs one point per event of the match.',
  })
  async matchHistory(
    @Context() ctx: GqlContext,
    @Args('matchId') matchId: string,
    @Args('gameNumber', { type: () => Int, nullable: true }) gameNumber?: number,
  ): Promise<Promise<LedgerEventModel>[]> {
    chargeWork(ctx.req, this.budget, this.queries.replayLength(matchId));
    const entries = await this.queries.history(matchId, gameNumber ?? null, ctx.req);
    // Completed and shaped in slices too: a long history is thousands of objects.
    return inSlices(entries, (x) => toEventModel(x.event, x.gameNumber, x.supersededBy), ctx.req);
  }
}
