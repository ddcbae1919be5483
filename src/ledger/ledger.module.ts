import {
  Global,
  Inject,
  Logger,
  Module,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { LEDGER_CONFIG, type LedgerConfig } from '../config/configuration';
import { MatchProjector } from '../projections/match-projector';
import { ReadModel } from '../projections/read-model';
import { CLOCK, systemClock } from './clock';
import { EVENT_STORE, type EventStore } from './event-store';
import { KurrentDbEventStore } from './kurrentdb/kurrentdb-event-store';
import { SqliteEventStore } from './sqlite/sqlite-event-store';

// The one place that knows which store is in use: everything else sees the EventStore port.
export function createEventStore(config: LedgerConfig): EventStore {
  const store = config.store;
  switch (store.kind) {
    case 'kurrentdb':
      return KurrentDbEventStore.fromConnectionString({
        connectionString: store.connectionString,
        timeoutMs: store.timeoutMs,
      });
    case 'sqlite':
      return new SqliteEventStore({ filename: store.ledgerFile, synchronous: store.synchronous });
  }
}

// The event store, the read model with its projector, and the clock, for every feature module.
@Global()
@Module({
  providers: [
    { provide: CLOCK, useValue: systemClock },
    { provide: EVENT_STORE, inject: [LEDGER_CONFIG], useFactory: createEventStore },
    {
      provide: ReadModel,
      inject: [LEDGER_CONFIG],
      useFactory: (c: LedgerConfig) => new ReadModel(c.readModelFile),
    },
    {
      provide: MatchProjector,
      inject: [EVENT_STORE, ReadModel],
      useFactory: (s: EventStore, r: ReadModel) =>
        new MatchProjector(s, r, {
          onError: (err) =>
            new Logger('MatchProjector').warn(
              `Live feed dropped, resubscribing from the checkpoint: ${err instanceof Error ? err.message : String(err)}`,
            ),
        }),
    },
  ],
  exports: [CLOCK, EVENT_STORE, ReadModel, MatchProjector],
})
export class LedgerModule implements OnModuleInit, OnApplicationShutdown {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(ReadModel) private readonly readModel: ReadModel,
    @Inject(MatchProjector) private readonly projector: MatchProjector,
  ) {}

  // Catch the read model up with whatever the ledger holds before serving (this is also where an
  // unreachable store stops the start), then follow the live feed where the store has one.
  async onModuleInit(): Promise<void> {
    if (this.readModel.stateShapeChanged)
      new Logger('LedgerModule').log(
        'The read model was built with another match state shape: rebuilding it from the ledger',
      );
    await this.projector.catchUp();
    this.projector.follow();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.projector.stopFollowing();
    await this.store.close();
    this.readModel.close();
  }
}
