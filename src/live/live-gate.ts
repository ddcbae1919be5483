import { GraphQLError, parse, specifiedRules, validate, type ValidationRule } from 'graphql';
import type { ServerOptions } from 'graphql-ws';
import type { IncomingMessage } from 'node:http';
import type { WebSocket } from 'ws';
import { CLOSE } from './live-errors';

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

// graphql-ws hooks: the token is checked once, at connect (connectionParams), and a bad one is
// refused there; the number of connections and of subscriptions per connection is capped.
export function liveServerOptions(
  settings: LiveGateSettings,
  verify: (token: string) => LivePrincipal,
): Partial<ServerOptions<Record<string, unknown>, Extra>> {
  let open = 0;
  return {
    validate: (schema, document) =>
      validate(schema, document, [...specifiedRules, ...settings.validationRules]),
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
    onSubscribe(ctx, _id, payload) {
      // graphql-ws has already registered this one.
      const count = Object.keys(ctx.subscriptions).length;
      if (count > settings.maxSubscriptionsPerConnection)
        return [
          new GraphQLError(
            `Too many subscriptions on this connection: the limit is ${settings.maxSubscriptionsPerConnection}`,
            { extensions: { code: 'TOO_MANY_SUBSCRIPTIONS' } },
          ),
        ];
      // A document past the cap stops the parse at the cap (graphql-ws parses an accepted one).
      try {
        parse(payload.query, { maxTokens: settings.maxTokens });
      } catch (err) {
        const message = err instanceof Error ? err.message : 'The document could not be parsed';
        return [new GraphQLError(message, { extensions: { code: 'GRAPHQL_PARSE_FAILED' } })];
      }
      return undefined;
    },
    context(ctx) {
      const { socket, request, principal } = ctx.extra;
      const live: LiveConnection = {
        principal: principal ?? null,
        drop: (reason) => close(socket, CLOSE.SLOW_CONSUMER, reason),
      };
      return { req: request, live };
    },
  };
}
