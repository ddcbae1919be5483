import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { LEDGER_CONFIG, type LedgerConfig } from '../config/configuration';
import { LedgerMetrics } from '../metrics/ledger-metrics';
import { timedEventStore } from '../metrics/timed-event-store';
import { CLOCK, systemClock } from './clock';
import { EVENT_STORE, type EventStore } from './event-store';
import { KurrentDbEventStore } from './kurrentdb/kurrentdb-event-store';
import { SqliteEventStore } from './sqlite/sqlite-event-store';
import { scopedEventStore } from './write-scope';

// The one place that knows which store is in use: everything else sees the EventStore port.
// readOnly: for checking a SQLite ledger without writing to it (KurrentDB is only ever read here).
export function createEventStore(config: LedgerConfig, readOnly = false): EventStore {
  const store = config.store;
  switch (store.kind) {
    case 'kurrentdb':
      return KurrentDbEventStore.fromConnectionString({
        connectionString: store.connectionString,
        timeoutMs: store.timeoutMs,
      });
    case 'sqlite':
      return new SqliteEventStore({
        filename: store.ledgerFile,
        synchronous: store.synchronous,
        readOnly,
        appendInWorker: true,
      });
  }
}

// The event store (its appends timed into the metrics) and the clock, for every module; the store is closed last on shutdown (the
// projections module stops following it before).
@Global()
@Module({
  providers: [
    { provide: CLOCK, useValue: systemClock },
    {
      provide: EVENT_STORE,
      inject: [LEDGER_CONFIG, { token: LedgerMetrics, optional: true }],
      // Appends are timed into the metrics when the application has them, and each request's furthest
      // append is noted for its response (read-your-writes).
      useFactory: (config: LedgerConfig, metrics?: LedgerMetrics) => {
        const store = createEventStore(config);
        if (!metrics) return scopedEventStore(store);
        if (store instanceof SqliteEventStore)
          metrics.measureGroupCommits(() => store.groupCommits);
        return scopedEventStore(timedEventStore(store, metrics));
      },
    },
  ],
  exports: [CLOCK, EVENT_STORE],
})
export class LedgerModule implements OnApplicationShutdown {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}
