import type { ApolloServerPlugin } from '@apollo/server';
import {
  GraphQLError,
  Kind,
  visit,
  type DocumentNode,
  type GraphQLSchema,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import type { Request } from 'express';
import depthLimit from 'graphql-depth-limit';
import {
  fieldExtensionsEstimator,
  getComplexity,
  simpleEstimator,
  type ComplexityEstimator,
} from 'graphql-query-complexity';
import { openCost, type CostBudget } from './cost';
import type { GqlContext } from './request-context';

// Introspection answers with the whole schema whatever is selected, so it is priced by what it
// returns: one full introspection fits the limit, a hundred aliased copies do not.
const INTROSPECTION_COST: Record<string, number> = { __schema: 1000, __type: 100 };
const introspectionEstimator: ComplexityEstimator = ({ field, childComplexity }) => {
  const cost = INTROSPECTION_COST[field.name];
  return cost === undefined ? undefined : cost + childComplexity;
};

// Query depth is a validation rule (introspection's own __ fields are not counted). graphql-depth-limit
// follows fragment spreads without a cycle check (a self-spreading fragment overflows the stack),
// so a document with a fragment cycle is left to graphql's own NoFragmentCycles rule.
export function depthRule(maxDepth: number): ValidationRule {
  const rule = depthLimit(maxDepth);
  return (context: ValidationContext) =>
    hasFragmentCycle(context.getDocument()) ? {} : rule(context);
}

function hasFragmentCycle(document: DocumentNode): boolean {
  const spreads = new Map<string, string[]>();
  for (const def of document.definitions) {
    if (def.kind !== Kind.FRAGMENT_DEFINITION) continue;
    const names: string[] = [];
    visit(def.selectionSet, { FragmentSpread: (node) => void names.push(node.name.value) });
    spreads.set(def.name.value, names);
  }
  const done = new Set<string>();
  const onPath = new Set<string>();
  const cyclic = (name: string): boolean => {
    if (onPath.has(name)) return true;
    if (done.has(name)) return false;
    onPath.add(name);
    const found = (spreads.get(name) ?? []).some(cyclic);
    onPath.delete(name);
    done.add(name);
    return found;
  };
  return [...spreads.keys()].some(cyclic);
}

// Complexity needs the operation's variables, so it is checked once the operation is resolved:
// every field costs 1 unless it declares its own cost (lists multiply by their page size).
// With a meter, each accepted operation also spends its complexity from its client's budget.
export interface CostMeter {
  budget: CostBudget;
  clientOf(req: Request): string;
}

// Documents whose complexity does not depend on their variables (no field prices itself from its
// arguments), by operation: a client sending the same write again and again is priced once.
const constantComplexity = new WeakMap<DocumentNode, Map<string, number>>();

function complexityOf(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | undefined,
  variables: Record<string, unknown>,
): number | null {
  const known = constantComplexity.get(document)?.get(operationName ?? '');
  if (known !== undefined) return known;
  let readsArguments = false;
  const byExtension = fieldExtensionsEstimator();
  let complexity: number;
  try {
    complexity = getComplexity({
      schema,
      query: document,
      operationName,
      variables,
      estimators: [
        introspectionEstimator,
        (options) => {
          const cost = byExtension(options);
          if (cost !== undefined) readsArguments = true;
          return cost;
        },
        simpleEstimator({ defaultComplexity: 1 }),
      ],
    });
  } catch {
    return null;
  }
  if (!readsArguments && !hasConditions(document)) {
    let byOperation = constantComplexity.get(document);
    if (!byOperation) constantComplexity.set(document, (byOperation = new Map()));
    byOperation.set(operationName ?? '', complexity);
  }
  return complexity;
}

// @include and @skip make what is counted depend on the variables.
function hasConditions(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    Directive: (node) => {
      if (node.name.value === 'include' || node.name.value === 'skip') found = true;
    },
  });
  return found;
}

export function complexityPlugin(
  maximum: number,
  meter?: CostMeter,
): ApolloServerPlugin<GqlContext> {
  return {
    requestDidStart() {
      return Promise.resolve({
        didResolveOperation({ request, document, schema, contextValue }) {
          const complexity = complexityOf(
            schema,
            document,
            request.operationName ?? undefined,
            request.variables ?? {},
          );
          // Variables that do not coerce: execution refuses them next with BAD_USER_INPUT.
          if (complexity === null) return Promise.resolve();
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
          if (meter && contextValue?.req) {
            const client = meter.clientOf(contextValue.req);
            meter.budget.spend(client, complexity);
            openCost(contextValue.req, client, complexity, maximum);
          }
          return Promise.resolve();
        },
      });
    },
  };
}
