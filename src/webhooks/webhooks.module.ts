import {
  Inject,
  Module,
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
export class WebhooksModule implements OnModuleInit, OnModuleDestroy, OnApplicationShutdown {
  constructor(
    @Inject(WebhookService) private readonly service: WebhookService,
    @Inject(WebhookOutbox) private readonly outbox: WebhookOutbox,
  ) {}

  // Before the projector's start-up catch-up (at bootstrap), so its batches reach the outbox.
  onModuleInit(): Promise<void> {
    return this.service.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.service.stop();
  }

  onApplicationShutdown(): void {
    this.outbox.close();
  }
}
