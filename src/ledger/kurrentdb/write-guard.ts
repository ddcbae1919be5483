import type { GetStreamMetadataResult } from '@kurrent/kurrentdb-client';
import {
  ANY,
  EventStoreError,
  NO_STREAM,
  WrongExpectedRevisionError,
  type EventToAppend,
  type ExpectedRevision,
  type ReadStreamOptions,
  type StoredEvent,
} from '../event-store';
import { KnownIds } from './known-ids';

// The reads a write is checked with, as the adapter makes them (from the leader, mapped errors).
export interface GuardReads {
  readStream(streamId: string, options: ReadStreamOptions): Promise<StoredEvent[]>;
  metadata(streamId: string): Promise<GetStreamMetadataResult>;
}

// What the adapter checks before it appends, which KurrentDB itself would let through.
export class WriteGuard {
  constructor(
    private readonly reads: GuardReads,
    readonly knownIds = new KnownIds(),
  ) {}

  // KurrentDB keeps event ids unique only against retries, not across a stream. The port refuses
  // an id already stored up to the expected revision (SQLite's UNIQUE index does the same), so
  // the batch is checked first; the expected revision still guards against a writer in between.
  // Ids read before are kept: only the events since are read, none when this process wrote last.
  async check(
    streamId: string,
    events: EventToAppend[],
    expected: ExpectedRevision,
  ): Promise<void> {
    if (expected === NO_STREAM) return this.refuseSoftDeleted(streamId);
    // ANY and STREAM_EXISTS: the whole stream; a revision: up to it (ids after it may be a retry
    // of this very append, which KurrentDB answers idempotently).
    const until = typeof expected === 'number' ? expected : Number.POSITIVE_INFINITY;
    // Taken before the read: a concurrent append may replace the entry, never change what it says.
    const { ids, revision } = this.knownIds.entry(streamId);
    // The stream must still start at revision 0: KurrentDB's own API can cut it short ($tb,
    // $maxCount, $maxAge) or delete it, and the read refuses either (a cold read from 0 checks it).
    // A soft-deleted stream reads as empty, yet the server takes a write at its old last revision
    // and so undeletes it: a stream known to have events that reads empty is refused.
    if (
      revision >= 0 &&
      (await this.reads.readStream(streamId, { fromRevision: 0, maxCount: 1 })).length === 0
    ) {
      this.knownIds.forget(streamId);
      throw softDeleted(streamId);
    }
    const newer =
      revision < until
        ? await this.reads.readStream(streamId, {
            fromRevision: revision + 1,
            ...(Number.isFinite(until) ? { maxCount: until - revision } : {}),
          })
        : [];
    this.knownIds.extend(streamId, newer);
    if (revision < 0 && newer.length === 0) {
      // Missing, or soft-deleted: a revision cannot be met (the server would take the old last
      // one), and ANY would recreate a deleted stream after its last event.
      if (typeof expected === 'number')
        throw new WrongExpectedRevisionError(streamId, expected, -1);
      if (expected === ANY) await this.refuseSoftDeleted(streamId);
    }
    const storedAt = (id: string) => ids.get(id) ?? newer.find((e) => e.eventId === id)?.revision;
    const dup = events.find((e) => {
      const at = storedAt(e.eventId);
      return at !== undefined && at <= until;
    });
    if (dup)
      throw new EventStoreError(
        'DUPLICATE_EVENT_ID',
        `Event id ${dup.eventId} is already in ${streamId}`,
      );
  }

  // A stream that reads as missing but whose metadata truncates it was soft-deleted: creating it
  // again would continue its old revisions, which no ledger stream may do.
  private async refuseSoftDeleted(streamId: string): Promise<void> {
    const meta = await this.reads.metadata(streamId);
    if (meta.metadata?.truncateBefore !== undefined) throw softDeleted(streamId);
  }
}

function softDeleted(streamId: string): EventStoreError {
  return new EventStoreError(
    'STREAM_TRUNCATED',
    `${streamId} was deleted (soft delete) in the store: writing would undelete it, continuing its old revisions`,
  );
}
