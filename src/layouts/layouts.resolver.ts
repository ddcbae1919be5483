import { Inject } from '@nestjs/common';
import { Args, Context, Mutation, Resolver } from '@nestjs/graphql';
import { TokenService } from '../api/auth/tokens';
import type { GqlContext } from '../kernel/request-context';
import { MATCH_COMMANDS, type MatchCommands } from '../kernel/match/match-commands.port';
import { runMatchCommand } from '../matches/match.resolver';
import { CommandResultModel } from '../kernel/match/models/ledger-event.model';
import { RecordLayoutInput, toLayout } from '../kernel/match/inputs/layout.inputs';

// A layout recorded on its own, corrected, or proposed by an appellant; the actor is the token's.
@Resolver()
export class LayoutsResolver {
  constructor(
    @Inject(MATCH_COMMANDS) private readonly commands: MatchCommands,
    @Inject(TokenService) private readonly tokens: TokenService,
  ) {}

  @Mutation(() => CommandResultModel, {
    description:
      "Record where the balls lie (LayoutRecorded): on its own, as a cited correction (corrects), or as an appellant's proposal (appealId). Overlapping balls, balls off the surface and balls not on the table are refused (INVALID_LAYOUT, BALL_NOT_ON_TABLE).",
  })
  async recordLayout(
    @Args('input') input: RecordLayoutInput,
    @Context() ctx: GqlContext,
  ): Promise<CommandResultModel> {
    return runMatchCommand(this.commands, this.tokens, 'recordLayout', input, ctx, (actor) => ({
      type: 'RecordLayout',
      by: actor,
      layout: toLayout(input.layout),
      ...(input.corrects
        ? { corrects: { revision: input.corrects.revision, reason: input.corrects.reason } }
        : {}),
      ...(input.appealId ? { appealId: input.appealId } : {}),
    }));
  }
}
