import { Inject } from '@nestjs/common';
import { Args, Int, Query, Resolver } from '@nestjs/graphql';
import { GraphQLDateTime } from 'graphql-scalars';
import {
  DEFAULT_PAGE,
  MAX_PAGE,
  checkFirst,
  decodeCursor,
  encodeCursor,
  pageComplexity,
  pageOf,
} from '../api/graphql/pagination';
import { AuditService } from './audit.service';
import type { ChainBreak } from './ledger-verifier';
import type { StoredMetadata } from '../ledger/envelope';
import type { AuditFilter, AuditRow } from '../projections/read-model';
import { AuditFilterInput } from './inputs/audit.inputs';
import {
  MatchAtModel,
  AuditConnectionModel,
  AuditEntryModel,
  ChainBreakModel,
  LedgerVerificationModel,
  ReadjudicationModel,
} from './models/audit.model';
import { toEventModel, toMatchModel, toRulingModel } from '../matches/models/mappers';

// An audit cursor is the global position of the last event of the page it ends.
const CURSOR = 'p';
const POSITION = /^\d{1,40}$/;

// A ledger-wide scan costs this many complexity points, so one operation cannot ask for many.
const SCAN_COST = 500;

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

// Audit, tamper evidence, time travel and re-adjudication: all reads, all public.
@Resolver()
export class AuditResolver {
  constructor(@Inject(AuditService) private readonly audit: AuditService) {}

  @Query(() => AuditConnectionModel, {
    description: `Every recorded event with its metadata and ruling, in commit order; the whole ledger or filtered. Pages of \`first\` (1–${MAX_PAGE}) after an opaque cursor.`,
    complexity: pageComplexity,
  })
  auditTrail(
    @Args('filter', { type: () => AuditFilterInput, nullable: true })
    filter: AuditFilterInput | null,
    @Args('first', { type: () => Int, defaultValue: DEFAULT_PAGE }) first: number,
    @Args('after', { type: () => String, nullable: true }) after: string | null,
  ): AuditConnectionModel {
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
      this.audit.trail(bounds, first, position),
      after ?? null,
      (row) => encodeCursor(CURSOR, row.event.position.toString()),
      toAuditEntry,
    );
  }

  @Query(() => MatchAtModel, {
    description:
      'A match as it stood after a revision, or after the last event recorded (recordedAt) at or before an instant: give exactly one. Replayed from the ledger; `supersededBy` says when that state was later changed by a correction, decision or review.',
  })
  async matchAt(
    @Args('matchId') matchId: string,
    @Args('revision', { type: () => Int, nullable: true }) revision: number | null,
    @Args('at', { type: () => GraphQLDateTime, nullable: true }) at: Date | null,
  ): Promise<MatchAtModel> {
    const found = await this.audit.matchAt(matchId, revision ?? null, at ? at.toISOString() : null);
    return { ...toMatchModel(found.state), supersededBy: found.supersededBy };
  }

  @Query(() => LedgerVerificationModel, {
    description:
      'Checks every stream’s hash chain and head in one pass over the ledger; reports the first broken link of each stream.',
    complexity: ({ childComplexity }) => SCAN_COST + childComplexity,
  })
  async verifyLedger(): Promise<LedgerVerificationModel> {
    const v = await this.audit.verify();
    return {
      ...v,
      firstBreak: v.firstBreak ? toBreakModel(v.firstBreak) : null,
      breaks: v.breaks.map(toBreakModel),
    };
  }

  @Query(() => ReadjudicationModel, {
    description:
      'Re-rules every recorded shot of a match (or, without matchId, of the whole ledger) with the current engine and lists the rulings that differ. Changes nothing.',
    complexity: ({ args, childComplexity }) => (args.matchId ? 1 : SCAN_COST) + childComplexity,
  })
  async readjudicate(
    @Args('matchId', { type: () => String, nullable: true }) matchId: string | null,
  ): Promise<ReadjudicationModel> {
    const r = await this.audit.readjudicate(matchId ?? null);
    return {
      engineVersion: r.engineVersion,
      shotsChecked: r.shotsChecked,
      differences: r.differences.map((d) => ({
        matchId: d.matchId,
        gameNumber: d.gameNumber,
        shotNumber: d.shotNumber,
        revision: d.revision,
        fields: d.fields,
        recorded: toRulingModel(d.recorded),
        current: d.current ? toRulingModel(d.current) : null,
        refusal: d.refusal,
      })),
    };
  }
}
