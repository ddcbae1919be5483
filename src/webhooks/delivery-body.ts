import { createHash } from 'node:crypto';
import type { StoredEvent } from '../ledger/event-store';

// The same event to the same endpoint always gets the same delivery id, whichever process
// enqueues it (after a restart, a replay, another instance): receivers de-duplicate on it.
export function deliveryId(endpointId: string, eventId: string): string {
  const h = createHash('sha256').update(`${endpointId}\n${eventId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

// What a receiver gets: the event as the ledger holds it, and where it belongs.
export function deliveryBody(id: string, endpointId: string, event: StoredEvent): string {
  const meta = (event.metadata ?? {}) as { gameNumber?: number | null };
  return JSON.stringify({
    deliveryId: id,
    endpointId,
    kind: event.type,
    position: event.position.toString(),
    matchId: event.streamId.startsWith('match-') ? event.streamId.slice('match-'.length) : null,
    gameNumber: meta.gameNumber ?? null,
    event: { ...event, position: event.position.toString() },
  });
}
