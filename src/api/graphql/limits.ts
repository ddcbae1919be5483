import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError } from 'graphql';
import depthLimit from 'graphql-depth-limit';
import { fieldExtensionsEstimator, getComplexity, simpleEstimator } from 'graphql-query-complexity';

// Query depth is a validation rule (introspection's own __ fields are not counted).
export const depthRule = (maxDepth: number) => depthLimit(maxDepth);

// Complexity needs the operation's variables, so it is checked once the operation is resolved:
// every field costs 1 unless it declares its own cost (lists multiply by their page size).
export function complexityPlugin(maximum: number): ApolloServerPlugin {
  return {
    requestDidStart() {
      return Promise.resolve({
        didResolveOperation({ request, document, schema }) {
          let complexity: number;
          try {
            complexity = getComplexity({
              schema,
              query: document,
              operationName: request.operationName ?? undefined,
              variables: request.variables ?? {},
              estimators: [fieldExtensionsEstimator(), simpleEstimator({ defaultComplexity: 1 })],
            });
          } catch {
            // Variables that do not coerce: execution refuses them next with BAD_USER_INPUT.
            return Promise.resolve();
          }
          if (complexity > maximum) {
            throw new GraphQLError(
              `The operation is too complex: ${complexity} points, the limit is ${maximum}`,
              {
                extensions: {
                  code: 'QUERY_TOO_COMPLEX',
                  complexity,
                  maximum,
                  http: { status: 400 },
                },
              },
            );
          }
          return Promise.resolve();
        },
      });
    },
  };
}
