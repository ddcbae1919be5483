import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { CLOCK, systemClock } from './clock';
import { EVENT_STORE, type EventStore } from './event-store';
import { KurrentDbEventStore } from './kurrentdb/kurrentdb-event-store';
import { SqliteEventStore } from './sqlite/sqlite-event-store';
import {
  STORE_CONFIG,
  STORE_DECORATOR,
  type StoreConfig,
  type StoreDecorator,
} from './store-config';
import { scopedEventStore } from './write-scope';

// The one place that knows which store is in use: everything else sees the EventStore port.
// readOnly: for checking a SQLite ledger without writing to it (KurrentDB is only ever read here).
export function createEventStore(config: { store: StoreConfig }, readOnly = false): EventStore {
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

// The event store (wrapped by the application's decorator when it provides one: its appends timed
// into the metrics) and the clock, for every module; the store is closed last on shutdown (the
// projections module stops following it before).
@Global()
@Module({
  providers: [
    { provide: CLOCK, useValue: systemClock },
    {
      provide: EVENT_STORE,
      inject: [STORE_CONFIG, { token: STORE_DECORATOR, optional: true }],
      // Appends are timed when the application decorates the store, and each request's furthest
      // append is noted for its response (read-your-writes).
      useFactory: (store: StoreConfig, decorate?: StoreDecorator) => {
        const created = createEventStore({ store });
        return scopedEventStore(decorate ? decorate(created) : created);
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
