import { createHash } from 'node:crypto';
import { canonicalJson } from '../domain';
import type { EventToAppend, StoredEvent } from './event-store';

// Tamper evidence: every stream is a hash chain. Each stored event's metadata carries `prevHash`
// (the hash of the event before it in its stream, GENESIS for revision 0) and `hash`, the sha256
// of the canonical JSON (../domain/canonical-json.ts: keys sorted) of { streamId, revision, eventId, type, data, metadata without `hash`,
// prevHash }. Editing, deleting or reordering an event breaks its own hash or the next link.
// The hashes are not keyed: whoever can rewrite the store AND recompute every later hash (and the
// store's head record, see SqliteEventStore) is not detected; anchor the heads elsewhere for that.

export const GENESIS = '0'.repeat(64);

export interface ChainFields {
  prevHash: string;
  hash: string;
}

export interface HashInput {
  streamId: string;
  revision: number;
  eventId: string;
  type: string;
  data: unknown;
  metadata: unknown;
}

export function chainFieldsOf(metadata: unknown): Partial<ChainFields> {
  const m = (metadata ?? {}) as Record<string, unknown>;
  return {
    prevHash: typeof m.prevHash === 'string' ? m.prevHash : undefined,
    hash: typeof m.hash === 'string' ? m.hash : undefined,
  };
}

// The hash an event should carry, from its content as stored (its own `hash` field excluded).
export function eventHash(e: HashInput): string {
  const { hash: _hash, ...metadata } = (e.metadata ?? {}) as Record<string, unknown>;
  const prevHash = typeof metadata.prevHash === 'string' ? metadata.prevHash : null;
  return createHash('sha256')
    .update(
      canonicalJson({
        streamId: e.streamId,
        revision: e.revision,
        eventId: e.eventId,
        type: e.type,
        data: e.data,
        metadata,
        prevHash,
      }),
    )
    .digest('hex');
}

// Seals events about to be appended after `head` (the stream's last stored event, or null for a
// new stream). Called in the write path after the stream was read: the append's expected
// revision guarantees `head` is still the real head when the events land, so the link is exact.
// A head written before the chain existed has no hash; its successors link to GENESIS, and the
// verifier reports the unchained head as a broken link.
export function sealEvents(
  streamId: string,
  head: StoredEvent | null,
  events: EventToAppend[],
): EventToAppend[] {
  let prevHash = head ? (chainFieldsOf(head.metadata).hash ?? GENESIS) : GENESIS;
  let revision = head ? head.revision : -1;
  return events.map((e) => {
    revision += 1;
    const metadata = { ...(e.metadata as Record<string, unknown>), prevHash };
    const hash = eventHash({
      streamId,
      revision,
      eventId: e.eventId,
      type: e.type,
      data: e.data,
      metadata,
    });
    prevHash = hash;
    return { ...e, metadata: { ...metadata, hash } };
  });
}

// Whether the store kept the very event sent: an acknowledged retry (same event ids at the same
// revision) answers with the events of the attempt that landed first, which may not be these.
export function sameHash(stored: StoredEvent, sent: EventToAppend): boolean {
  return chainFieldsOf(stored.metadata).hash === chainFieldsOf(sent.metadata).hash;
}
