import { Logger } from '@nestjs/common';
import { eventIdFor } from '../ledger/envelope';
import { ANY, EventStoreError, type EventStore, type StoredEvent } from '../ledger/event-store';
import { CONTROL_STREAM_PREFIX } from '../ledger/lease';
import type { Endpoint, WebhookOutbox } from './outbox';
import type { EndpointRegistry } from './registry';
import type { SealedSecret, SecretBox } from './secret-box';

export const WEBHOOK_STREAM = `${CONTROL_STREAM_PREFIX}webhooks`;
export const REGISTERED = 'WebhookEndpointRegistered';
export const REMOVED = 'WebhookEndpointRemoved';
export const RESEALED = 'WebhookSecretResealed';

type Registered = Omit<Endpoint, 'secret' | 'after'> & {
  secret: SealedSecret;
  // Carried over from the outbox file: the events after the file's position are its own, not
  // those after the registration event (null: the file had enqueued nothing yet).
  carriedAfter?: string | null;
};

// Webhook endpoints kept in the ledger, so every replica knows one registered anywhere: a
// registration, a removal and a secret sealed again under a new key are events of one control
// stream (ids derived from the endpoint, so a retry or a second migration adds nothing). The
// signing secret is stored sealed (secret-box.ts), never in clear. Each replica reads what the
// stream gained before it enqueues the feed's events, before it sends, and before it answers
// about endpoints, so it never acts on an older registry than the ledger's. An endpoint gets the
// events after its registration's position.
export class LedgerRegistry implements EndpointRegistry {
  readonly shared = true;
  private readonly active = new Map<string, Endpoint>();
  private readonly removed = new Set<string>();
  private readonly sealedWith = new Map<string, string>();
  private next = 0;
  private reading: Promise<void> = Promise.resolve();
  private queued: Promise<void> | null = null;
  private readonly log = new Logger('Webhooks');

  constructor(
    private readonly store: EventStore,
    private readonly outbox: WebhookOutbox,
    private readonly box: SecretBox,
  ) {}

  // Reads the stream, carries the outbox file's endpoints into it once, and seals again under
  // the first key every secret another key sealed.
  async start(): Promise<void> {
    try {
      await this.sync();
      await this.carryLegacy();
      await this.reseal();
    } catch (err) {
      // Tried again at the next start; the file keeps what it held meanwhile.
      this.log.warn(`webhook registrations not carried over: ${(err as Error).message}`);
    }
    await this.sync().catch(() => undefined);
  }

  private async carryLegacy(): Promise<void> {
    for (const e of this.outbox.legacyEndpoints()) {
      if (!this.knows(e.id)) {
        const carriedAfter = this.outbox.position()?.toString() ?? null;
        await this.append(REGISTERED, e.id, { ...this.registered(e), carriedAfter });
        if (e.removedAt) await this.append(REMOVED, e.id, { id: e.id, removedAt: e.removedAt });
      }
      this.outbox.forgetSecret(e.id);
    }
  }

  private async reseal(): Promise<void> {
    for (const [id, keyId] of this.sealedWith) {
      const endpoint = this.active.get(id);
      if (keyId === this.box.keyId || !endpoint?.secret) continue;
      const secret = this.box.seal(endpoint.secret, id);
      await this.append(RESEALED, `${id}:${this.box.keyId}`, { id, secret });
    }
  }

  async stop(): Promise<void> {
    await this.reading;
  }

  // Calls while a read is under way share the one queued after it. A failed read rejects its
  // callers (they must not act on an older registry) but not the reads queued after it.
  sync(): Promise<void> {
    if (!this.queued) {
      const next = this.reading.then(() => {
        this.queued = null;
        return this.read();
      });
      this.queued = next;
      this.reading = next.catch(() => undefined);
    }
    return this.queued;
  }

  endpoints(): Endpoint[] {
    return [...this.active.values()].sort(
      (a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id),
    );
  }

  endpoint(id: string): Endpoint | null {
    return this.active.get(id) ?? null;
  }

  async add(endpoint: Endpoint): Promise<void> {
    const position = await this.append(REGISTERED, endpoint.id, this.registered(endpoint));
    // Known here at once (the stream's copy is read again at the next sync).
    this.active.set(endpoint.id, { ...endpoint, after: position ?? undefined });
    this.sealedWith.set(endpoint.id, this.box.keyId);
  }

  async remove(id: string, at: string): Promise<boolean> {
    await this.sync();
    if (!this.active.has(id)) return false;
    // Already removed by another replica: the same event id.
    if ((await this.append(REMOVED, id, { id, removedAt: at })) === null) return false;
    this.active.delete(id);
    this.removed.add(id);
    this.outbox.failPending(id);
    return true;
  }

  knows(id: string): boolean {
    return this.active.has(id) || this.removed.has(id);
  }

  private registered(e: Endpoint): Registered {
    const { id, url, kinds, createdBy, createdAt } = e;
    return { id, url, kinds, createdBy, createdAt, secret: this.box.seal(e.secret, id) };
  }

  // The position the event reached; null when the stream holds it already.
  private async append(type: string, key: string, data: object): Promise<bigint | null> {
    const event = { eventId: eventIdFor(`${type}:${key}`, 0), type, data, metadata: {} };
    try {
      return (await this.store.append(WEBHOOK_STREAM, [event], ANY)).position;
    } catch (err) {
      if (err instanceof EventStoreError && err.code === 'DUPLICATE_EVENT_ID') return null;
      throw err;
    }
  }

  private async read(): Promise<void> {
    try {
      const events = await this.store.readStream(WEBHOOK_STREAM, { fromRevision: this.next });
      for (const e of events) {
        this.apply(e);
        this.next = e.revision + 1;
      }
    } catch (err) {
      this.log.warn(`webhook registrations not read: ${(err as Error).message ?? String(err)}`);
      throw err;
    }
  }

  private apply(e: StoredEvent): void {
    const d = e.data as Partial<Registered>;
    const id = String(d.id);
    if (e.type === REMOVED) {
      this.active.delete(id);
      this.removed.add(id);
      return;
    }
    const secret = d.secret ? this.open(d.secret, id) : '';
    if (e.type === RESEALED) {
      const endpoint = this.active.get(id);
      // A key this replica lacks (a rotation not yet rolled out here) keeps the secret it holds.
      if (endpoint && d.secret && secret) {
        endpoint.secret = secret;
        this.sealedWith.set(id, d.secret.keyId);
      }
    }
    // An id registers once: a later registration under it must not take over its sealed secret.
    if (e.type !== REGISTERED || this.removed.has(id) || this.active.has(id)) return;
    const { url = '', kinds = [], createdBy = '', createdAt = '' } = d;
    const after = 'carriedAfter' in d ? afterOf(d.carriedAfter) : e.position;
    this.active.set(id, { id, url, kinds, createdBy, createdAt, secret, after });
    this.sealedWith.set(id, d.secret?.keyId ?? '');
  }

  // '' when no configured key opens it: deliveries to the endpoint fail with that reason.
  private open(sealed: SealedSecret, id: string): string {
    const secret = this.box.open(sealed, id);
    if (secret === null)
      this.log.error(
        `webhook endpoint ${id}: its signing secret was sealed with key ${sealed.keyId}, which LEDGER_WEBHOOK_SECRET_KEY does not hold`,
      );
    return secret ?? '';
  }
}

function afterOf(carried: string | null | undefined): bigint | undefined {
  return typeof carried === 'string' ? BigInt(carried) : undefined;
}
