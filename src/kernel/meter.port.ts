// What features show on /metrics, each published by the feature that owns the figure (live, the
// webhook outbox, appeals, audit's verifications), so the metrics feature knows none of them.
// Declared here, implemented by the metrics feature (LedgerMetrics) and provided by the app.
export interface Meter {
  // The sources below are read at scrape time.
  measureLive(subscriptions: () => number): void;
  // Deliveries in the outbox by status (PENDING, DELIVERED, FAILED).
  measureWebhooks(byStatus: () => Record<string, number>): void;
  measureAppeals(overdue: () => number): void;
  // A run of the hash-chain verifier ended: the chain intact, or broken.
  verified(ok: boolean): void;
}

export const METER = Symbol('METER');
