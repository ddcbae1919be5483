import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { GraphQLModule } from '@nestjs/graphql';
import { GraphqlErrorFilter, toGraphQLError } from './api/graphql/errors';
import type { GqlContext } from './api/graphql/request-context';
import { MatchesModule } from './matches/matches.module';

@Module({
  imports: [
    GraphQLModule.forRoot<ApolloDriverConfig>({
      driver: ApolloDriver,
      // Code first; schema.graphql at the root is written by `npm run schema` and checked by a test.
      autoSchemaFile: true,
      sortSchema: true,
      playground: false,
      introspection: true,
      context: ({ req }: GqlContext): GqlContext => ({ req }),
      formatError: (formatted, error) => {
        // Errors thrown outside resolvers (e.g. argument coercion) keep graphql's own code.
        const code = formatted.extensions?.code;
        if (code && code !== 'INTERNAL_SERVER_ERROR') {
          const { stacktrace: _s, ...extensions } = formatted.extensions ?? {};
          return { ...formatted, extensions };
        }
        const original = (error as { originalError?: unknown }).originalError;
        const mapped = toGraphQLError(original ?? error);
        return {
          message: mapped.message,
          path: formatted.path,
          locations: formatted.locations,
          extensions: mapped.extensions,
        };
      },
    }),
    MatchesModule,
  ],
  providers: [{ provide: APP_FILTER, useClass: GraphqlErrorFilter }],
})
export class AppModule {}
