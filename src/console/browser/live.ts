/// <reference lib="dom" />
import { EVENT_FIELDS } from './api';
import type { ServedEvent } from './commands';

// Follows the match over the matchUpdated subscription (graphql-ws to this server, its UMD
// client served beside the bundle), so a second device sees every write as it lands. It resumes
// from the last position it folded after a drop.
interface WsClient {
  subscribe(
    op: { query: string; variables: Record<string, unknown> },
    sink: { next(v: { data?: any }): void; error(e: unknown): void; complete(): void },
  ): () => void;
}
declare global {
  var graphqlWs: { createClient(o: Record<string, unknown>): WsClient } | undefined;
}

const QUERY = `subscription($m: ID!, $after: String) {
  matchUpdated(matchId: $m, after: $after) { cursor event { ${EVENT_FIELDS} } } }`;

function loadClient(src: string): Promise<NonNullable<typeof globalThis.graphqlWs>> {
  if (globalThis.graphqlWs) return Promise.resolve(globalThis.graphqlWs);
  return new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = src;
    s.onload = () => resolve(globalThis.graphqlWs!);
    s.onerror = () => reject(new Error(`could not load ${src}`));
    document.head.append(s);
  });
}

export async function follow(
  matchId: string,
  after: () => string | null,
  onEvent: (e: ServedEvent) => void,
  onState: (connected: boolean) => void,
  token: string | null = null,
): Promise<void> {
  const assets = document.querySelector<HTMLScriptElement>('script[data-assets]')!.dataset.assets;
  const { createClient } = await loadClient(`${assets}/graphql-ws.min.js`);
  const url = new URL('/graphql', location.href);
  url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const client = createClient({
    url: url.href,
    lazy: true,
    retryAttempts: 0,
    // The device's own budget and identity, not its address's (a venue's tablets share one).
    connectionParams: token ? { authorization: `Bearer ${token}` } : undefined,
    on: { connected: () => onState(true), closed: () => onState(false) },
  });
  const start = () =>
    client.subscribe(
      { query: QUERY, variables: { m: matchId, after: after() } },
      {
        next: ({ data }) => data?.matchUpdated && onEvent(data.matchUpdated.event),
        error: () => setTimeout(start, 2000),
        complete: () => setTimeout(start, 2000),
      },
    );
  start();
}
