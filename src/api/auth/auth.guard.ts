import {
  Inject,
  Injectable,
  Optional,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { GqlExecutionContext, type GqlContextType } from '@nestjs/graphql';
import type { GraphQLResolveInfo } from 'graphql';
import type { GqlContext } from '../../kernel/request-context';
import { AuthError } from '../../kernel/auth/auth-errors';
import {
  authorize,
  PUBLIC_MUTATIONS,
  type Binding,
  type MutationName,
} from '../../kernel/auth/policy';
import { TABLE_PUSHES, type TablePushes } from '../../devices/table-pushes';
import { TokenService } from './tokens';

// Global guard for every resolver: queries are public, every mutation must pass MUTATION_POLICY.
// Subscriptions are checked once per connection, at connect (src/live/live-gate.ts).
// The per-match part (assigned officials, own match) is checked by the command service against
// the stream it decides on.
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    @Inject(TokenService) private readonly tokens: TokenService,
    @Optional() @Inject(TABLE_PUSHES) private readonly tables: TablePushes | null = null,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType<GqlContextType>() !== 'graphql') return true;
    const gql = GqlExecutionContext.create(context);
    const info = gql.getInfo<GraphQLResolveInfo>();
    const principal = this.tokens.principalOf(gql.getContext<GqlContext>().req);
    const operation = info.parentType.name;
    if (operation === 'Query' || operation === 'Subscription') return true;
    if (operation !== 'Mutation') throw new AuthError('FORBIDDEN', `${operation} is not served`);
    const decision = authorize(info.fieldName, principal);
    if (decision.allowed) {
      if (principal?.binding && !PUBLIC_MUTATIONS.includes(info.fieldName as MutationName))
        this.checkBinding(principal.binding, gql.getArgs<{ input?: { matchId?: unknown } }>());
      return true;
    }
    if (decision.reason === 'UNAUTHENTICATED')
      throw new AuthError('UNAUTHENTICATED', decision.message);
    throw new AuthError('FORBIDDEN', decision.message);
  }

  // A device enrolled for a match writes to that match only; one enrolled for a table, to the
  // match the desk has pushed to that table (and to nothing while none is).
  private checkBinding(binding: Binding, args: { input?: { matchId?: unknown } }): void {
    const matchId = args.input?.matchId;
    if (typeof matchId !== 'string')
      throw new AuthError(
        'FORBIDDEN',
        'A device enrolled for a match or table records matches only',
      );
    if (binding.matchId !== null && binding.matchId !== matchId)
      throw new AuthError('FORBIDDEN', `This device is enrolled for match ${binding.matchId} only`);
    if (binding.tableId !== null && this.tables?.pushedMatch(binding.tableId) !== matchId)
      throw new AuthError(
        'FORBIDDEN',
        `Match ${matchId} is not the match pushed to table ${binding.tableId}`,
      );
  }
}
