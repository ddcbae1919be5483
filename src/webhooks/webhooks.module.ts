import {
  Inject,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { LEDGER_CONFIG, type LedgerConfig } from '../config/configuration';
import { BACKGROUND_LEASE, type BackgroundLease } from '../ledger/lease';
import { EVENT_STORE, type EventStore } from '../ledger/event-store';
import { MatchProjector } from '../projections/match-projector';
import { ReadModel } from '../projections/read-model';
import { WebhookOutbox } from './outbox';
import { WebhookService } from './webhook.service';
import { WebhooksResolver } from './webhooks.resolver';
import { ModuleRef } from '@nestjs/core';
import { AppealCaseService } from '../appeals/cases/appeal-cases.service';

const OVERDUE_SWEEP_MS = 60_000;

// Signed webhooks with a durable outbox.
@Module({
  providers: [
    {
      provide: WebhookOutbox,
      inject: [LEDGER_CONFIG],
      useFactory: (c: LedgerConfig) => new WebhookOutbox(c.live.webhooks.outboxFile),
    },
    {
      provide: WebhookService,
      inject: [
        WebhookOutbox,
        EVENT_STORE,
        MatchProjector,
        ReadModel,
        LEDGER_CONFIG,
        BACKGROUND_LEASE,
      ],
      useFactory: (
        o: WebhookOutbox,
        s: EventStore,
        p: MatchProjector,
        r: ReadModel,
        c: LedgerConfig,
        lease: BackgroundLease,
      ) => new WebhookService(o, s, p, r, c.live.webhooks, Date.now, () => lease.held),
    },
    WebhooksResolver,
  ],
})
export class WebhooksModule
  implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy, OnApplicationShutdown
{
  private sweep: NodeJS.Timeout | null = null;

  constructor(
    @Inject(WebhookService) private readonly service: WebhookService,
    @Inject(WebhookOutbox) private readonly outbox: WebhookOutbox,
    @Inject(ModuleRef) private readonly modules: ModuleRef,
  ) {}

  // Overdue appeals are announced by a sweep of the appeals list (a deadline passing appends
  // nothing to the ledger); each once per endpoint.
  onApplicationBootstrap(): void {
    const appeals = this.modules.get(AppealCaseService, { strict: false });
    const announce = () => this.service.announce(appeals.overdueNotices());
    announce();
    this.sweep = setInterval(announce, OVERDUE_SWEEP_MS);
    this.sweep.unref();
  }

  // Before the projector's start-up catch-up (at bootstrap), so its batches reach the outbox.
  onModuleInit(): Promise<void> {
    return this.service.start();
  }

  onModuleDestroy(): Promise<void> {
    if (this.sweep) clearInterval(this.sweep);
    return this.service.stop();
  }

  onApplicationShutdown(): void {
    this.outbox.close();
  }
}
