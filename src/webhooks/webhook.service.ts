import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { EVENT_TYPES } from '../domain/events/catalogue';
import type { EventStore, StoredEvent } from '../ledger/event-store';
import type { MatchProjector } from '../projections/match-projector';
import type { ReadModel } from '../projections/read-model';
import { WebhookDispatcher, type DispatchSettings } from './dispatcher';
import type { Delivery, DeliveryStatus, Endpoint, WebhookOutbox } from './outbox';
import type { EndpointRegistry } from './registry';
import { newSecret } from './signature';
import { checkTargetUrl } from './target';
import { WebhookError } from './webhook-errors';

const PAGE = 500;

// Kinds an endpoint may ask for beside the event types: notices that are not events (an appeal
// past its decision deadline).
export const NOTICE_KINDS = ['appeal.overdue'] as const;
const KINDS: readonly string[] = [...EVENT_TYPES, ...NOTICE_KINDS];

// Endpoints, the outbox fed from the projector's committed batches, and its dispatcher.
export class WebhookService {
  private readonly dispatcher: WebhookDispatcher;
  private stopListening: (() => void) | null = null;
  // The feed's batches waiting for the registry to catch up (a shared registry).
  private waiting: StoredEvent[] = [];
  private enqueuing: Promise<void> = Promise.resolve();
  private readonly log = new Logger('Webhooks');

  constructor(
    private readonly outbox: WebhookOutbox,
    private readonly registry: EndpointRegistry,
    private readonly store: EventStore,
    private readonly projector: MatchProjector,
    private readonly readModel: ReadModel,
    private readonly settings: DispatchSettings,
    private readonly now: () => number = Date.now,
    mayRun: () => boolean = () => true,
  ) {
    this.dispatcher = new WebhookDispatcher(outbox, registry, settings, now, mayRun);
  }

  // Enqueues what the ledger gained while the server was down (from the ledger itself, not the
  // read model), then follows the projector and starts sending.
  async start(): Promise<void> {
    await this.registry.start();
    const from = this.outbox.position();
    if (from !== undefined && this.registry.endpoints().length > 0)
      await this.readStore(from, (events) => this.enqueueFeed(events));
    this.stopListening = this.projector.onCommitted((batch) => {
      const events = batch.events.map((e) => e.event);
      if (!this.registry.shared) return this.enqueueFeed(events);
      // Registrations made elsewhere are read first, so a batch after one reaches its endpoint.
      this.waiting.push(...events);
      this.enqueuing = this.enqueuing.then(() => this.enqueueWaiting());
    });
    this.dispatcher.start();
  }

  // Batches that came while the last was enqueued go together; on failure they wait for the next.
  private async enqueueWaiting(): Promise<void> {
    const events = this.waiting.splice(0);
    if (events.length === 0) return;
    try {
      await this.registry.sync();
      this.enqueueFeed(events);
    } catch (err) {
      this.waiting.unshift(...events);
      this.log.error(`webhook deliveries not enqueued yet: ${(err as Error).message}`);
    }
  }

  // The feed's events after the outbox's position, to the endpoints that want them.
  private enqueueFeed(events: StoredEvent[]): void {
    const feedTo = this.registry.endpoints();
    if (feedTo.length === 0 || events.length === 0) return;
    const floor = this.outbox.position();
    const fresh = events.filter((e) => floor === undefined || e.position > floor);
    if (fresh.length > 0) this.outbox.enqueue(fresh, this.now(), { feedTo });
    // Replicas share the outbox: another may have enqueued this batch first, so the sender
    // (the lease holder) looks now either way instead of at its next idle look.
    this.dispatcher.wake();
  }

  async stop(): Promise<void> {
    this.stopListening?.();
    this.stopListening = null;
    await this.enqueuing;
    await this.dispatcher.stop();
    await this.registry.stop();
  }

  async register(
    url: string,
    kinds: string[],
    createdBy: string,
  ): Promise<{ endpoint: Endpoint; secret: string }> {
    const target = checkTargetUrl(url, this.settings.allowPrivateTargets);
    const unknown = kinds.filter((k) => !KINDS.includes(k));
    if (kinds.length === 0 || unknown.length > 0)
      throw new WebhookError(
        'BAD_USER_INPUT',
        `kinds must be event types or notices (${KINDS.join(', ')}); unknown: ${unknown.join(', ') || 'none given'}`,
      );
    // The first endpoint starts the outbox at the ledger's present: earlier events are replayed
    // on request only.
    await this.registry.sync();
    if (this.registry.endpoints().length === 0)
      this.outbox.enqueue([], this.now(), { startAt: this.readModel.checkpoint('matches') ?? 0n });
    const endpoint: Endpoint = {
      id: randomUUID(),
      url: target.toString(),
      kinds: [...new Set(kinds)],
      secret: newSecret(),
      createdBy,
      createdAt: new Date(this.now()).toISOString(),
    };
    await this.registry.add(endpoint);
    return { endpoint, secret: endpoint.secret };
  }

  // Notices to the endpoints that asked for their kind, each once per endpoint (its id is fixed).
  async announce(notices: readonly StoredEvent[]): Promise<number> {
    if (notices.length === 0) return 0;
    await this.registry.sync();
    const endpoints = this.registry.endpoints();
    if (endpoints.length === 0) return 0;
    const count = this.outbox.enqueue(notices, this.now(), { to: endpoints });
    if (count > 0) this.dispatcher.wake();
    return count;
  }

  remove(id: string): Promise<boolean> {
    return this.registry.remove(id, new Date(this.now()).toISOString());
  }

  async endpoints(): Promise<Endpoint[]> {
    await this.registry.sync();
    return this.registry.endpoints();
  }

  deliveries(filter: { endpointId?: string; status?: DeliveryStatus }, limit: number): Delivery[] {
    return this.outbox.deliveries(filter, limit);
  }

  // Sends again every event of the endpoint's kinds after `after` (a ledger position), each
  // under its own delivery id, so a receiver that kept them recognises them.
  async replay(endpointId: string, after: bigint | undefined): Promise<number> {
    await this.registry.sync();
    const endpoint = this.registry.endpoint(endpointId);
    if (!endpoint) throw new WebhookError('NOT_FOUND', `No webhook endpoint ${endpointId}`);
    let count = 0;
    await this.readStore(after, (events) => {
      count += this.outbox.enqueue(events, this.now(), { to: [endpoint], requeue: true });
    });
    this.dispatcher.wake();
    return count;
  }

  private async readStore(after: bigint | undefined, take: (events: StoredEvent[]) => void) {
    let from = after;
    for (;;) {
      const page = await this.store.readAll({ after: from, maxCount: PAGE });
      if (page.length > 0) take(page);
      if (page.length < PAGE) return;
      from = page[page.length - 1].position;
    }
  }
}
