import {
  Inject,
  Module,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { GraphQLModule } from '@nestjs/graphql';
import { LEDGER_CONFIG, type LedgerConfig } from '../config/configuration';
import { MatchProjector } from '../projections/match-projector';
import { ReadModel } from '../projections/read-model';
import { METER, type Meter } from '../kernel/meter.port';
import { capWebSocketMessages } from './message-cap';
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
export class LiveModule implements OnModuleInit, OnModuleDestroy, OnApplicationBootstrap {
  constructor(
    @Inject(LiveHub) private readonly hub: LiveHub,
    @Inject(ModuleRef) private readonly modules: ModuleRef,
    @Inject(LEDGER_CONFIG) private readonly config: LedgerConfig,
    @Inject(METER) private readonly meter: Meter,
  ) {}

  // Once the GraphQL module has made its WebSocket server: messages share the HTTP body cap.
  onApplicationBootstrap(): void {
    const graphql = this.modules.get(GraphQLModule, { strict: false });
    capWebSocketMessages(graphql, this.config.limits.bodyLimitBytes);
  }

  // Before the projector's start-up catch-up (at bootstrap), so no committed batch is missed.
  onModuleInit(): void {
    this.meter.measureLive(() => this.hub.stats().subscriptions);
    this.hub.start();
  }

  onModuleDestroy(): void {
    this.hub.stop();
  }
}
