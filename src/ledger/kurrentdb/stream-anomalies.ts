import { StreamDeletedError, type GetStreamMetadataResult } from '@kurrent/kurrentdb-client';
import { EventStoreError, type StoredEvent, type StreamAnomaly } from '../event-store';

export interface AnomalySources {
  // The stream's metadata, as the client reads it (it throws StreamDeletedError on a tombstone).
  metadata(streamId: string): Promise<GetStreamMetadataResult>;
  // The stream's first event, as the adapter reads streams (STREAM_TRUNCATED, STREAM_DELETED).
  first(streamId: string): Promise<StoredEvent[]>;
}

const TOMBSTONED = (streamId: string): StreamAnomaly => ({
  streamId,
  kind: 'TOMBSTONED',
  detail: 'the stream was hard-deleted (tombstoned) in the store',
});

// For the verifier: what the store itself says of each stream the ledger's feed holds.
export async function findAnomalies(
  streamIds: readonly string[],
  sources: AnomalySources,
): Promise<StreamAnomaly[]> {
  const found: StreamAnomaly[] = [];
  for (const streamId of streamIds) {
    let meta: GetStreamMetadataResult;
    try {
      meta = await sources.metadata(streamId);
    } catch (err) {
      // The server deletes a tombstoned stream's metadata stream with it.
      const deleted =
        err instanceof StreamDeletedError ||
        (err instanceof EventStoreError && err.code === 'STREAM_DELETED');
      if (!deleted) throw err;
      found.push(TOMBSTONED(streamId));
      continue;
    }
    const m = meta.metadata ?? {};
    const limits = (['truncateBefore', 'maxCount', 'maxAge'] as const).filter(
      (k) => m[k] !== undefined,
    );
    if (limits.length > 0)
      found.push({
        streamId,
        kind: 'METADATA_CHANGED',
        detail: `its stream metadata sets ${limits.map((k) => `${k}=${String(m[k])}`).join(', ')}: stream reads no longer return every event`,
      });
    try {
      const first = await sources.first(streamId);
      if (first.length === 0)
        found.push({ streamId, kind: 'DELETED', detail: 'the stream was deleted in the store' });
    } catch (err) {
      if (err instanceof EventStoreError && err.code === 'STREAM_TRUNCATED')
        found.push({ streamId, kind: 'TRUNCATED', detail: err.message });
      else if (err instanceof EventStoreError && err.code === 'STREAM_DELETED')
        found.push(TOMBSTONED(streamId));
      else throw err;
    }
  }
  return found;
}
