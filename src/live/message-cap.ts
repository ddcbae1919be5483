import type { WebSocketServer } from 'ws';

// Nest's GqlSubscriptionService makes the graphql-ws WebSocket server without a message size
// (ws then accepts 100 MiB) and offers no option for it; ws reads maxPayload from its options at
// each upgrade, so setting it there caps every connection made afterwards (close code 1009).
interface WithSubscriptions {
  graphQlAdapter?: { _subscriptionService?: { wss?: WebSocketServer } };
}

export function capWebSocketMessages(graphqlModule: unknown, maxBytes: number): void {
  const wss = (graphqlModule as WithSubscriptions).graphQlAdapter?._subscriptionService?.wss;
  // Refuse to start rather than serve subscriptions without the cap.
  if (!wss) throw new Error('The GraphQL WebSocket server was not found: cannot cap its messages');
  wss.options.maxPayload = maxBytes;
}
