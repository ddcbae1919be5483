import { Inject, Optional } from '@nestjs/common';
import { Context, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { TokenService } from '../api/auth/tokens';
import type { GqlContext } from '../kernel/request-context';
import { EventMetadataModel } from '../kernel/match/models/ledger-event.model';
import { OriginLog } from './origin-log';

// An event's origin is personal data: only admins see it, from the origin log (or, for events
// recorded before it existed, from the event itself); everyone else gets null.
@Resolver(() => EventMetadataModel)
export class PrivacyResolver {
  constructor(
    @Inject(TokenService) private readonly tokens: TokenService,
    @Optional() @Inject(OriginLog) private readonly origins: OriginLog | null,
  ) {}

  @ResolveField('origin', () => String, { nullable: true })
  origin(@Parent() meta: EventMetadataModel, @Context() ctx: GqlContext): string | null {
    if (this.tokens.principalOf(ctx.req)?.role !== 'ADMIN') return null;
    if (meta.origin) return meta.origin;
    return meta.eventId ? (this.origins?.originOf(meta.eventId) ?? null) : null;
  }
}
