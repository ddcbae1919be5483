import { Inject } from '@nestjs/common';
import { Context, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { chargeWork, CostBudget } from '../../kernel/graphql/cost';
import type { GqlContext } from '../../kernel/request-context';
import { appealWindows } from '../../domain';
import { longReads } from '../../ledger/slices';
import { MATCH_REPLAY, type MatchReplay } from '../../kernel/match/match-replay.port';
import { MatchModel } from '../../kernel/match/models/match.model';
import { AppealCaseService } from '../cases/appeal-cases.service';
import { AppealPolicyService } from '../policy/appeal-policy.service';
import { MatchAppealWindowModel } from '../models/appeal-window.model';

// The appeal window in force on a match, read from its ledger (the end of each game is dated
// there, not in the match's state) when asked for.
@Resolver(() => MatchModel)
export class AppealWindowResolver {
  constructor(
    @Inject(MATCH_REPLAY) private readonly replay: MatchReplay,
    @Inject(AppealCaseService) private readonly cases: AppealCaseService,
    @Inject(AppealPolicyService) private readonly policy: AppealPolicyService,
    @Inject(CostBudget) private readonly budget: CostBudget,
  ) {}

  @ResolveField(() => MatchAppealWindowModel, {
    description:
      'The appeal window in force (as the match stands now) and, per game, when it closes; read from the match’s ledger: one point per event.',
  })
  async appealWindow(
    @Context() ctx: GqlContext,
    @Parent() m: MatchModel,
  ): Promise<MatchAppealWindowModel> {
    chargeWork(ctx.req, this.budget, this.cases.replayLength(m.id));
    const policy = await this.policy.forMatch(m.id);
    const { records, state } = await longReads.run((slice) => this.replay.require(m.id, slice));
    return appealWindows(records, state, policy ?? undefined);
  }
}
