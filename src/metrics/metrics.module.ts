import { Inject, Module, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost, ModuleRef } from '@nestjs/core';
import type { Server } from 'node:http';
import { EVENT_STORE, type EventStore } from '../ledger/event-store';
import { LiveHub } from '../live/live-hub';
import { WebhookOutbox } from '../webhooks/outbox';
import { AppealCaseService } from '../appeals/cases/appeal-cases.service';
import { MatchProjector } from '../projections/match-projector';
import { LedgerMetrics } from './ledger-metrics';
import { MetricsController } from './metrics.controller';
import { measureProjector } from './projector-metrics';
import { measureHttpServer } from './server-metrics';

// GET /metrics; LedgerMetrics itself is provided app-wide (the GraphQL plugin and the audit count
// into it).
@Module({ controllers: [MetricsController] })
export class MetricsModule implements OnModuleInit, OnApplicationBootstrap {
  constructor(
    @Inject(LedgerMetrics) private readonly metrics: LedgerMetrics,
    @Inject(MatchProjector) private readonly projector: MatchProjector,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(ModuleRef) private readonly modules: ModuleRef,
    @Inject(HttpAdapterHost) private readonly http: HttpAdapterHost,
  ) {}

  // Before the projections' start-up catch-up, so a rebuild there is counted too.
  onModuleInit(): void {
    measureProjector(this.metrics, this.projector, this.store);
  }

  // The live hub, the webhook outbox and the appeals list belong to their features' modules, found here by token.
  onApplicationBootstrap(): void {
    const hub = this.modules.get(LiveHub, { strict: false });
    this.metrics.measureLive(() => hub.stats().subscriptions);
    const outbox = this.modules.get(WebhookOutbox, { strict: false });
    this.metrics.measureWebhooks(() => outbox.countByStatus());
    const appeals = this.modules.get(AppealCaseService, { strict: false });
    this.metrics.measureAppeals(() => appeals.overdueCount());
    const server = this.http.httpAdapter?.getHttpServer() as Server | undefined;
    if (server) measureHttpServer(this.metrics, server);
  }
}
