import { EventStoreError, type EventStore, type StoredEvent } from '../ledger/event-store';
import type { AuditIndexRow } from './audit-index';

// An audit index row with its event, read back from the ledger.
export interface AuditRow extends AuditIndexRow {
  event: StoredEvent;
}

// Reads the events of a page of index rows from the ledger, in the page's order: one readStream
// per run of (nearly) consecutive revisions of a stream (a match's page is usually one run), the same on
// every store. An event the index knows but the ledger no longer holds fails the read.
export async function withEvents(
  store: EventStore,
  rows: readonly AuditIndexRow[],
): Promise<AuditRow[]> {
  const byStream = new Map<string, number[]>();
  for (const r of rows) {
    const revisions = byStream.get(r.streamId);
    if (revisions) revisions.push(r.revision);
    else byStream.set(r.streamId, [r.revision]);
  }
  const reads: Promise<StoredEvent[]>[] = [];
  for (const [streamId, revisions] of byStream)
    for (const [fromRevision, maxCount] of runs(revisions))
      reads.push(store.readStream(streamId, { fromRevision, maxCount }));
  const found = new Map<string, StoredEvent>();
  for (const events of await Promise.all(reads))
    for (const e of events) found.set(`${e.revision}@${e.streamId}`, e);
  return rows.map((r) => {
    const event = found.get(`${r.revision}@${r.streamId}`);
    if (!event || event.position !== r.position)
      throw new EventStoreError(
        'STREAM_TRUNCATED',
        `The audit index lists ${r.streamId} revision ${r.revision} at position ${r.position}, the ledger does not`,
      );
    return { ...r, event };
  });
}

// Reading a few events too many costs less than another read: a filtered page (every shot's
// ruling, say) stays one read per stream.
const GAP = 4;

// [first revision, count] of each run of consecutive revisions (gaps up to GAP bridged).
function runs(revisions: number[]): [number, number][] {
  const sorted = [...new Set(revisions)].sort((a, b) => a - b);
  const out: [number, number][] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r - (last[0] + last[1]) <= GAP) last[1] = r - last[0] + 1;
    else out.push([r, 1]);
  }
  return out;
}
