import { Inject } from '@nestjs/common';
import { Args, Context, Mutation, Query, Resolver } from '@nestjs/graphql';
import type { Request } from 'express';
import { toString as qrSvg } from 'qrcode';
import { AuthError } from '../kernel/auth/auth-errors';
import type { Principal } from '../kernel/auth/policy';
import { TokenService } from '../api/auth/tokens';
import type { GqlContext } from '../kernel/request-context';
import { LEDGER_CONFIG, type LedgerConfig } from '../config/configuration';
import { CLOCK, type Clock } from '../ledger/clock';
import { ReadModel } from '../projections/read-model';
import { DeviceError } from './device-errors';
import { DeviceStore } from './device-store';
import { EnrolmentService } from './enrolment.service';
import { IssueEnrolmentInput, PushMatchInput } from './inputs/device.inputs';
import {
  DeviceCredentialModel,
  EnrolmentCodeModel,
  EnrolmentModel,
  TablePushModel,
  toEnrolmentModel,
  toTablePushModel,
} from './models/device.models';

const DESK_ROLES = ['ADMIN', 'RECORD_KEEPER'];
const LISTED = 500;

// Enrolment without typing tokens, the desk's device list and revocation, table pushes.
@Resolver()
export class DevicesResolver {
  constructor(
    @Inject(EnrolmentService) private readonly service: EnrolmentService,
    @Inject(DeviceStore) private readonly store: DeviceStore,
    @Inject(TokenService) private readonly tokens: TokenService,
    @Inject(ReadModel) private readonly readModel: ReadModel,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LEDGER_CONFIG) private readonly config: LedgerConfig,
  ) {}

  @Mutation(() => EnrolmentCodeModel, {
    description:
      'The desk issues a one-time code (link and QR) enrolling a device for a match or a table; it lives minutes and is stored only as a hash.',
  })
  async issueEnrolment(
    @Args('input') input: IssueEnrolmentInput,
    @Context() ctx: GqlContext,
  ): Promise<EnrolmentCodeModel> {
    const desk = this.principal(ctx);
    if (input.kind === 'MATCH') {
      if (!input.matchId || input.tableId)
        throw new DeviceError(
          'ENROLMENT_MATCH_INVALID',
          'A MATCH code names a matchId and no table',
        );
      this.openMatch(input.matchId);
    } else if (!input.tableId || input.matchId)
      throw new DeviceError('ENROLMENT_MATCH_INVALID', 'A TABLE code names a tableId and no match');
    const { enrolment, code } = this.service.issue({
      kind: input.kind,
      role: input.role,
      subject: null,
      matchId: input.matchId ?? null,
      tableId: input.tableId ?? null,
      label: input.label ?? null,
      issuedBy: desk.subject,
    });
    const link = `${this.baseUrl(ctx.req)}/enrol#${code}`;
    return {
      enrolment: toEnrolmentModel(enrolment, this.clock.now()),
      link,
      qrSvg: await qrSvg(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }),
      expiresAt: enrolment.codeExpiresAt,
    };
  }

  @Mutation(() => DeviceCredentialModel, {
    description:
      'Exchanges a one-time enrolment code (once) for a token bound to its match or table, expiring at the match’s sign-off or the end of the day. Needs no token.',
  })
  redeemEnrolment(@Args('code') code: string): DeviceCredentialModel {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(code))
      throw new DeviceError(
        'ENROLMENT_CODE_UNKNOWN',
        'No enrolment code like this was issued: scan the QR code again',
      );
    const { enrolment: e, token, expiresAt } = this.service.redeem(code);
    return {
      token,
      role: e.role,
      subject: e.subject,
      matchId: e.matchId,
      tableId: e.tableId,
      expiresAt: expiresAt.toISOString(),
    };
  }

  @Mutation(() => EnrolmentModel, {
    description:
      'Revokes an enrolment: an unused code is refused from now on, an enrolled device’s token stops working.',
  })
  revokeEnrolment(@Args('id') id: string, @Context() ctx: GqlContext): EnrolmentModel {
    const desk = this.principal(ctx);
    return toEnrolmentModel(this.service.revoke(id, desk.subject), this.clock.now());
  }

  @Mutation(() => TablePushModel, {
    description:
      "Pushes a match to a table's tablet: a table-enrolled device records that match from now on.",
  })
  pushMatchToTable(
    @Args('input') input: PushMatchInput,
    @Context() ctx: GqlContext,
  ): TablePushModel {
    const desk = this.principal(ctx);
    this.openMatch(input.matchId);
    const push = {
      tableId: input.tableId,
      matchId: input.matchId,
      pushedBy: desk.subject,
      pushedAt: this.clock.now().toISOString(),
    };
    this.store.push(push);
    return toTablePushModel(push);
  }

  @Query(() => [EnrolmentModel], {
    description: `The desk's enrolments of the last 24 hours, newest first (at most ${LISTED}); record-keepers and admins only.`,
  })
  enrolments(
    @Context() ctx: GqlContext,
    @Args('matchId', { type: () => String, nullable: true }) matchId?: string | null,
  ): EnrolmentModel[] {
    const p = this.tokens.principalOf(ctx.req);
    if (!p) throw new AuthError('UNAUTHENTICATED', 'enrolments needs a desk token');
    if (!DESK_ROLES.includes(p.role))
      throw new AuthError('FORBIDDEN', `The ${p.role} role may not list the desk's devices`);
    const now = this.clock.now();
    return this.service
      .list(matchId ?? null, new Date(now.getTime() - 24 * 3600_000), LISTED)
      .map((e) => toEnrolmentModel(e, now));
  }

  @Query(() => TablePushModel, {
    nullable: true,
    description: 'The match pushed to a table, if any.',
  })
  tablePush(@Args('tableId') tableId: string): TablePushModel | null {
    const p = this.store.pushed(tableId);
    return p ? toTablePushModel(p) : null;
  }

  @Query(() => [TablePushModel], { description: 'Every table with the match pushed to it.' })
  tablePushes(): TablePushModel[] {
    return this.store.pushes().map(toTablePushModel);
  }

  // The guard has checked the role (MUTATION_POLICY); this is who is acting.
  private principal(ctx: GqlContext): Principal {
    const p = this.tokens.principalOf(ctx.req);
    if (!p) throw new AuthError('UNAUTHENTICATED', 'The desk needs a token');
    return p;
  }

  private openMatch(matchId: string): void {
    const m = this.readModel.match(matchId);
    if (!m) throw new DeviceError('ENROLMENT_MATCH_INVALID', `No match with id ${matchId}`);
    if (m.final) throw new DeviceError('ENROLMENT_MATCH_INVALID', `Match ${matchId} is signed off`);
  }

  private baseUrl(req: Request): string {
    return this.config.devices.publicUrl || `${req.protocol}://${req.get('host') ?? 'localhost'}`;
  }
}
