import { Inject } from '@nestjs/common';
import { Args, Context, Mutation, Resolver } from '@nestjs/graphql';
import { emptyFacts, type MatchCommand, type ShotCall } from '../domain';
import { matchIdFor } from '../ledger/envelope';
import { MatchCommandService } from './match-commands.service';
import type { CommandOutcome, MatchCommands } from '../kernel/match/match-commands.port';
import type { MutationName } from '../kernel/auth/policy';
import { TokenService } from '../api/auth/tokens';
import {
  CallShotInput,
  ChooseOptionInput,
  DecideBreakOrderInput,
  DeclareFrozenBallInput,
  PlaceCueBallInput,
  RecordRefereeRulingInput,
} from '../kernel/match/inputs/match.inputs';
import { AssignOfficialsInput, ScheduleMatchInput } from './inputs/schedule.inputs';
import type { CommandInput, MatchCommandInput } from '../kernel/graphql/inputs/command.input';
import { shotFacts } from '../kernel/match/inputs/shot-facts';
import { layoutOption } from '../kernel/match/inputs/layout.inputs';
import { RecordShotInput } from '../kernel/match/inputs/shot.inputs';
import { CommandResultModel } from '../kernel/match/models/ledger-event.model';
import { defined } from '../kernel/graphql/defined';
import { toEventModel, toMatchModel, toRulingModel } from '../kernel/match/models/mappers';
import { MatchModel } from '../kernel/match/models/match.model';
import { commandContext, type GqlContext } from '../kernel/request-context';
import { RegistryRecords } from '../registry/registry-streams';
import { resolveSchedule, type ScheduleDraft } from '../registry/schedule-check';

// A call as the domain records it: pushOut only when declared (older calls carry none).
function shotCall(c: Pick<CallShotInput, 'ball' | 'pocket' | 'safety' | 'pushOut'>): ShotCall {
  const call = { ball: c.ball ?? null, pocket: c.pocket ?? null, safety: c.safety ?? false };
  return c.pushOut ? { ...call, pushOut: true } : call;
}

export function toResult(outcome: CommandOutcome): CommandResultModel {
  return {
    matchId: outcome.matchId,
    revision: outcome.state.version - 1,
    events: outcome.events.map((r) => toEventModel(r.stored, r.gameNumber)),
    ruling: outcome.ruling ? toRulingModel(outcome.ruling) : null,
    match: toMatchModel(outcome.state),
    position: outcome.events.at(-1)?.stored.position.toString() ?? null,
  };
}

// One write through the API: the verified token gives the acting person (never an input field),
// the command service decides and appends, and the outcome becomes the GraphQL result.
export async function runMatchCommand(
  commands: MatchCommands,
  tokens: TokenService,
  mutation: MutationName,
  input: MatchCommandInput,
  ctx: GqlContext,
  command: MatchCommand | ((actor: string, role: string) => MatchCommand),
): Promise<CommandResultModel> {
  const context = commandContext(ctx, tokens.principalOf(ctx.req), mutation, input);
  const built = typeof command === 'function' ? command(context.actor, context.role) : command;
  return toResult(await commands.handle(input.matchId, built, context));
}

@Resolver(() => MatchModel)
export class MatchResolver {
  constructor(
    @Inject(MatchCommandService) private readonly commands: MatchCommandService,
    @Inject(TokenService) private readonly tokens: TokenService,
    @Inject(RegistryRecords) private readonly registry: RegistryRecords,
  ) {}

  @Mutation(() => CommandResultModel, {
    description: 'Schedule a match; the rule profile is pinned here.',
  })
  async scheduleMatch(
    @Args('input') input: ScheduleMatchInput,
    @Context() ctx: GqlContext,
  ): Promise<CommandResultModel> {
    // Derived from the command id, so a retried schedule finds its match instead of making another.
    const matchId = matchIdFor(input.commandId);
    const context = this.context(ctx, 'scheduleMatch', input);
    // Registered players and competitions are resolved (or refused) before anything is decided.
    const draft: ScheduleDraft = {
      type: 'ScheduleMatch',
      matchId,
      raceTo: input.raceTo,
      players: [
        defined({ id: input.players[0].id, name: input.players[0].name ?? undefined }),
        defined({ id: input.players[1].id, name: input.players[1].name ?? undefined }),
      ],
      breakOrder: input.breakOrder,
      refereePresent: input.refereePresent,
      competition: input.competition ?? null,
      ...defined({
        discipline: input.discipline ?? undefined,
        ruleProfile: input.ruleProfile ?? undefined,
        appealWindowMinutes: input.appealWindowMinutes ?? undefined,
        competitionId: input.competitionId ?? undefined,
        venue: input.venue ?? undefined,
        tableNumber: input.tableNumber ?? undefined,
        scheduledAt: input.scheduledAt?.toISOString(),
      }),
    };
    const earlier = await this.commands.retriedSchedule(matchId, context, draft);
    if (earlier) return toResult(earlier);
    const command = await resolveSchedule(this.registry, draft);
    const outcome = await this.commands.schedule(command, context, draft);
    return toResult(outcome);
  }

  @Mutation(() => CommandResultModel, {
    description:
      'Assign the scorers and referees who may record at this match (admin only); replaces the previous assignment.',
  })
  async assignOfficials(
    @Args('input') input: AssignOfficialsInput,
    @Context() ctx: GqlContext,
  ): Promise<CommandResultModel> {
    return this.run(
      'assignOfficials',
      { type: 'AssignOfficials', scorers: [...input.scorers], referees: [...input.referees] },
      input,
      ctx,
    );
  }

  @Mutation(() => CommandResultModel, {
    description: 'Record the toss or lag winner (G1.6); they then choose to break or cede.',
  })
  async decideBreakOrder(
    @Args('input') input: DecideBreakOrderInput,
    @Context() ctx: GqlContext,
  ): Promise<CommandResultModel> {
    return this.run(
      'decideBreakOrder',
      {
        type: 'DecideBreakOrder',
        method: input.method,
        winner: input.winner ?? null,
        ...(input.lag
          ? {
              lag: input.lag.map((l) => ({
                player: l.player,
                faults: [...l.faults],
                distanceFromHeadCushionMm: l.distanceFromHeadCushionMm ?? null,
              })),
            }
          : {}),
      },
      input,
      ctx,
    );
  }

  @Mutation(() => CommandResultModel, { description: 'Record a choice owed to a player (A12).' })
  async chooseOption(
    @Args('input') input: ChooseOptionInput,
    @Context() ctx: GqlContext,
  ): Promise<CommandResultModel> {
    return this.run(
      'chooseOption',
      { type: 'ChooseOption', player: input.player, option: input.option },
      input,
      ctx,
    );
  }

  @Mutation(() => CommandResultModel, {
    description: 'Record where the cue ball was placed with ball in hand.',
  })
  async placeCueBall(
    @Args('input') input: PlaceCueBallInput,
    @Context() ctx: GqlContext,
  ): Promise<CommandResultModel> {
    return this.run(
      'placeCueBall',
      { type: 'PlaceCueBall', player: input.player, zone: input.zone, ...layoutOption(input) },
      input,
      ctx,
    );
  }

  @Mutation(() => CommandResultModel, {
    description: 'G1.36: declare, before the shot, a ball frozen to a cushion.',
  })
  async declareFrozenBall(
    @Args('input') input: DeclareFrozenBallInput,
    @Context() ctx: GqlContext,
  ): Promise<CommandResultModel> {
    return this.run(
      'declareFrozenBall',
      {
        type: 'DeclareFrozenBall',
        declaredBy: input.declaredBy,
        ball: input.ball,
        cushion: input.cushion,
        ...layoutOption(input),
      },
      input,
      ctx,
    );
  }

  @Mutation(() => CommandResultModel, {
    description: 'Record the call for the next shot: one ball and one pocket, or a safety.',
  })
  async callShot(
    @Args('input') input: CallShotInput,
    @Context() ctx: GqlContext,
  ): Promise<CommandResultModel> {
    const call = shotCall(input);
    return this.run('callShot', { type: 'CallShot', player: input.player, call }, input, ctx);
  }

  @Mutation(() => CommandResultModel, {
    description: 'Record the facts of a shot; the engine adjudicates it.',
  })
  async recordShot(
    @Args('input') input: RecordShotInput,
    @Context() ctx: GqlContext,
  ): Promise<CommandResultModel> {
    const facts = emptyFacts(shotFacts(input));
    const command: MatchCommand = input.call
      ? { type: 'PlayShot', shooter: input.shooter, facts, call: shotCall(input.call) }
      : { type: 'PlayShot', shooter: input.shooter, facts };
    Object.assign(command, layoutOption(input));
    return this.run('recordShot', command, input, ctx);
  }

  @Mutation(() => CommandResultModel, {
    description:
      'Record a referee decision: a warning under G1.9 or G1.29, stalemate (E8.19), outside interference (G1.33), spontaneous movement (G1.31), unsportsmanlike conduct (G1.39), the two-foul warning (N9.8).',
  })
  async recordRefereeRuling(
    @Args('input') input: RecordRefereeRulingInput,
    @Context() ctx: GqlContext,
  ): Promise<CommandResultModel> {
    return this.run(
      'recordRefereeRuling',
      {
        type: 'RecordRefereeRuling',
        kind: input.kind,
        player: input.player ?? null,
        restored: input.restored ?? null,
        ...defined({
          ball: input.ball,
          movement: input.movement,
          sanction: input.sanction,
          violation: input.violation ?? undefined,
          seen: input.seen
            ? defined({
                dropped: input.seen.dropped,
                secondsAfterSettled: input.seen.secondsAfterSettled ?? undefined,
                cueBallPassedItsSpot: input.seen.cueBallPassedItsSpot ?? undefined,
              })
            : undefined,
        }),
        note: input.note,
        ...layoutOption(input),
      },
      input,
      ctx,
    );
  }

  private context(ctx: GqlContext, mutation: MutationName, input: CommandInput) {
    return commandContext(ctx, this.tokens.principalOf(ctx.req), mutation, input);
  }

  private run(
    mutation: MutationName,
    command: MatchCommand,
    input: MatchCommandInput,
    ctx: GqlContext,
  ): Promise<CommandResultModel> {
    return runMatchCommand(this.commands, this.tokens, mutation, input, ctx, command);
  }
}
