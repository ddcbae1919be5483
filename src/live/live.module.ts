import { Inject, Module, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { LEDGER_CONFIG, type LedgerConfig } from '../config/configuration';
import { MatchProjector } from '../projections/match-projector';
import { ReadModel } from '../projections/read-model';
import { LiveHub } from './live-hub';
import { LiveResolver } from './live.resolver';

// Live updates: GraphQL subscriptions fed by the projector's committed batches.
@Module({
  providers: [
    {
      provide: LiveHub,
      inject: [MatchProjector, ReadModel, LEDGER_CONFIG],
      useFactory: (p: MatchProjector, r: ReadModel, c: LedgerConfig) =>
        new LiveHub(p, r, c.live.queueLimit),
    },
    LiveResolver,
  ],
  exports: [LiveHub],
})
export class LiveModule implements OnModuleInit, OnModuleDestroy {
  constructor(@Inject(LiveHub) private readonly hub: LiveHub) {}

  // Before the projector's start-up catch-up (at bootstrap), so no committed batch is missed.
  onModuleInit(): void {
    this.hub.start();
  }

  onModuleDestroy(): void {
    this.hub.stop();
  }
}
