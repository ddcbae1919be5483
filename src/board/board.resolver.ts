import { Inject } from '@nestjs/common';
import { Args, Context, Int, Query, Resolver, Subscription } from '@nestjs/graphql';
import type { ComplexityEstimator } from '@nestjs/graphql';
import { InputValidationError } from '../kernel/input-errors';
import { ID_PATTERN } from '../kernel/graphql/inputs/command.input';
import type { GqlContext } from '../kernel/request-context';
import type { LiveItem } from '../kernel/live-channel.port';
import { LiveError } from '../live/live-errors';
import { LiveHub } from '../live/live-hub';
import { toScheduledMatchModel } from '../registry/models/registry.models';
import {
  MATCH_PLACES,
  type BoardFilter,
  type MatchPlaces,
} from '../kernel/registry/match-places.port';
import { boardChannel, type BoardItem } from './board-channel';
import { BoardModel, BoardUpdateModel } from './models/board.models';

const MAX_BOARD = 100;
const DEFAULT_BOARD = 30;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

// Each of the three lists may return `first` matches.
// The work is the rows read (three lists of at most `first` matches, from one indexed table); the
// fields of a row are computed from it in memory, so they are priced once, not once per row: a
// venue's phones behind one address load the board hundreds of times a minute within the budget.
export const boardComplexity: ComplexityEstimator = ({ args, childComplexity }) => {
  const first = Number(args.first ?? DEFAULT_BOARD);
  const rows = Number.isInteger(first) && first >= 1 && first <= MAX_BOARD ? first : 1;
  return 1 + 3 * rows + childComplexity;
};

function filterOf(
  competitionId: string | null | undefined,
  venue: string | null | undefined,
  day?: string | null,
): BoardFilter {
  const problems: { field: string; problems: string[] }[] = [];
  if (competitionId != null && !ID_PATTERN.test(competitionId))
    problems.push({ field: 'competitionId', problems: ['must be 1–64 letters, digits or ._:-'] });
  if (venue != null && (venue.length < 1 || venue.length > 100))
    problems.push({ field: 'venue', problems: ['must be 1–100 characters'] });
  if (day != null && !DAY.test(day)) problems.push({ field: 'day', problems: ['is YYYY-MM-DD'] });
  if (problems.length) throw new InputValidationError(problems);
  return {
    ...(competitionId != null ? { competitionId } : {}),
    ...(venue != null ? { venue } : {}),
    ...(day != null ? { day } : {}),
  };
}

const asUpdate = (item: LiveItem): BoardUpdateModel => ({
  cursor: item.position.toString(),
  item: toScheduledMatchModel({ ...(item as BoardItem).place, state: item.state! }),
});

// The public board: one query for the page, one subscription for what changes after it.
@Resolver()
export class BoardResolver {
  constructor(
    @Inject(MATCH_PLACES) private readonly places: MatchPlaces,
    @Inject(LiveHub) private readonly hub: LiveHub,
  ) {}

  @Query(() => BoardModel, {
    description: `A competition's or a venue's matches (or every match): in play, upcoming, finished; each list at most \`first\` (1–${MAX_BOARD}).`,
    complexity: boardComplexity,
  })
  board(
    @Args('competitionId', { type: () => String, nullable: true }) competitionId: string | null,
    @Args('venue', { type: () => String, nullable: true }) venue: string | null,
    @Args('day', {
      type: () => String,
      nullable: true,
      description: 'YYYY-MM-DD (UTC): scheduled that day, in play, or unfinished without a date.',
    })
    day: string | null,
    @Args('first', { type: () => Int, defaultValue: DEFAULT_BOARD }) first: number,
  ): BoardModel {
    if (!Number.isInteger(first) || first < 1 || first > MAX_BOARD)
      throw new InputValidationError([
        { field: 'first', problems: [`must be a whole number from 1 to ${MAX_BOARD}`] },
      ]);
    const b = this.places.board(filterOf(competitionId, venue, day), first);
    return {
      playing: b.playing.map(toScheduledMatchModel),
      upcoming: b.upcoming.map(toScheduledMatchModel),
      finished: b.finished.map(toScheduledMatchModel),
    };
  }

  @Subscription(() => BoardUpdateModel, {
    description:
      "Each match on a competition's or venue's board as it changes (scheduled, a shot, a result), once per committed write.",
    resolve: asUpdate,
  })
  boardUpdated(
    @Context() ctx: GqlContext,
    @Args('competitionId', { type: () => String, nullable: true }) competitionId: string | null,
    @Args('venue', { type: () => String, nullable: true }) venue: string | null,
  ) {
    if (!ctx.live)
      throw new LiveError('BAD_USER_INPUT', 'Subscriptions are served over graphql-ws only');
    return this.hub.open(
      boardChannel(this.places, filterOf(competitionId, venue)),
      undefined,
      ctx.live.drop,
    );
  }
}
