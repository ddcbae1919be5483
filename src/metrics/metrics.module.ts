import { Inject, Module, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Server } from 'node:http';
import { EVENT_STORE, type EventStore } from '../ledger/event-store';
import { MatchProjector } from '../projections/match-projector';
import { LedgerMetrics } from './ledger-metrics';
import { MetricsController } from './metrics.controller';
import { measureProjector } from './projector-metrics';
import { measureHttpServer } from './server-metrics';

// GET /metrics; LedgerMetrics itself is provided app-wide (the GraphQL plugin counts into it; live,
// webhooks, appeals and audit publish their figures through the kernel's METER, which it is).
@Module({ controllers: [MetricsController] })
export class MetricsModule implements OnModuleInit, OnApplicationBootstrap {
  constructor(
    @Inject(LedgerMetrics) private readonly metrics: LedgerMetrics,
    @Inject(MatchProjector) private readonly projector: MatchProjector,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(HttpAdapterHost) private readonly http: HttpAdapterHost,
  ) {}

  // Before the projections' start-up catch-up, so a rebuild there is counted too.
  onModuleInit(): void {
    measureProjector(this.metrics, this.projector, this.store);
  }

  onApplicationBootstrap(): void {
    const server = this.http.httpAdapter?.getHttpServer() as Server | undefined;
    if (server) measureHttpServer(this.metrics, server);
  }
}
