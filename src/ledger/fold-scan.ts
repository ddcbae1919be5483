import type { EventStore, FoldScanOptions, StoredEvent } from './event-store';

// The global feed after a position, each event read for a fold and handed to `visit`: through the
// store's own scan when it has one (no page of events held), else readAll's pages. Resolves to the
// last position visited (`after` when there was none).
export async function scanForFold(
  store: EventStore,
  visit: (e: StoredEvent) => void,
  { after, pageSize = 5000 }: FoldScanOptions = {},
): Promise<bigint | undefined> {
  if (store.scanAllForFold) return store.scanAllForFold(visit, { after, pageSize });
  for (;;) {
    const page = await store.readAll({ after, maxCount: pageSize, metadata: 'fold' });
    for (const e of page) visit(e);
    if (page.length > 0) after = page[page.length - 1].position;
    if (page.length < pageSize) return after;
  }
}
