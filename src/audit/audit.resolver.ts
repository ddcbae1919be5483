import { Inject } from '@nestjs/common';
import { Args, Context, Int, Query, Resolver } from '@nestjs/graphql';
import { AuthError } from '../kernel/auth/auth-errors';
import { authorizeLedgerScan } from '../kernel/auth/policy';
import { TokenService } from '../api/auth/tokens';
import { chargeWork, CostBudget } from '../kernel/graphql/cost';
import type { GqlContext } from '../kernel/request-context';
import { GraphQLDateTime } from 'graphql-scalars';
import {
  DEFAULT_PAGE,
  MAX_PAGE,
  checkFirst,
  decodeCursor,
  encodeCursor,
  pageComplexity,
  pageOf,
} from '../kernel/graphql/pagination';
import { AuditService } from './audit.service';
import type { ChainBreak } from '../ledger/ledger-verifier';
import type { RulingDifference } from './readjudication';
import type { StoredMetadata } from '../ledger/envelope';
import type { AuditRow } from '../projections/audit-events';
import type { AuditFilter } from '../projections/read-model';
import { AuditFilterInput } from './inputs/audit.inputs';
import {
  MatchAtModel,
  AuditConnectionModel,
  AuditEntryModel,
  ChainBreakModel,
  LedgerVerificationModel,
  ReadjudicationModel,
  RulingDifferenceModel,
} from './models/audit.model';
import { toEventModel, toMatchModel, toRulingModel } from '../kernel/match/models/mappers';
import { MatchModel } from '../kernel/match/models/match.model';
import { AuditQueryError } from './audit-errors';

// An audit cursor is the global position of the last event of the page it ends.
const CURSOR = 'p';
const POSITION = /^\d{1,40}$/;

// A ledger-wide scan costs this many complexity points, so one operation cannot ask for many.
const SCAN_COST = 500;
// States per page of matchStates.
const MAX_STATES = 200;

function toAuditEntry(row: AuditRow): AuditEntryModel {
  const meta = row.event.metadata as StoredMetadata & { prevHash?: string; hash?: string };
  return {
    ...toEventModel(row.event, row.gameNumber, row.supersededBy),
    matchId: row.matchId,
    commandHash: meta.commandHash ?? null,
    prevHash: meta.prevHash ?? null,
    hash: meta.hash ?? null,
  };
}

function toBreakModel(b: ChainBreak): ChainBreakModel {
  return { ...b, position: b.position === null ? null : b.position.toString() };
}

// Audit, tamper evidence, time travel and re-adjudication: all reads; public except the scans of
// the whole ledger. A replay is priced by the events it folds, charged before it starts.
@Resolver()
export class AuditResolver {
  constructor(
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(TokenService) private readonly tokens: TokenService,
    @Inject(CostBudget) private readonly budget: CostBudget,
  ) {}

  private allowScan(ctx: GqlContext, query: string): void {
    const decision = authorizeLedgerScan(query, this.tokens.principalOf(ctx.req));
    if (!decision.allowed) throw new AuthError(decision.reason, decision.message);
  }

  @Query(() => AuditConnectionModel, {
    description: `Every recorded event with its metadata and ruling, in commit order; the whole ledger or filtered. Pages of \`first\` (1–${MAX_PAGE}) after an opaque cursor.`,
    complexity: pageComplexity,
  })
  async auditTrail(
    // Optional, not `| null`: a union leaves the validation pipe without the input's class.
    @Args('filter', { type: () => AuditFilterInput, nullable: true })
    filter?: AuditFilterInput,
    @Args('first', { type: () => Int, defaultValue: DEFAULT_PAGE }) first = DEFAULT_PAGE,
    @Args('after', { type: () => String, nullable: true }) after: string | null = null,
  ): Promise<AuditConnectionModel> {
    const bounds: AuditFilter = {
      matchId: filter?.matchId,
      actor: filter?.actor,
      role: filter?.role,
      types: filter?.types,
      from: filter?.from?.toISOString(),
      to: filter?.to?.toISOString(),
    };
    checkFirst(first);
    const position =
      after === null || after === undefined
        ? undefined
        : BigInt(decodeCursor(CURSOR, after, POSITION));
    return pageOf(
      await this.audit.trail(bounds, first, position),
      after ?? null,
      (row) => encodeCursor(CURSOR, row.event.position.toString()),
      toAuditEntry,
    );
  }

  @Query(() => MatchAtModel, {
    description:
      'A match as it stood after a revision, or after the last event recorded (recordedAt) at or before an instant: give exactly one. Replayed from the ledger; `supersededBy` says when that state was later changed by a correction, decision or review. Costs one point per event replayed.',
  })
  async matchAt(
    @Context() ctx: GqlContext,
    @Args('matchId') matchId: string,
    @Args('revision', { type: () => Int, nullable: true }) revision: number | null,
    @Args('at', { type: () => GraphQLDateTime, nullable: true }) at: Date | null,
  ): Promise<MatchAtModel> {
    chargeWork(ctx.req, this.budget, this.audit.replayLength(matchId, revision ?? null));
    const found = await this.audit.matchAt(
      matchId,
      revision ?? null,
      at ? at.toISOString() : null,
      ctx.req,
    );
    return { ...toMatchModel(found.state), supersededBy: found.supersededBy };
  }

  @Query(() => [MatchModel], {
    description: `The match as it stood after each revision from \`fromRevision\`, \`first\` (1–${MAX_STATES}) of them (fewer at the end): a replay page, so a viewer steps through a match locally. Replayed from the ledger; costs one point per event replayed and one per state returned.`,
    complexity: ({ args, childComplexity }) =>
      childComplexity + Math.min(Number(args.first) || 0, MAX_STATES),
  })
  async matchStates(
    @Context() ctx: GqlContext,
    @Args('matchId') matchId: string,
    @Args('fromRevision', { type: () => Int, defaultValue: 0 }) fromRevision = 0,
    @Args('first', { type: () => Int, defaultValue: 100 }) first = 100,
  ): Promise<MatchModel[]> {
    if (!Number.isInteger(fromRevision) || fromRevision < 0)
      throw new AuditQueryError('BAD_USER_INPUT', 'fromRevision must be a whole number from 0');
    if (!Number.isInteger(first) || first < 1 || first > MAX_STATES)
      throw new AuditQueryError('BAD_USER_INPUT', `first must be from 1 to ${MAX_STATES}`);
    chargeWork(ctx.req, this.budget, this.audit.replayLength(matchId, fromRevision + first - 1));
    const states = await this.audit.statesFrom(matchId, fromRevision, first, ctx.req);
    return states.map(toMatchModel);
  }

  @Query(() => LedgerVerificationModel, {
    description:
      'Checks every stream’s hash chain and head in one pass over the ledger; reports the first broken link of each stream. Needs an ADMIN or APPEALS_COMMITTEE token; one scan runs at a time.',
    complexity: ({ childComplexity }) => SCAN_COST + childComplexity,
  })
  async verifyLedger(@Context() ctx: GqlContext): Promise<LedgerVerificationModel> {
    this.allowScan(ctx, 'verifyLedger');
    const v = await this.audit.verify();
    return {
      ...v,
      firstBreak: v.firstBreak ? toBreakModel(v.firstBreak) : null,
      breaks: v.breaks.map(toBreakModel),
    };
  }

  @Query(() => ReadjudicationModel, {
    description:
      'Re-rules every recorded shot of a match (or, without matchId, of the whole ledger: ADMIN or APPEALS_COMMITTEE only, one scan at a time) with the current engine and lists the rulings that differ. Changes nothing. A match costs one point per event replayed.',
    complexity: ({ args, childComplexity }) => (args.matchId ? 1 : SCAN_COST) + childComplexity,
  })
  async readjudicate(
    @Context() ctx: GqlContext,
    @Args('matchId', { type: () => String, nullable: true }) matchId: string | null,
  ): Promise<ReadjudicationModel> {
    if (matchId === null || matchId === undefined) this.allowScan(ctx, 'readjudicate');
    else chargeWork(ctx.req, this.budget, this.audit.replayLength(matchId, null));
    const r = await this.audit.readjudicate(matchId ?? null, ctx.req);
    return {
      engineVersion: r.engineVersion,
      shotsChecked: r.shotsChecked,
      rulingsChecked: r.rulingsChecked,
      supersededChecked: r.supersededChecked,
      differences: r.differences.map(toDifferenceModel),
      superseded: r.superseded.map(toDifferenceModel),
    };
  }
}

function toDifferenceModel(d: RulingDifference): RulingDifferenceModel {
  return {
    matchId: d.matchId,
    gameNumber: d.gameNumber,
    shotNumber: d.shotNumber,
    revision: d.revision,
    source: d.source,
    appealId: d.appealId,
    fields: d.fields,
    recorded: toRulingModel(d.recorded),
    current: d.current ? toRulingModel(d.current) : null,
    refusal: d.refusal,
  };
}
