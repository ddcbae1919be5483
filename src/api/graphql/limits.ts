import type { ApolloServerPlugin } from '@apollo/server';
import {
  GraphQLError,
  Kind,
  parse,
  visit,
  type DocumentNode,
  type GraphQLSchema,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import type { NextFunction, Request, Response } from 'express';
import depthLimit from 'graphql-depth-limit';
import { LRUCache } from 'lru-cache';
import {
  fieldExtensionsEstimator,
  getComplexity,
  simpleEstimator,
  type ComplexityEstimator,
} from 'graphql-query-complexity';
import { openCost, type CostBudget } from '../../kernel/graphql/cost';
import { PRICE_CONTEXT, type WorkCounts } from '../../kernel/graphql/prices';
import type { GqlContext } from '../../kernel/request-context';
import { LONG_DOCUMENT } from './document-turns';

// Introspection answers with the whole schema whatever is selected, so it is priced by what it
// returns: one full introspection fits the limit, a hundred aliased copies do not.
const INTROSPECTION_COST: Record<string, number> = { __schema: 1000, __type: 100 };
const introspectionEstimator: ComplexityEstimator = ({ field, childComplexity }) => {
  const cost = INTROSPECTION_COST[field.name];
  return cost === undefined ? undefined : cost + childComplexity;
};

// Aliases are how one document multiplies a field, and validation's own work grows with them, so
// a document with more than this many is refused before validation: over HTTP by aliasLimit (a
// middleware in front of Apollo, which turns an error thrown by a rule into a 500), over the
// WebSocket by aliasRule, which stops the validation by throwing.
export const MAX_ALIASES = 100;

function countAliases(document: DocumentNode): number {
  let aliases = 0;
  visit(document, {
    Field: (node) => {
      if (node.alias) aliases += 1;
    },
  });
  return aliases;
}

function aliasRefusal(aliases: number, maxAliases: number): GraphQLError | null {
  if (aliases <= maxAliases) return null;
  return new GraphQLError(
    `The operation has too many aliases: ${aliases}, the limit is ${maxAliases}`,
    { extensions: { code: 'QUERY_TOO_COMPLEX', aliases, maximum: maxAliases } },
  );
}

export function aliasRule(maxAliases = MAX_ALIASES): ValidationRule {
  return (context: ValidationContext) => {
    const refused = aliasRefusal(countAliases(context.getDocument()), maxAliases);
    if (refused) throw refused;
    return {};
  };
}

// The HTTP side: the document is parsed under the token cap (a document that does not parse is
// left to Apollo, which answers it as usual) and refused with 400 when it has too many aliases.
// The apps send the same few documents again and again: the count of each short text is kept, so
// a repeated one is parsed once here (Apollo's document store spares it the second parse).
export function aliasLimit(maxTokens: number, maxAliases = MAX_ALIASES) {
  const counted = new LRUCache<string, number>({ max: 1000 });
  const aliasesOf = (raw: string): number => {
    let n = counted.get(raw);
    if (n !== undefined) return n;
    try {
      n = countAliases(parse(raw, { maxTokens, noLocation: true }));
    } catch {
      n = 0;
    }
    if (raw.length <= LONG_DOCUMENT) counted.set(raw, n);
    return n;
  };
  return (req: Request, res: Response, next: NextFunction): void => {
    const body: unknown = req.body;
    const raw = body && typeof body === 'object' && 'query' in body ? body.query : req.query?.query;
    if (typeof raw !== 'string') return next();
    const refused = aliasRefusal(aliasesOf(raw), maxAliases);
    if (!refused) return next();
    res.status(400).json({
      errors: [{ message: refused.message, extensions: refused.extensions }],
      data: null,
    });
  };
}

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
// every field costs 1 unless it declares its own cost (lists multiply by their page size, fields
// that read rows are priced by the read model's counts, see prices.ts). With a meter, each
// accepted operation also spends its complexity from its client's budget.
// The one admission path every operation takes, over HTTP and over the WebSocket alike (the
// parse with its token cap and the validation rules, depth included, come before it).
export interface Admission {
  maximum: number;
  budget?: CostBudget;
  counts?: WorkCounts;
}

// Documents whose complexity does not depend on their variables (no field prices itself from its
// arguments or the read model), by operation: a client sending the same write again and again is
// priced once.
const constantComplexity = new WeakMap<DocumentNode, Map<string, number>>();

function complexityOf(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | undefined,
  variables: Record<string, unknown>,
  counts: WorkCounts | undefined,
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
      context: counts ? { [PRICE_CONTEXT]: counts } : {},
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

// Aliases of one field ask for the same count: it is read once per operation.
function onceEach(counts: WorkCounts): WorkCounts {
  const seen = new Map<string, number>();
  return {
    count(sql, params = []) {
      const key = `${sql}\u0000${params.join('\u0000')}`;
      let n = seen.get(key);
      if (n === undefined) seen.set(key, (n = counts.count(sql, params)));
      return n;
    },
  };
}

// Prices a parsed and validated operation, refuses it past the limit (QUERY_TOO_COMPLEX) and
// spends its price from the client's budget (RATE_LIMITED). Returns the price, or null when the
// variables do not coerce (execution then refuses them with BAD_USER_INPUT).
export function admitOperation(
  admission: Admission,
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | undefined,
  variables: Record<string, unknown>,
  client: string | null,
): number | null {
  const complexity = complexityOf(
    schema,
    document,
    operationName,
    variables,
    admission.counts && onceEach(admission.counts),
  );
  if (complexity === null) return null;
  if (complexity > admission.maximum)
    throw new GraphQLError(
      `The operation is too complex: ${complexity} points, the limit is ${admission.maximum}`,
      {
        extensions: {
          code: 'QUERY_TOO_COMPLEX',
          complexity,
          maximum: admission.maximum,
          http: { status: 400 },
        },
      },
    );
  if (admission.budget && client !== null) admission.budget.spend(client, complexity);
  return complexity;
}

export function complexityPlugin(
  admission: Admission,
  clientOf?: (req: Request) => string,
): ApolloServerPlugin<GqlContext> {
  return {
    requestDidStart() {
      return Promise.resolve({
        didResolveOperation({ request, document, schema, contextValue }) {
          const req = contextValue?.req;
          const client = clientOf && req ? clientOf(req) : null;
          const complexity = admitOperation(
            admission,
            schema,
            document,
            request.operationName ?? undefined,
            request.variables ?? {},
            client,
          );
          if (complexity !== null && client !== null && req)
            openCost(req, client, complexity, admission.maximum);
          return Promise.resolve();
        },
      });
    },
  };
}

// An operation carried over a WebSocket: admitted as over HTTP, then given a request object of its
// own (the connection's upgrade request underneath), so what it is charged stays its own.
export function admitOnConnection<R extends object>(
  admission: Admission,
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | undefined,
  variables: Record<string, unknown>,
  client: string,
  request: R,
): R {
  const complexity = admitOperation(admission, schema, document, operationName, variables, client);
  const req = Object.create(request) as R;
  if (complexity !== null)
    openCost(req as unknown as Request, client, complexity, admission.maximum);
  return req;
}
