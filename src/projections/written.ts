import { supersedesOf, type MatchState } from '../domain';
import { isLedgerEventType } from '../domain/events/catalogue';
import { MATCH_STREAM_PREFIX, toDomain, type StoredMetadata } from '../ledger/envelope';
import type { StoredEvent } from '../ledger/event-store';
import type { AuditEntry } from './read-model';

// One committed append as the stream runtime publishes it (its CommittedBatch): the events as
// stored, the stream's state after each of them (a match's MatchState), and where the ledger stood
// before them when the store knows it.
export interface Written {
  streamId: string;
  first: number;
  events: readonly StoredEvent[];
  states: readonly unknown[];
  previousPosition?: bigint | null;
}

// The writes, when together they follow the read model's checkpoint with nothing in between (each
// append's previous position is where the one before it ended): applied as handed, no read.
export function handedRun(written: Written[], checkpoint: bigint | null): Written[] | null {
  if (written.length === 0) return null;
  const byPosition = [...written].sort((a, b) =>
    a.previousPosition === b.previousPosition
      ? 0
      : (a.previousPosition ?? -1n) < (b.previousPosition ?? -1n)
        ? -1
        : 1,
  );
  let end = checkpoint;
  for (const w of byPosition) {
    if (!w.events.length || w.previousPosition === undefined || w.previousPosition !== end)
      return null;
    end = w.events[w.events.length - 1].position;
  }
  return byPosition;
}

// The audit entries of handed writes, each match event with the state the writer folded after it.
export function handedEntries(run: readonly Written[]): AuditEntry[] {
  const entries: AuditEntry[] = [];
  for (const w of run)
    w.events.forEach((event, i) => {
      if (!event.streamId.startsWith(MATCH_STREAM_PREFIX)) {
        const domainEvent = isLedgerEventType(event.type) ? toDomain(event) : null;
        entries.push({ event, domainEvent, matchId: null, gameNumber: null, supersedes: [] });
        return;
      }
      const domainEvent = toDomain(event);
      entries.push({
        event,
        domainEvent,
        matchId: event.streamId.slice(MATCH_STREAM_PREFIX.length),
        gameNumber: (event.metadata as StoredMetadata).gameNumber ?? null,
        supersedes: supersedesOf(domainEvent),
        state: w.states[i] as MatchState,
      });
    });
  return entries;
}
