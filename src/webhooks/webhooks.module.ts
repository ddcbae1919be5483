import {
  Inject,
  Logger,
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
import { FileRegistry, type EndpointRegistry } from './registry';
import { LedgerRegistry } from './registration-stream';
import { developmentKey, SecretBox } from './secret-box';
import { WebhookService } from './webhook.service';
import { WebhooksResolver } from './webhooks.resolver';
import { ModuleRef } from '@nestjs/core';
import { OVERDUE_APPEALS, type OverdueAppeals } from '../kernel/overdue-appeals.port';
import { METER, type Meter } from '../kernel/meter.port';

const OVERDUE_SWEEP_MS = 60_000;
const ENDPOINT_REGISTRY = Symbol('ENDPOINT_REGISTRY');

// On KurrentDB the replicas share the endpoints through the ledger, secrets sealed; a SQLite
// ledger has one server, which keeps them in its outbox file.
function registryFor(c: LedgerConfig, store: EventStore, outbox: WebhookOutbox): EndpointRegistry {
  if (c.store.kind !== 'kurrentdb') return new FileRegistry(outbox);
  const w = c.live.webhooks;
  const keys = w.secretKeys.length > 0 ? w.secretKeys : [developmentKey(w.secretKeyFile)];
  return new LedgerRegistry(store, outbox, new SecretBox(keys));
}

// Signed webhooks with a durable outbox.
@Module({
  providers: [
    {
      provide: WebhookOutbox,
      inject: [LEDGER_CONFIG],
      useFactory: (c: LedgerConfig) => new WebhookOutbox(c.live.webhooks.outboxFile),
    },
    {
      provide: ENDPOINT_REGISTRY,
      inject: [LEDGER_CONFIG, EVENT_STORE, WebhookOutbox],
      useFactory: registryFor,
    },
    {
      provide: WebhookService,
      inject: [
        WebhookOutbox,
        ENDPOINT_REGISTRY,
        EVENT_STORE,
        MatchProjector,
        ReadModel,
        LEDGER_CONFIG,
        BACKGROUND_LEASE,
      ],
      useFactory: (
        o: WebhookOutbox,
        registry: EndpointRegistry,
        s: EventStore,
        p: MatchProjector,
        r: ReadModel,
        c: LedgerConfig,
        lease: BackgroundLease,
      ) => new WebhookService(o, registry, s, p, r, c.live.webhooks, Date.now, () => lease.held),
    },
    WebhooksResolver,
  ],
})
export class WebhooksModule
  implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy, OnApplicationShutdown
{
  private sweep: NodeJS.Timeout | null = null;
  private readonly log = new Logger('Webhooks');

  constructor(
    @Inject(WebhookService) private readonly service: WebhookService,
    @Inject(WebhookOutbox) private readonly outbox: WebhookOutbox,
    @Inject(ModuleRef) private readonly modules: ModuleRef,
    @Inject(METER) private readonly meter: Meter,
  ) {}

  // Overdue appeals are announced by a sweep of the appeals list (a deadline passing appends
  // nothing to the ledger); each once per endpoint. The appeals' module provides the port.
  onApplicationBootstrap(): void {
    const appeals = this.modules.get<symbol, OverdueAppeals>(OVERDUE_APPEALS, { strict: false });
    const announce = () =>
      void this.service
        .announce(appeals.overdueNotices())
        .catch((err: unknown) => this.log.error(`overdue notices not enqueued: ${String(err)}`));
    announce();
    this.sweep = setInterval(announce, OVERDUE_SWEEP_MS);
    this.sweep.unref();
  }

  // Before the projector's start-up catch-up (at bootstrap), so its batches reach the outbox.
  onModuleInit(): Promise<void> {
    this.meter.measureWebhooks(() => this.outbox.countByStatus());
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
