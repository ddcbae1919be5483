import { Inject } from '@nestjs/common';
import { Args, Context, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { RegistryError, type CompetitionFields } from '../domain';
import type { MutationName } from '../kernel/auth/policy';
import { TokenService } from '../api/auth/tokens';
import type { CommandInput } from '../kernel/graphql/inputs/command.input';
import {
  DEFAULT_PAGE,
  MAX_PAGE,
  checkFirst,
  decodeCursor,
  encodeCursor,
  pageComplexity,
  pageOf,
} from '../kernel/graphql/pagination';
import { commandContext, type GqlContext } from '../kernel/request-context';
import { defined } from '../kernel/graphql/defined';
import { standingsPrice } from '../kernel/graphql/prices';
import { longReads } from '../ledger/slices';
import {
  AssignCommitteeInput,
  CreateCompetitionInput,
  PlayerFilterInput,
  RegisterPlayerInput,
  UpdateCompetitionInput,
  UpdatePlayerInput,
} from './inputs/registry.inputs';
import {
  CompetitionConnectionModel,
  CompetitionModel,
  RegisteredPlayerConnectionModel,
  RegisteredPlayerModel,
  ScheduledMatchConnectionModel,
  StandingModel,
  toCompetitionModel,
  toPlayerModel,
  toScheduledMatchModel,
  toStandingModel,
} from './models/registry.models';
import { RegistryCommandService } from './registry-commands.service';
import { RegistryQueryService } from './registry-queries.service';

const ANY_KEY = /^[\s\S]{1,300}$/;
const cursorOf = (prefix: string, after: string | null | undefined) =>
  after === undefined || after === null ? undefined : decodeCursor(prefix, after, ANY_KEY);

@Resolver()
export class RegistryResolver {
  constructor(
    @Inject(RegistryCommandService) private readonly commands: RegistryCommandService,
    @Inject(RegistryQueryService) private readonly queries: RegistryQueryService,
    @Inject(TokenService) private readonly tokens: TokenService,
  ) {}

  private context(ctx: GqlContext, mutation: MutationName, input: CommandInput) {
    return commandContext(ctx, this.tokens.principalOf(ctx.req), mutation, input);
  }

  @Mutation(() => RegisteredPlayerModel, { description: 'Register a player by licence id.' })
  async registerPlayer(
    @Args('input') input: RegisterPlayerInput,
    @Context() ctx: GqlContext,
  ): Promise<RegisteredPlayerModel> {
    const record = await this.commands.player(
      {
        type: 'RegisterPlayer',
        licenceId: input.licenceId,
        displayName: input.displayName,
        club: input.club ?? null,
        nationality: input.nationality ?? null,
      },
      this.context(ctx, 'registerPlayer', input),
    );
    return toPlayerModel(record);
  }

  @Mutation(() => RegisteredPlayerModel, {
    description: "Edit a player: a new event of the player's stream (match records are untouched).",
  })
  async updatePlayer(
    @Args('input') input: UpdatePlayerInput,
    @Context() ctx: GqlContext,
  ): Promise<RegisteredPlayerModel> {
    const record = await this.commands.player(
      {
        type: 'UpdatePlayer',
        licenceId: input.licenceId,
        ...defined({
          displayName: input.displayName ?? undefined,
          club: input.club,
          nationality: input.nationality,
        }),
      },
      this.context(ctx, 'updatePlayer', input),
    );
    return toPlayerModel(record);
  }

  @Mutation(() => CompetitionModel, { description: 'Create a competition matches can belong to.' })
  async createCompetition(
    @Args('input') input: CreateCompetitionInput,
    @Context() ctx: GqlContext,
  ): Promise<CompetitionModel> {
    for (const field of ['name', 'discipline', 'season'] as const)
      if (input[field] === undefined || input[field] === null)
        throw new RegistryError('INVALID_RECORD', `${field} is required`, field);
    const discipline = input.discipline!;
    const record = await this.commands.competition(
      {
        type: 'CreateCompetition',
        competitionId: input.competitionId,
        fields: {
          name: input.name!,
          discipline,
          ruleProfile: input.ruleProfile ?? (discipline === 'EIGHT_BALL' ? 'FPB' : 'WPA'),
          season: input.season!,
          startsOn: input.startsOn ?? null,
          endsOn: input.endsOn ?? null,
          venue: input.venue ?? null,
          appealFee: input.appealFee ? { ...input.appealFee } : null,
          ...defined({
            appealWindowMinutes: input.appealWindowMinutes ?? undefined,
            appealWindowStart: input.appealWindowStart ?? undefined,
            decisionDeadlineHours: input.decisionDeadlineHours ?? undefined,
            appealFeeRule: input.appealFeeRule ?? undefined,
            appealRefileAfterWithdrawal: input.appealRefileAfterWithdrawal ?? undefined,
          }),
        },
      },
      this.context(ctx, 'createCompetition', input),
    );
    return toCompetitionModel(record);
  }

  @Mutation(() => CompetitionModel, { description: 'Edit a competition (fields left out stay).' })
  async updateCompetition(
    @Args('input') input: UpdateCompetitionInput,
    @Context() ctx: GqlContext,
  ): Promise<CompetitionModel> {
    const fields: Partial<CompetitionFields> = defined({
      name: input.name ?? undefined,
      discipline: input.discipline ?? undefined,
      ruleProfile: input.ruleProfile ?? undefined,
      season: input.season ?? undefined,
      startsOn: input.startsOn,
      endsOn: input.endsOn,
      venue: input.venue,
      appealWindowMinutes: input.appealWindowMinutes ?? undefined,
      appealWindowStart: input.appealWindowStart ?? undefined,
      decisionDeadlineHours: input.decisionDeadlineHours ?? undefined,
      appealFeeRule: input.appealFeeRule ?? undefined,
      appealRefileAfterWithdrawal: input.appealRefileAfterWithdrawal ?? undefined,
      appealFee:
        input.appealFee === undefined ? undefined : input.appealFee && { ...input.appealFee },
    });
    const record = await this.commands.competition(
      { type: 'UpdateCompetition', competitionId: input.competitionId, fields },
      this.context(ctx, 'updateCompetition', input),
    );
    return toCompetitionModel(record);
  }

  @Mutation(() => CompetitionModel, {
    description:
      'Set who may decide appeals in a competition (admin only); replaces the committee.',
  })
  async assignCommittee(
    @Args('input') input: AssignCommitteeInput,
    @Context() ctx: GqlContext,
  ): Promise<CompetitionModel> {
    const record = await this.commands.competition(
      { type: 'AssignCommittee', competitionId: input.competitionId, members: [...input.members] },
      this.context(ctx, 'assignCommittee', input),
    );
    return toCompetitionModel(record);
  }

  @Query(() => RegisteredPlayerModel, { nullable: true })
  player(@Args('licenceId') licenceId: string): RegisteredPlayerModel | null {
    const p = this.queries.player(licenceId);
    return p ? toPlayerModel(p) : null;
  }

  @Query(() => RegisteredPlayerConnectionModel, {
    description: `Registered players by display name, then licence id. Pages of \`first\` (1–${MAX_PAGE}).`,
    complexity: pageComplexity,
  })
  players(
    // Optional, not `| null`: a union leaves the validation pipe without the input's class.
    @Args('filter', { type: () => PlayerFilterInput, nullable: true })
    filter?: PlayerFilterInput,
    @Args('first', { type: () => Int, defaultValue: DEFAULT_PAGE }) first = DEFAULT_PAGE,
    @Args('after', { type: () => String, nullable: true }) after?: string | null,
  ): RegisteredPlayerConnectionModel {
    checkFirst(first);
    const page = this.queries.players(
      defined({
        namePrefix: filter?.namePrefix ?? undefined,
        club: filter?.club ?? undefined,
        nationality: filter?.nationality ?? undefined,
      }),
      first,
      cursorOf('p', after),
    );
    return pageOf(page, after ?? null, (r) => encodeCursor('p', r.key), toPlayerModel);
  }

  @Query(() => CompetitionModel, { nullable: true })
  competition(@Args('id') id: string): CompetitionModel | null {
    const c = this.queries.competition(id);
    return c ? toCompetitionModel(c) : null;
  }

  @Query(() => CompetitionConnectionModel, {
    description: `Competitions by id. Pages of \`first\` (1–${MAX_PAGE}).`,
    complexity: pageComplexity,
  })
  competitions(
    @Args('season', { type: () => String, nullable: true }) season: string | null,
    @Args('first', { type: () => Int, defaultValue: DEFAULT_PAGE }) first: number,
    @Args('after', { type: () => String, nullable: true }) after?: string | null,
  ): CompetitionConnectionModel {
    checkFirst(first);
    const page = this.queries.competitions(
      defined({ season: season ?? undefined }),
      first,
      cursorOf('c', after),
    );
    return pageOf(
      page,
      after ?? null,
      (r) => encodeCursor('c', r.competitionId),
      toCompetitionModel,
    );
  }

  @Query(() => ScheduledMatchConnectionModel, {
    description: "A player's matches, most recently scheduled first.",
    complexity: pageComplexity,
  })
  playerMatches(
    @Args('licenceId') licenceId: string,
    @Args('first', { type: () => Int, defaultValue: DEFAULT_PAGE }) first: number,
    @Args('after', { type: () => String, nullable: true }) after?: string | null,
  ): ScheduledMatchConnectionModel {
    checkFirst(first);
    const page = this.queries.playerMatches(licenceId, first, cursorOf('pm', after));
    return pageOf(page, after ?? null, (r) => encodeCursor('pm', r.key), toScheduledMatchModel);
  }

  @Query(() => ScheduledMatchConnectionModel, {
    description: "A competition's matches in the order they were scheduled.",
    complexity: pageComplexity,
  })
  competitionMatches(
    @Args('competitionId') competitionId: string,
    @Args('first', { type: () => Int, defaultValue: DEFAULT_PAGE }) first: number,
    @Args('after', { type: () => String, nullable: true }) after?: string | null,
  ): ScheduledMatchConnectionModel {
    checkFirst(first);
    const page = this.queries.competitionMatches(competitionId, first, cursorOf('cm', after));
    return pageOf(page, after ?? null, (r) => encodeCursor('cm', r.key), toScheduledMatchModel);
  }

  @Query(() => [StandingModel], {
    description:
      "A competition's table from the effective results (corrections and appeal decisions included). Order: most matches won; then matches won between the players level on matches won (head-to-head); then game differential; then games won; then licence id.",
    complexity: standingsPrice,
  })
  standings(
    @Context() ctx: GqlContext,
    @Args('competitionId') competitionId: string,
  ): Promise<StandingModel[]> {
    // In the long-read queue, in the request's lane, a page of matches per slice at most.
    return longReads.run(
      async (slice) =>
        (await this.queries.standingsInSlices(competitionId, slice)).map(toStandingModel),
      ctx.req,
    );
  }
}
