// The public GraphQL API of the server that served the page: one POST per query, and live updates
// over one graphql-ws WebSocket (its client is served from here like the rest).
const ENDPOINT = '/graphql';

export class ApiError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

export async function gql(query, variables = {}, token = null) {
  const headers = { 'content-type': 'application/json', accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  let res;
  try {
    res = await fetch(ENDPOINT, {
      method: 'POST',
      headers,
      body: JSON.stringify({ query, variables }),
    });
  } catch {
    throw new ApiError('NETWORK', 'The server cannot be reached');
  }
  const body = await res.json().catch(() => ({}));
  if (body.errors?.length) {
    const e = body.errors[0];
    throw new ApiError(e.extensions?.code ?? 'ERROR', e.message);
  }
  return body.data;
}

function loadClient() {
  if (globalThis.graphqlWs) return Promise.resolve(globalThis.graphqlWs);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = new URL('graphql-ws.min.js', import.meta.url).href;
    script.onload = () => resolve(globalThis.graphqlWs);
    script.onerror = () => reject(new Error('could not load the live client'));
    document.head.append(script);
  });
}

const RETRY_MS = [500, 1000, 2000, 4000, 8000, 15000];

// Follows one subscription, reconnecting after a drop; `onOpen` runs each time it (re)opens, so
// the page reloads its one list query then (what changed while away), never per update.
export async function follow(query, variables, { onData, onState, onOpen }) {
  const { createClient } = await loadClient();
  const url = new URL(ENDPOINT, location.href);
  url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  let tries = 0;
  let stopped = false;
  let dispose = null;
  const client = createClient({
    url: url.href,
    lazy: true,
    retryAttempts: 0,
    on: {
      connected: () => {
        tries = 0;
        onState?.('connected');
        onOpen?.();
      },
      closed: () => !stopped && onState?.('reconnecting'),
    },
  });
  const retry = () => {
    dispose = null;
    if (stopped) return;
    onState?.('reconnecting');
    setTimeout(open, RETRY_MS[Math.min(tries++, RETRY_MS.length - 1)]);
  };
  const open = () => {
    if (stopped || dispose) return;
    dispose = client.subscribe(
      { query, variables },
      {
        next: ({ data }) => data && onData(data),
        // A spent budget passes: try again later; any other refusal is final for this page.
        error: (e) =>
          Array.isArray(e) && !e.some((x) => x?.extensions?.code === 'RATE_LIMITED')
            ? onState?.('stopped')
            : retry(),
        complete: retry,
      },
    );
  };
  onState?.('connecting');
  open();
  return () => {
    stopped = true;
    dispose?.();
    client.dispose();
  };
}
