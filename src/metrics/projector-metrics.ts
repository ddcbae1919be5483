import type { EventStore } from '../ledger/event-store';
import type { MatchProjector } from '../projections/match-projector';
import { ledgerSize } from '../projections/rebuild-progress';
import type { LedgerMetrics } from './ledger-metrics';

// Feeds the projector's series: events applied, lag in events and in seconds, rebuild progress.
export function measureProjector(
  metrics: LedgerMetrics,
  projector: MatchProjector,
  store: EventStore,
  now: () => number = Date.now,
): () => void {
  let lastProjectedAt = now();
  const off = projector.onCommitted((b) => {
    lastProjectedAt = now();
    metrics.projectedEvents.inc(b.events.length);
  });
  metrics.measureProjector({
    lagEvents: () => projector.lag(),
    // The age of the oldest unapplied event, by the time it was recorded; an event without a
    // readable time counts from the projector's last commit instead.
    lagSeconds: async () => {
      const oldest = await projector.oldestPending();
      if (!oldest) return 0;
      const recorded = Date.parse(
        String((oldest.metadata as { recordedAt?: unknown } | null)?.recordedAt ?? ''),
      );
      return Math.max(0, (now() - (Number.isNaN(recorded) ? lastProjectedAt : recorded)) / 1000);
    },
    // Applied share of the ledger's events (counted from the store's head record; on a store
    // without one, e.g. KurrentDB, 0 while behind). The lag is counted up to 10000 events.
    rebuildProgress: async () => {
      const pending = await projector.lag();
      if (pending === 0) return 1;
      const total = await ledgerSize(store);
      return total ? Math.max(0, (total - pending) / total) : 0;
    },
  });
  return off;
}
