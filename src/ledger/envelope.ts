import { createHash } from 'node:crypto';
import {
  isLedgerEventType,
  type EventMetadata,
  type LedgerEvent,
  type RecordedEvent,
} from '../domain';
import type { EventToAppend, StoredEvent } from './event-store';

export interface StoredMetadata extends EventMetadata {
  schemaVersion: number;
  // sha256 of the command as the client sent it (and who sent it), to tell a retry of the same
  // command from a different command reusing its id. Absent on events recorded before issue 5.
  commandHash?: string;
}

// Event ids are derived from the client's command id, so a retried command produces the same ids
// and the store (SQLite or KurrentDB) recognises it instead of writing it twice.
export function eventIdFor(commandId: string, index: number): string {
  const h = createHash('sha256').update(`${commandId}#${index}`).digest('hex');
  // Shaped as an RFC 9562 UUID, version 8 (custom), variant 10xx.
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function toAppend(
  events: LedgerEvent[],
  metadata: EventMetadata & { commandHash?: string },
): EventToAppend[] {
  return events.map((e, i) => ({
    eventId: eventIdFor(metadata.commandId, i),
    type: e.type,
    data: e.data,
    metadata: { ...metadata, schemaVersion: e.version } satisfies StoredMetadata,
  }));
}

// Stored → domain. Older schema versions would be upcast here; version 1 is the only one so far.
export function toDomain(stored: StoredEvent): LedgerEvent {
  if (!isLedgerEventType(stored.type))
    throw new Error(`Unknown event type ${stored.type} at ${stored.streamId}@${stored.revision}`);
  const meta = stored.metadata as Partial<StoredMetadata>;
  return {
    type: stored.type,
    version: (meta.schemaVersion ?? 1) as 1,
    data: stored.data,
  } as LedgerEvent;
}

// A match scheduled with a client command id gets its id from it, so a retried schedule lands on
// the same stream (and is recognised there) instead of creating a second match.
export function matchIdFor(commandId: string): string {
  return eventIdFor(`schedule:${commandId}`, 0);
}

export const MATCH_STREAM_PREFIX = 'match-';
export const matchStream = (matchId: string): string => `${MATCH_STREAM_PREFIX}${matchId}`;

// The stream as the history-aware decisions see it (corrections, appeals): each event with its
// recording time and whether it closes the command that appended it.
export function toRecorded(
  stored: readonly StoredEvent[],
  domain?: readonly LedgerEvent[],
): RecordedEvent[] {
  return stored.map((e, i) => {
    const meta = e.metadata as Partial<StoredMetadata>;
    const next = stored[i + 1]?.metadata as Partial<StoredMetadata> | undefined;
    return {
      revision: e.revision,
      recordedAt: meta.recordedAt ?? '',
      event: domain ? domain[i] : toDomain(e),
      endsCommand: next === undefined || next.commandId !== meta.commandId,
    };
  });
}
