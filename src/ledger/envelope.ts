import { createHash } from 'node:crypto';
import { type EventMetadata, type LedgerEvent, type RecordedEvent, upcast } from '../domain';
import type { EventToAppend, StoredEvent } from './event-store';

export interface StoredMetadata extends EventMetadata {
  schemaVersion: number;
  // sha256 of the command as the client sent it (and who sent it), to tell a retry of the same
  // command from a different command reusing its id. Absent on events recorded before it existed.
  commandHash?: string;
  // The game the event is filed under (see gameNumberOf), stamped when it is written. Absent on
  // events recorded before it was stamped: derived from the fold for those.
  gameNumber?: number | null;
}

// Event ids are derived from the client's command id, so a retried command produces the same ids
// and the store (SQLite or KurrentDB) recognises it instead of writing it twice.
export function eventIdFor(commandId: string, index: number): string {
  const h = createHash('sha256').update(`${commandId}#${index}`).digest('hex');
  // Shaped as an RFC 9562 UUID, version 8 (custom), variant 10xx.
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

// `gameNumbers[i]` is the game event i is filed under (see StoredMetadata.gameNumber).
export function toAppend(
  events: LedgerEvent[],
  metadata: EventMetadata & { commandHash?: string },
  gameNumbers?: (number | null)[],
): EventToAppend[] {
  return events.map((e, i) => ({
    eventId: eventIdFor(metadata.commandId, i),
    type: e.type,
    data: e.data,
    metadata: {
      ...metadata,
      schemaVersion: e.version,
      ...(gameNumbers ? { gameNumber: gameNumbers[i] } : {}),
    } satisfies StoredMetadata,
  }));
}

// Stored → domain, the one conversion: an event stored under an older schema version (its
// metadata's schemaVersion) is upcast to the current one; the stored JSON is never rewritten.
// An unknown type is refused by upcast, with the same message.
export function toDomain(stored: StoredEvent): LedgerEvent {
  const meta = stored.metadata as Partial<StoredMetadata>;
  try {
    return upcast(stored.type, meta.schemaVersion ?? 1, stored.data);
  } catch (err) {
    throw new Error(`${(err as Error).message} at ${stored.streamId}@${stored.revision}`);
  }
}

// A match scheduled with a client command id gets its id from it, so a retried schedule lands on
// the same stream (and is recognised there) instead of creating a second match.
export function matchIdFor(commandId: string): string {
  return eventIdFor(`schedule:${commandId}`, 0);
}

export const MATCH_STREAM_PREFIX = 'match-';
// The registry's streams: one per player (keyed by licence id) and one per competition.
export const PLAYER_STREAM_PREFIX = 'player-';
export const COMPETITION_STREAM_PREFIX = 'competition-';
// Every kind of stream the ledger writes: the global feed is these, and nothing else of a store
// that may hold other streams ($all on KurrentDB).
export const LEDGER_STREAM_PREFIXES: readonly string[] = [
  MATCH_STREAM_PREFIX,
  PLAYER_STREAM_PREFIX,
  COMPETITION_STREAM_PREFIX,
];
export const matchStream = (matchId: string): string => `${MATCH_STREAM_PREFIX}${matchId}`;

// One event of a match stream as every reader uses it: as stored, as the domain reads it
// (converted once), and the game it is filed under. It is also the RecordedEvent that
// history-aware decisions (corrections, appeals) take.
export interface MatchRecord extends RecordedEvent {
  stored: StoredEvent;
  gameNumber: number | null;
}

// The one conversion from the store: upcast, fold with the stream type's evolve, and the game
// the event is filed under (stamped when written; else from `gameOf`, or none). The ledger knows
// no stream's state: the caller's evolve does.
export function applyStored<S>(
  state: S | null,
  stored: StoredEvent,
  fold: (state: S | null, event: LedgerEvent) => S,
  gameOf?: (event: LedgerEvent, after: S) => number | null,
): { event: LedgerEvent; state: S; gameNumber: number | null } {
  const event = toDomain(stored);
  const next = fold(state, event);
  const stamped = (stored.metadata as Partial<StoredMetadata>).gameNumber;
  return {
    event,
    state: next,
    gameNumber: stamped !== undefined ? stamped : (gameOf?.(event, next) ?? null),
  };
}

// `next` is the stream's following event, if known: a position can be restored only between
// commands, never halfway through one.
export function recordOf(
  stored: StoredEvent,
  event: LedgerEvent,
  gameNumber: number | null,
  next: StoredEvent | undefined,
): MatchRecord {
  const meta = stored.metadata as Partial<StoredMetadata>;
  return {
    revision: stored.revision,
    recordedAt: meta.recordedAt ?? '',
    recordedBy: meta.recordedBy ?? null,
    event,
    endsCommand:
      next === undefined || (next.metadata as Partial<StoredMetadata>).commandId !== meta.commandId,
    stored,
    gameNumber,
  };
}
