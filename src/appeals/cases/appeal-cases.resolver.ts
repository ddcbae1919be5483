import { Inject } from '@nestjs/common';
import { Args, Context, Int, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { chargeWork, CostBudget } from '../../kernel/graphql/cost';
import type { GqlContext } from '../../kernel/request-context';
import { GraphQLDateTime } from 'graphql-scalars';
import { APPEAL_STATUSES, isOverdue, supersededRevisions, type AppealStatus } from '../../domain';
import * as E from '../../kernel/graphql/enums';
import { InputValidationError } from '../../kernel/input-errors';
import {
  checkFirst,
  decodeCursor,
  DEFAULT_PAGE,
  encodeCursor,
  MAX_PAGE,
  pageComplexity,
  pageOf,
} from '../../kernel/graphql/pagination';
import type { MatchRecord } from '../../ledger/envelope';
import { toEventModel, toRulingModel } from '../../kernel/match/models/mappers';
import {
  AppealCaseConnectionModel,
  AppealCaseFileModel,
  AppealCaseModel,
} from '../models/appeal-case.model';
import { AppealCaseService, type AppealCase } from './appeal-cases.service';

// An appeals cursor is the padded ledger position of the filing the page ends with.
const CURSOR = 'a';
const POSITION = /^\d{40}$/;
const ID = /^[A-Za-z0-9._:-]{1,64}$/;

function id(value: string | null | undefined, field: string): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (!ID.test(value))
    throw new InputValidationError([{ field, problems: ['must be 1–64 letters, digits or ._:-'] }]);
  return value;
}

// The committee's case list across matches, and each appeal's case file.
@Resolver(() => AppealCaseModel)
export class AppealCasesResolver {
  constructor(
    @Inject(AppealCaseService) private readonly cases: AppealCaseService,
    @Inject(CostBudget) private readonly budget: CostBudget,
  ) {}

  @Query(() => AppealCaseConnectionModel, {
    description: `Appeals across matches in filing order (oldest first), filtered by status, competition, match, filing time (inclusive) and whether they are overdue (pending past their decision deadline). Pages of \`first\` (1–${MAX_PAGE}) after an opaque cursor.`,
    complexity: pageComplexity,
  })
  appeals(
    @Args('status', { type: () => E.AppealStatus, nullable: true }) status: AppealStatus | null,
    @Args('competitionId', { type: () => String, nullable: true }) competitionId: string | null,
    @Args('matchId', { type: () => String, nullable: true }) matchId: string | null,
    @Args('filedAfter', { type: () => GraphQLDateTime, nullable: true }) filedAfter: Date | null,
    @Args('filedBefore', { type: () => GraphQLDateTime, nullable: true }) filedBefore: Date | null,
    @Args('overdue', {
      type: () => Boolean,
      nullable: true,
      description: 'true: only appeals pending past their decision deadline; false: the others.',
    })
    overdue: boolean | null,
    @Args('first', { type: () => Int, defaultValue: DEFAULT_PAGE }) first: number,
    @Args('after', { type: () => String, nullable: true }) after: string | null,
  ): AppealCaseConnectionModel {
    checkFirst(first);
    const now = this.cases.now();
    const filter = {
      status: status && APPEAL_STATUSES.includes(status) ? status : undefined,
      competitionId: id(competitionId, 'competitionId'),
      matchId: id(matchId, 'matchId'),
      filedAfter: filedAfter?.toISOString(),
      filedBefore: filedBefore?.toISOString(),
      ...(overdue === null || overdue === undefined ? {} : { overdue: { is: overdue, now } }),
    };
    const key = after ? decodeCursor(CURSOR, after, POSITION) : undefined;
    return pageOf(
      this.cases.list(filter, first, key),
      after ?? null,
      (row) => encodeCursor(CURSOR, row.filedPos),
      (row: AppealCase): AppealCaseModel => {
        const appeal = row.match.appeals.find((a) => a.id === row.appealId)!;
        return {
          matchId: row.matchId,
          appealId: row.appealId,
          competitionId: row.competitionId,
          status: row.status as AppealStatus,
          filedAt: row.filedAt,
          overdue: isOverdue(appeal, now),
          feeOutcome: appeal.feeOutcome,
          appeal,
        };
      },
    );
  }

  @ResolveField(() => AppealCaseFileModel, {
    description:
      'The case file, read from the match’s ledger (one stream read per appeal); costs one point per event of the match.',
  })
  async file(
    @Context() ctx: GqlContext,
    @Parent() c: AppealCaseModel,
  ): Promise<AppealCaseFileModel> {
    chargeWork(ctx.req, this.budget, this.cases.replayLength(c.matchId));
    const { file: f, records } = await this.cases.file(c.matchId, c.appealId);
    const superseded = supersededRevisions(records);
    const model = (r: MatchRecord | null) =>
      r && toEventModel(r.stored, r.gameNumber, superseded.get(r.revision) ?? null);
    return {
      disputed: model(f.disputed)!,
      shot: model(f.shot),
      recordedRuling: f.recordedRuling && toRulingModel(f.recordedRuling),
      proposal: f.proposal,
      proposedRuling: f.proposedRuling && toRulingModel(f.proposedRuling),
      previewRefusal: f.previewRefusal,
      evidence: f.evidence.map((r) => model(r)!),
      decision: model(f.decision),
      review: model(f.review),
    };
  }
}
