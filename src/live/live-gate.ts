import {
  GraphQLError,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type ExecutionArgs,
  type GraphQLSchema,
  type ValidationRule,
} from 'graphql';
import type { ServerOptions } from 'graphql-ws';
import type { IncomingMessage } from 'node:http';
import type { WebSocket } from 'ws';
import { LONG_DOCUMENT, longReads, type SliceQueue } from '../ledger/slices';
import { CLOSE } from './live-errors';
import { upgradeAddress } from './upgrade-address';

export interface LivePrincipal {
  subject: string;
  role: string;
}

// What a subscription resolver knows of its connection.
export interface LiveConnection {
  principal: LivePrincipal | null;
  // Closes the connection with a reason (a slow consumer).
  drop(reason: string): void;
}

export interface LiveGateSettings {
  requireToken: boolean;
  maxConnections: number;
  maxSubscriptionsPerConnection: number;
  // The same cap on a document's tokens as over HTTP.
  maxTokens: number;
  validationRules: ValidationRule[];
}

// The HTTP path's admission (src/api/graphql/limits.ts): prices the operation, refuses it past the
// limit or the client's budget by throwing, and returns the request object its resolvers get,
// carrying what it was charged (so replays charge the same operation).
export interface LiveAdmission {
  // The served schema, once Nest has built it.
  schema(): GraphQLSchema | undefined;
  admit: Admit;
}

export type Admit = (
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | undefined,
  variables: Record<string, unknown>,
  client: string,
  request: IncomingMessage,
) => IncomingMessage;

interface Extra {
  socket: WebSocket;
  request: IncomingMessage;
  principal?: LivePrincipal | null;
  counted?: boolean;
}

// A dropped client that stops reading never answers the close handshake: cut it after this.
const CLOSE_GRACE_MS = 5_000;

function tokenOf(params: Readonly<Record<string, unknown>> | undefined): string | undefined {
  const raw = params?.authorization ?? params?.Authorization ?? params?.token;
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw !== 'string') return '';
  return raw.replace(/^Bearer\s+/i, '').trim();
}

function close(socket: WebSocket, code: number, reason: string): void {
  // A close reason is at most 123 bytes.
  socket.close(code, Buffer.from(reason).subarray(0, 123).toString());
  setTimeout(() => socket.terminate(), CLOSE_GRACE_MS).unref();
}

// The client a connection's operations are charged to: its token's subject, else its address
// (as over HTTP, see clientOf in src/api/auth/tokens.ts; behind a trusted proxy the forwarded one).
export function liveClientOf(principal: LivePrincipal | null, request: IncomingMessage): string {
  if (principal) return `sub:${principal.subject}`;
  return `ip:${upgradeAddress(request) ?? 'unknown'}`;
}

// A refusal as the client gets it over HTTP: the message and the code (HTTP's status stays out).
function refusal(err: unknown, code: string): GraphQLError[] {
  const message = err instanceof Error ? err.message : 'The operation was refused';
  const { http: _http, ...extensions } = err instanceof GraphQLError ? err.extensions : {};
  return [new GraphQLError(message, { extensions: { code, ...extensions } })];
}

// graphql-ws hooks: the token is checked once, at connect (connectionParams), and a bad one is
// refused there; the number of connections and of subscriptions per connection is capped; every
// operation, subscription, query or mutation, is parsed under the token cap, validated with the
// HTTP rules and admitted by the HTTP path's complexity limit and cost budget before it runs.
export function liveServerOptions(
  settings: LiveGateSettings,
  verify: (token: string) => LivePrincipal,
  admission?: LiveAdmission,
  queue: SliceQueue = longReads,
): Partial<ServerOptions<Record<string, unknown>, Extra>> {
  let open = 0;
  const rules = [...specifiedRules, ...settings.validationRules];
  return {
    validate: (schema, document) => validate(schema, document, rules),
    onConnect(ctx) {
      const { socket } = ctx.extra;
      if (open >= settings.maxConnections) {
        close(socket, CLOSE.TOO_MANY_CONNECTIONS, `Too many connections (${open}): retry later`);
        return false;
      }
      const token = tokenOf(ctx.connectionParams);
      let principal: LivePrincipal | null = null;
      if (token === undefined && settings.requireToken) {
        close(
          socket,
          CLOSE.UNAUTHORIZED,
          'A bearer token is required (connectionParams.authorization)',
        );
        return false;
      }
      if (token !== undefined) {
        try {
          principal = verify(token);
        } catch (err) {
          close(socket, CLOSE.UNAUTHORIZED, err instanceof Error ? err.message : 'Invalid token');
          return false;
        }
      }
      ctx.extra.principal = principal;
      ctx.extra.counted = true;
      open += 1;
      return true;
    },
    onClose(ctx) {
      if (!ctx.extra.counted) return;
      ctx.extra.counted = false;
      open -= 1;
    },
    onSubscribe: subscribeHook(settings, rules, queue, admission),
    // An error that ends a running subscription (its replay went past the client's budget) keeps
    // its code; graphql-ws would otherwise send the message alone.
    onError(_ctx, _id, _payload, errors) {
      return errors.map((e) =>
        e.originalError instanceof GraphQLError
          ? refusal(e.originalError, 'INTERNAL_SERVER_ERROR')[0]
          : e,
      );
    },
    context(ctx) {
      const { socket, request, principal } = ctx.extra;
      return { req: request, live: connectionOf(socket, principal ?? null) };
    },
  };
}

type SubscribeHook = NonNullable<
  Partial<ServerOptions<Record<string, unknown>, Extra>>['onSubscribe']
>;

// Every operation on the socket: under the subscription cap, parsed under the token cap, validated
// with the HTTP rules and admitted by the HTTP path (complexity limit, cost budget) before it runs.
// A long document waits for its turn of the long-read queue in its client's lane first, as over
// HTTP (src/api/graphql/document-turns.ts).
function subscribeHook(
  settings: LiveGateSettings,
  rules: readonly ValidationRule[],
  queue: SliceQueue,
  admission?: LiveAdmission,
): SubscribeHook {
  const admitted = admitHook(settings, rules, admission);
  return (ctx, id, payload) => {
    // graphql-ws has already registered this one.
    const count = Object.keys(ctx.subscriptions).length;
    if (count > settings.maxSubscriptionsPerConnection)
      return [
        new GraphQLError(
          `Too many subscriptions on this connection: the limit is ${settings.maxSubscriptionsPerConnection}`,
          { extensions: { code: 'TOO_MANY_SUBSCRIPTIONS' } },
        ),
      ];
    if (payload.query.length <= LONG_DOCUMENT) return admitted(ctx, id, payload);
    const client = liveClientOf(ctx.extra.principal ?? null, ctx.extra.request);
    return queue.run(() => Promise.resolve(admitted(ctx, id, payload)), client);
  };
}

function admitHook(
  settings: LiveGateSettings,
  rules: readonly ValidationRule[],
  admission?: LiveAdmission,
): (...args: Parameters<SubscribeHook>) => ExecutionArgs | readonly GraphQLError[] | undefined {
  return (ctx, _id, payload) => {
    // A document past the cap stops the parse at the cap.
    let document: DocumentNode;
    try {
      document = parse(payload.query, { maxTokens: settings.maxTokens });
    } catch (err) {
      return refusal(err, 'GRAPHQL_PARSE_FAILED');
    }
    const schema = admission?.schema();
    if (!admission || !schema) return undefined;
    try {
      const errors = validate(schema, document, rules);
      if (errors.length > 0) return errors;
    } catch (err) {
      // A rule that stops the validation (too many aliases).
      return refusal(err, 'GRAPHQL_VALIDATION_FAILED');
    }
    const { socket, request, principal } = ctx.extra;
    const variables = payload.variables ?? {};
    const operationName = payload.operationName ?? undefined;
    let req: IncomingMessage;
    try {
      req = admission.admit(
        schema,
        document,
        operationName,
        variables,
        liveClientOf(principal ?? null, request),
        request,
      );
    } catch (err) {
      return refusal(err, 'QUERY_TOO_COMPLEX');
    }
    const args: ExecutionArgs = {
      schema,
      document,
      operationName,
      variableValues: variables,
      contextValue: { req, live: connectionOf(socket, principal ?? null) },
    };
    return args;
  };
}

function connectionOf(socket: WebSocket, principal: LivePrincipal | null): LiveConnection {
  return { principal, drop: (reason) => close(socket, CLOSE.SLOW_CONSUMER, reason) };
}
