import { Inject } from '@nestjs/common';
import { Args, Context, ID, Resolver, Subscription } from '@nestjs/graphql';
import type { Ruling } from '../domain';
import { chargeBudget, CostBudget, costClient } from '../kernel/graphql/cost';
import type { GqlContext } from '../kernel/request-context';
import { toEventModel, toMatchModel, toRulingModel } from '../kernel/match/models/mappers';
import { EVENT_STORE, type EventStore } from '../ledger/event-store';
import { longReads } from '../ledger/slices';
import { ReadModel } from '../projections/read-model';
import { LedgerFeedFilterInput } from './inputs/live.inputs';
import { feedChannel, matchChannel, RESULT_TYPES } from './live-channels';
import type { Channel, LiveItem } from '../kernel/live-channel.port';
import { LiveError, parseCursor } from './live-errors';
import { LiveHub } from './live-hub';
import { pacedChannel } from './paced-replay';
import {
  FeedEventModel,
  MatchUpdateModel,
  ResultChangeModel,
  ResultKind,
} from './models/live.model';

const AFTER = {
  name: 'after',
  type: () => String,
  nullable: true,
  description:
    'Resume after this cursor (a ledger position): replays what followed it, then goes live.',
};

const KIND: Record<(typeof RESULT_TYPES)[number], ResultKind> = {
  GameEnded: ResultKind.GAME_WON,
  MatchEnded: ResultKind.MATCH_WON,
  MatchSignedOff: ResultKind.MATCH_SIGNED_OFF,
  AppealDecided: ResultKind.APPEAL_DECIDED,
};

// Items are kept raw in the queues (they share the batch's objects) and shaped when sent, once
// per item however many subscribers share it.
function shaped<T>(cache: WeakMap<LiveItem, T>, shape: (item: LiveItem) => T) {
  return (item: LiveItem): T => {
    let model = cache.get(item);
    if (model === undefined) cache.set(item, (model = shape(item)));
    return model;
  };
}

function toUpdate(item: LiveItem): MatchUpdateModel {
  const event = toEventModel(item.event, item.gameNumber);
  const ruling = (item.event.data as { ruling?: Ruling }).ruling;
  return {
    cursor: item.position.toString(),
    matchId: item.matchId,
    event,
    ruling: item.event.type === 'ShotAdjudicated' && ruling ? toRulingModel(ruling) : null,
    match: toMatchModel(item.state!),
  };
}

function toResult(item: LiveItem): ResultChangeModel {
  const data = item.event.data as { winner?: unknown };
  return {
    cursor: item.position.toString(),
    kind: KIND[item.event.type as keyof typeof KIND],
    matchId: item.matchId,
    gameNumber: item.gameNumber,
    winner: typeof data.winner === 'string' ? data.winner : null,
    event: toEventModel(item.event, item.gameNumber),
  };
}

const asUpdate = shaped(new WeakMap(), toUpdate);
const asResult = shaped(new WeakMap(), toResult);
const asFeedEvent = shaped(
  new WeakMap(),
  (item): FeedEventModel => ({
    cursor: item.position.toString(),
    matchId: item.matchId,
    event: toEventModel(item.event, item.gameNumber),
  }),
);

// Subscriptions over graphql-ws (the connection is authenticated and counted in live-gate.ts).
@Resolver()
export class LiveResolver {
  constructor(
    @Inject(LiveHub) private readonly hub: LiveHub,
    @Inject(ReadModel) private readonly readModel: ReadModel,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CostBudget) private readonly budget: CostBudget,
  ) {}

  @Subscription(() => MatchUpdateModel, {
    description: 'Each new event of a match with its ruling and the match state after it.',
    resolve: asUpdate,
  })
  matchUpdated(
    @Args('matchId', { type: () => ID }) matchId: string,
    @Args(AFTER) after: string | null,
    @Context() ctx: GqlContext,
  ) {
    return this.open(ctx, after, () => matchChannel(this.readModel, this.store, matchId));
  }

  @Subscription(() => FeedEventModel, {
    description: 'New events across matches, filtered by competition, table and event types.',
    resolve: asFeedEvent,
  })
  ledgerFeed(
    @Context() ctx: GqlContext,
    @Args(AFTER) after: string | null,
    // Optional, not `| null`: a union leaves the validation pipe without the input's class.
    @Args('filter', { type: () => LedgerFeedFilterInput, nullable: true })
    filter?: LedgerFeedFilterInput,
  ) {
    return this.open(ctx, after, () => feedChannel(this.readModel, this.store, filter ?? {}));
  }

  @Subscription(() => ResultChangeModel, {
    description: 'Games won, matches won and signed off, appeals decided.',
    resolve: asResult,
  })
  resultChanged(@Args(AFTER) after: string | null, @Context() ctx: GqlContext) {
    return this.open(ctx, after, () =>
      feedChannel(this.readModel, this.store, { types: RESULT_TYPES }),
    );
  }

  // The channel is made and opened in one tick (its starting state and the hub's edge agree).
  private open(ctx: GqlContext, after: string | null, channel: () => Channel) {
    const live = ctx.live;
    if (!live)
      throw new LiveError('BAD_USER_INPUT', 'Subscriptions are served over graphql-ws only');
    const cursor = parseCursor(after);
    // A client's replays share its lane of the long-read queue, as its long reads over HTTP do.
    const paced = pacedChannel(
      channel(),
      longReads,
      (events) => chargeBudget(ctx.req, this.budget, events),
      costClient(ctx.req),
    );
    return this.hub.open(paced, cursor, live.drop);
  }
}
