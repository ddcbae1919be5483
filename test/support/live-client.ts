import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

export interface Closed {
  code: number;
  reason: string;
}

export interface LiveClient {
  client: Client;
  closed: Promise<Closed>;
  // Resolves once the server acknowledged the connection.
  connected: Promise<void>;
  socket(): WebSocket | null;
}

// A graphql-ws client over the ws package, as a scoreboard in Node would connect.
export function liveClient(
  httpUrl: string,
  opts: {
    connectionParams?: Record<string, unknown>;
    origin?: string;
    headers?: Record<string, string>;
  } = {},
): LiveClient {
  let socket: WebSocket | null = null;
  let onClosed!: (c: Closed) => void;
  const closed = new Promise<Closed>((resolve) => (onClosed = resolve));
  let onConnected!: () => void;
  const connected = new Promise<void>((resolve) => (onConnected = resolve));
  const { origin, headers } = opts;
  class Ws extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, { ...(origin ? { origin } : {}), ...(headers ? { headers } : {}) });
      socket = this as WebSocket;
    }
  }
  const client = createClient({
    url: httpUrl.replace(/^http/, 'ws'),
    webSocketImpl: Ws,
    connectionParams: opts.connectionParams,
    lazy: false,
    retryAttempts: 0,
    onNonLazyError: () => undefined,
    on: {
      connected: () => onConnected(),
      closed: (event) => {
        const e = event as { code?: number; reason?: unknown };
        onClosed({ code: e.code ?? 0, reason: String(e.reason ?? '') });
      },
    },
  });
  return { client, closed, connected, socket: () => socket };
}

// Collects a subscription's payloads; `until(n)` resolves once n have arrived.
export function collect<T = Record<string, any>>(
  client: Client,
  query: string,
  variables: Record<string, unknown> = {},
) {
  const items: T[] = [];
  const errors: unknown[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  const wake = () => {
    for (const w of [...waiters])
      if (items.length >= w.n || errors.length) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
  };
  const stop = client.subscribe<T>(
    { query, variables },
    {
      next: (v) => {
        if (v.errors) errors.push(...v.errors);
        else items.push(Object.values(v.data as Record<string, T>)[0]);
        wake();
      },
      error: (e) => {
        errors.push(e);
        wake();
      },
      complete: () => undefined,
    },
  );
  return {
    items,
    errors,
    stop,
    until(n: number, ms = 10_000): Promise<T[]> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(
              new Error(
                `${items.length} of ${n} updates arrived; errors ${JSON.stringify(errors)}`,
              ),
            ),
          ms,
        );
        waiters.push({
          n,
          resolve: () => {
            clearTimeout(timer);
            resolve(items);
          },
        });
        wake();
      });
    },
  };
}
