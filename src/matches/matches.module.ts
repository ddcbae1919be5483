import { Inject, Module, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { MatchResolver } from '../api/graphql/match.resolver';
import { LEDGER_CONFIG, type LedgerConfig } from '../config/configuration';
import { CLOCK, systemClock, type Clock } from '../ledger/clock';
import { EVENT_STORE, type EventStore } from '../ledger/event-store';
import { SqliteEventStore } from '../ledger/sqlite/sqlite-event-store';
import { MatchProjector } from '../projections/match-projector';
import { ReadModel } from '../projections/read-model';
import { MatchCommandService } from './match-commands.service';
import { MatchQueryService } from './match-queries.service';

// The shell: wires the pure core to a store, a read model and the GraphQL resolvers.
@Module({
  providers: [
    { provide: CLOCK, useValue: systemClock },
    {
      provide: EVENT_STORE,
      inject: [LEDGER_CONFIG],
      useFactory: (c: LedgerConfig): EventStore =>
        new SqliteEventStore({ filename: c.ledgerFile, synchronous: c.synchronous }),
    },
    {
      provide: ReadModel,
      inject: [LEDGER_CONFIG],
      useFactory: (c: LedgerConfig) => new ReadModel(c.readModelFile),
    },
    {
      provide: MatchProjector,
      inject: [EVENT_STORE, ReadModel],
      useFactory: (s: EventStore, r: ReadModel) => new MatchProjector(s, r),
    },
    {
      provide: MatchCommandService,
      inject: [EVENT_STORE, MatchProjector, CLOCK],
      useFactory: (s: EventStore, p: MatchProjector, c: Clock) => new MatchCommandService(s, p, c),
    },
    {
      provide: MatchQueryService,
      inject: [EVENT_STORE, ReadModel],
      useFactory: (s: EventStore, r: ReadModel) => new MatchQueryService(s, r),
    },
    MatchResolver,
  ],
  exports: [EVENT_STORE, ReadModel, MatchProjector],
})
export class MatchesModule implements OnModuleInit, OnApplicationShutdown {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(ReadModel) private readonly readModel: ReadModel,
    @Inject(MatchProjector) private readonly projector: MatchProjector,
  ) {}

  // Catch the read model up with whatever the ledger holds before serving.
  async onModuleInit(): Promise<void> {
    await this.projector.catchUp();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
    this.readModel.close();
  }
}
