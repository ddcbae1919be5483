import { Inject, Optional } from '@nestjs/common';
import { Args, Context, Mutation, Resolver } from '@nestjs/graphql';
import { RevocationStream } from '../api/auth/revocation-stream';
import type { Revocation } from '../api/auth/revocations';
import { TokenService } from '../api/auth/tokens';
import { InputValidationError } from '../kernel/input-errors';
import type { GqlContext } from '../kernel/request-context';
import { RevokeTokenInput } from './inputs/revoke-token.input';
import { TokenRevocationModel } from './models/token-revocation.model';

@Resolver()
export class RevocationsResolver {
  constructor(
    @Inject(TokenService) private readonly tokens: TokenService,
    @Optional() @Inject(RevocationStream) private readonly stream: RevocationStream | null,
  ) {}

  @Mutation(() => TokenRevocationModel, {
    description:
      'Revokes one token (jti) or every token of a subject issued until now (admin only). On KurrentDB the revocation is a ledger record every replica reads within LEDGER_REVOCATION_POLL_MS.',
  })
  async revokeToken(
    @Args('input') input: RevokeTokenInput,
    @Context() _ctx: GqlContext,
  ): Promise<TokenRevocationModel> {
    if ((input.jti === undefined) === (input.subject === undefined))
      throw new InputValidationError([
        { field: 'input', problems: ['name exactly one of jti and subject'] },
      ]);
    const revokedAt = new Date().toISOString();
    const entry: Revocation =
      input.jti !== undefined
        ? { jti: input.jti, revokedAt }
        : // Whole seconds, like a token's iat: a token issued in this second is revoked too.
          { subject: input.subject!, issuedAtOrBefore: Math.floor(Date.now() / 1000), revokedAt };
    const list = this.tokens.revocations;
    if (!list) throw new Error('this server keeps no revocation list');
    list.remember(entry);
    const position = this.stream ? await this.stream.publish(entry) : null;
    return {
      jti: input.jti ?? null,
      subject: input.subject ?? null,
      revokedAt,
      position: position ? position.toString() : null,
    };
  }
}
