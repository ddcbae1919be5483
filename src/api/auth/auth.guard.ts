import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { GqlExecutionContext, type GqlContextType } from '@nestjs/graphql';
import type { GraphQLResolveInfo } from 'graphql';
import type { GqlContext } from '../graphql/request-context';
import { AuthError } from './auth-errors';
import { authorize } from './policy';
import { TokenService } from './tokens';

// Global guard for every resolver: queries are public, every mutation must pass MUTATION_POLICY.
// Subscriptions are checked once per connection, at connect (src/live/live-gate.ts).
// The per-match part (assigned officials, own match) is checked by the command service against
// the stream it decides on.
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(@Inject(TokenService) private readonly tokens: TokenService) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType<GqlContextType>() !== 'graphql') return true;
    const gql = GqlExecutionContext.create(context);
    const info = gql.getInfo<GraphQLResolveInfo>();
    const principal = this.tokens.principalOf(gql.getContext<GqlContext>().req);
    const operation = info.parentType.name;
    if (operation === 'Query' || operation === 'Subscription') return true;
    if (operation !== 'Mutation') throw new AuthError('FORBIDDEN', `${operation} is not served`);
    const decision = authorize(info.fieldName, principal);
    if (decision.allowed) return true;
    if (decision.reason === 'UNAUTHENTICATED')
      throw new AuthError('UNAUTHENTICATED', decision.message);
    throw new AuthError('FORBIDDEN', decision.message);
  }
}
