import { createHmac, randomBytes } from 'node:crypto';

// A delivery is signed with its endpoint's secret over `${timestamp}.${body}` (HMAC-SHA256, hex):
// the receiver recomputes it and refuses a stale timestamp (docs/live.md has the recipe).
export function signature(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

export const HEADERS = {
  id: 'x-cueledger-delivery',
  timestamp: 'x-cueledger-timestamp',
  signature: 'x-cueledger-signature',
  kind: 'x-cueledger-event',
} as const;
