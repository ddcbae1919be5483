import { Inject } from '@nestjs/common';
import { Args, Context, Mutation, Query, Resolver } from '@nestjs/graphql';
import { type AmendmentProposal, type MatchCommand, type ShotCall } from '../domain';
import { MATCH_COMMANDS, type MatchCommands } from '../kernel/match/match-commands.port';
import { AppealQueryService } from './appeal-queries.service';
import { AppealPolicyService } from './policy/appeal-policy.service';
import type { MutationName } from '../kernel/auth/policy';
import { TokenService } from '../api/auth/tokens';
import { chargeWork, CostBudget } from '../kernel/graphql/cost';
import { ReadModel } from '../projections/read-model';
import {
  AmendmentInput,
  AppealPreviewInput,
  CallAmendmentInput,
  CorrectShotInput,
  DecideAppealInput,
  FileAppealInput,
  SignOffMatchInput,
  WithdrawAppealInput,
} from './inputs/appeal.inputs';
import {
  AttachAppealEvidenceInput,
  RequestAppealReviewInput,
  ReviewAppealDecisionInput,
} from './inputs/review-evidence.inputs';
import type { MatchCommandInput } from '../kernel/graphql/inputs/command.input';
import { shotFacts } from '../kernel/match/inputs/shot-facts';
import { resultChanges } from '../kernel/match/inputs/game-result.inputs';
import { runMatchCommand } from '../matches/match.resolver';
import { AppealPreviewModel } from './models/appeal.model';
import { CommandResultModel } from '../kernel/match/models/ledger-event.model';
import { defined } from '../kernel/graphql/defined';
import { toMatchModel, toRulingModel } from '../kernel/match/models/mappers';
import type { GqlContext } from '../kernel/request-context';

// Corrections, appeals (file, preview, decide) and sign-off. Kept apart from the table
// resolver; the commands go through the same load → decide → append path.

function toCall(c: CallAmendmentInput | undefined | null): ShotCall | undefined {
  if (!c) return undefined;
  const call = { ball: c.ball ?? null, pocket: c.pocket ?? null, safety: c.safety };
  return c.pushOut ? { ...call, pushOut: true } : call;
}

function toProposal(a: AmendmentInput): AmendmentProposal {
  return {
    kind: a.kind,
    ...defined({
      facts: a.facts ? shotFacts(a.facts) : undefined,
      call: toCall(a.call),
      restoreRevision: a.restoreRevision ?? undefined,
      player: a.player ?? undefined,
      result: a.result ? resultChanges(a.result) : undefined,
    }),
  };
}

@Resolver()
export class AppealsResolver {
  constructor(
    @Inject(MATCH_COMMANDS) private readonly commands: MatchCommands,
    @Inject(AppealQueryService) private readonly appeals: AppealQueryService,
    @Inject(TokenService) private readonly tokens: TokenService,
    @Inject(AppealPolicyService) private readonly policies: AppealPolicyService,
    @Inject(CostBudget) private readonly budget: CostBudget,
    @Inject(ReadModel) private readonly readModel: ReadModel,
  ) {}

  @Query(() => AppealPreviewModel, {
    description:
      'What-if for a pending appeal: the decision allowing it with its proposal (or `remedy`), run without recording it: the same refusals, and the match exactly as the decision would leave it. For a closed appeal, what closed it. Appends nothing.',
  })
  async appealPreview(
    @Context() ctx: GqlContext,
    @Args('input') input: AppealPreviewInput,
  ): Promise<AppealPreviewModel> {
    // A preview replays the match twice (as recorded, and amended): priced per event.
    const events = this.readModel.match(input.matchId)?.version ?? 1;
    chargeWork(ctx.req, this.budget, 2 * events);
    const p = await this.appeals.preview(
      input.matchId,
      input.appealId,
      input.remedy ? toProposal(input.remedy) : undefined,
    );
    return {
      appealId: p.appealId,
      againstRevision: p.againstRevision,
      status: p.status,
      closedAt: p.closedAt,
      remedy: p.remedy.kind,
      streamRevision: p.streamRevision,
      recorded: toMatchModel(p.recorded),
      amended: toMatchModel(p.amended),
      recordedRuling: p.recordedRuling ? toRulingModel(p.recordedRuling) : null,
      ruling: p.ruling ? toRulingModel(p.ruling) : null,
      supersedes: p.supersedes,
      forecloses: p.forecloses,
    };
  }

  @Mutation(() => CommandResultModel, {
    description:
      'Correct the facts of a shot of the frame in play; the engine re-adjudicates it and later shots of the frame are superseded. Refused when it would reach a committee decision (DECISION_FINAL) or an event a pending appeal disputes (APPEAL_PENDING).',
  })
  async correctShot(
    @Args('input') input: CorrectShotInput,
    @Context() ctx: GqlContext,
  ): Promise<CommandResultModel> {
    return this.run('correctShot', input, ctx, (actor) => ({
      type: 'CorrectShot',
      by: actor,
      revision: input.revision,
      facts: shotFacts(input.facts ?? {}),
      ...defined({ call: toCall(input.call) }),
      reason: input.reason,
    }));
  }

  @Mutation(() => CommandResultModel, {
    description:
      'A player appeals a ruling or event of their match, within the appeal window and before sign-off; the same appeal again while it is pending is refused (DUPLICATE_APPEAL).',
  })
  async fileAppeal(
    @Args('input') input: FileAppealInput,
    @Context() ctx: GqlContext,
  ): Promise<CommandResultModel> {
    const policy = await this.policies.forMatch(input.matchId);
    return this.run('fileAppeal', input, ctx, (actor) => ({
      type: 'FileAppeal',
      by: actor,
      againstRevision: input.againstRevision,
      grounds: input.grounds,
      proposal: toProposal(input.proposal),
      ...(policy ? { policy } : {}),
    }));
  }

  @Mutation(() => CommandResultModel, {
    description:
      'The appeals committee decides a pending appeal (not a member who plays in or officiates the match, nor one who recorded or officiated what the appeal concerns). Allowing one closes as MOOT any other pending appeal whose disputed event it supersedes. Appeals pending together are decided in table order: one against a later event waits for those against earlier ones (APPEAL_EARLIER_PENDING).',
  })
  async decideAppeal(
    @Args('input') input: DecideAppealInput,
    @Context() ctx: GqlContext,
  ): Promise<CommandResultModel> {
    const committee = (await this.policies.forMatch(input.matchId))?.committee ?? null;
    return this.run('decideAppeal', input, ctx, (actor) => ({
      type: 'DecideAppeal',
      ...(committee ? { committee } : {}),
      appealId: input.appealId,
      decidedBy: actor,
      outcome: input.outcome,
      ...defined({
        remedy: input.remedy ? toProposal(input.remedy) : undefined,
        reasonPt: input.reasonPt ?? undefined,
      }),
      reason: input.reason,
    }));
  }

  @Mutation(() => CommandResultModel, {
    description:
      'Attach evidence by reference to a pending appeal (the players, the match’s referee, the committee; hearing notes only by a committee member who may decide it). Each piece is its own event with its author.',
  })
  async attachAppealEvidence(
    @Args('input') input: AttachAppealEvidenceInput,
    @Context() ctx: GqlContext,
  ): Promise<CommandResultModel> {
    // Hearing notes are the panel's: the competition's committee, when it names one.
    const committee =
      input.kind === 'HEARING_NOTES'
        ? ((await this.policies.forMatch(input.matchId))?.committee ?? null)
        : null;
    return this.run('attachAppealEvidence', input, ctx, (actor, role) => ({
      type: 'AttachAppealEvidence',
      ...(committee ? { committee } : {}),
      appealId: input.appealId,
      by: actor,
      role,
      kind: input.kind,
      ...defined({
        url: input.url ?? undefined,
        atSecond: input.atSecond ?? undefined,
        reference: input.reference ?? undefined,
        text: input.text ?? undefined,
      }),
    }));
  }

  @Mutation(() => CommandResultModel, {
    description:
      'The review panel (APPEALS_REVIEW) confirms a committee decision or sets it aside and substitutes its own (DISMISSED: the record before the decision is restored; ALLOWED: its remedy applied). The only way a decision is superseded; once per decision (REVIEW_FINAL); the decider and anyone involved are RECUSED.',
  })
  async reviewAppealDecision(
    @Args('input') input: ReviewAppealDecisionInput,
    @Context() ctx: GqlContext,
  ): Promise<CommandResultModel> {
    return this.run('reviewAppealDecision', input, ctx, (actor) => ({
      type: 'ReviewAppealDecision',
      appealId: input.appealId,
      reviewedBy: actor,
      outcome: input.outcome,
      ...defined({
        decision: input.decision ?? undefined,
        remedy: input.remedy ? toProposal(input.remedy) : undefined,
        reasonPt: input.reasonPt ?? undefined,
      }),
      reason: input.reason,
    }));
  }

  @Mutation(() => CommandResultModel, {
    description:
      'A player of the match asks for the review of a committee decision, once, within the match’s appeal window counted from the decision (REVIEW_WINDOW_CLOSED, REVIEW_ALREADY_REQUESTED); until the review, evidence may be attached for it.',
  })
  async requestAppealReview(
    @Args('input') input: RequestAppealReviewInput,
    @Context() ctx: GqlContext,
  ): Promise<CommandResultModel> {
    const policy = await this.policies.forMatch(input.matchId);
    return this.run('requestAppealReview', input, ctx, (actor) => ({
      type: 'RequestAppealReview',
      appealId: input.appealId,
      by: actor,
      reason: input.reason,
      ...(policy ? { policy } : {}),
    }));
  }

  @Mutation(() => CommandResultModel, {
    description:
      'The appellant withdraws their pending appeal, with a reason; it is closed as WITHDRAWN.',
  })
  async withdrawAppeal(
    @Args('input') input: WithdrawAppealInput,
    @Context() ctx: GqlContext,
  ): Promise<CommandResultModel> {
    return this.run('withdrawAppeal', input, ctx, (actor) => ({
      type: 'WithdrawAppeal',
      appealId: input.appealId,
      by: actor,
      reason: input.reason,
    }));
  }

  @Mutation(() => CommandResultModel, {
    description:
      'Sign a completed match: when both players (or the referee) have signed, it is final.',
  })
  async signOffMatch(
    @Args('input') input: SignOffMatchInput,
    @Context() ctx: GqlContext,
  ): Promise<CommandResultModel> {
    return this.run('signOffMatch', input, ctx, (actor, role) => ({
      type: 'SignOffMatch',
      by: actor,
      capacity: role === 'REFEREE' ? 'REFEREE' : 'PLAYER',
    }));
  }

  private run(
    mutation: MutationName,
    input: MatchCommandInput,
    ctx: GqlContext,
    command: (actor: string, role: string) => MatchCommand,
  ): Promise<CommandResultModel> {
    return runMatchCommand(this.commands, this.tokens, mutation, input, ctx, command);
  }
}
