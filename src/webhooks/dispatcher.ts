import { post, type SendResult } from './sender';
import type { Delivery, Endpoint, WebhookOutbox } from './outbox';
import type { EndpointRegistry } from './registry';
import { HEADERS, signature } from './signature';

export interface DispatchSettings {
  maxAttempts: number;
  timeoutMs: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  allowPrivateTargets: boolean;
}

const BATCH = 10;
// Sleep at most this long between looks at the outbox (a delivery enqueued elsewhere is seen).
const IDLE_MS = 30_000;
// How often a replica without the background lease looks whether it has it now.
const LEASE_LOOK_MS = 1_000;

// Exponential: base, 2×base, 4×base, … capped.
export const backoff = (attempt: number, s: DispatchSettings): number =>
  Math.min(s.backoffMaxMs, s.backoffBaseMs * 2 ** (attempt - 1));

// Sends what the outbox holds when it is due, a few at a time; every attempt and its outcome is
// recorded before the next look, so a restart resumes with the same schedule.
const READ = () => true;
const NOT_READ = () => false;

export class WebhookDispatcher {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;

  constructor(
    private readonly outbox: WebhookOutbox,
    private readonly registry: EndpointRegistry,
    private readonly settings: DispatchSettings,
    private readonly now: () => number = Date.now,
    // Replicas sharing the outbox send one at a time: only the holder of the background lease.
    private readonly mayRun: () => boolean = () => true,
  ) {}

  start(): void {
    this.stopped = false;
    this.wake();
  }

  // Looks at the outbox now (after an enqueue), or when the next delivery is due.
  wake(delayMs = 0): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), Math.max(0, delayMs));
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private async tick(): Promise<void> {
    if (this.running || this.stopped) return;
    if (!this.mayRun()) return this.wake(LEASE_LOOK_MS);
    this.running = (async () => {
      // An endpoint registered on another replica is known before its deliveries are sent; with
      // the ledger unreachable nothing is sent until the next look.
      const synced = await this.registry.sync().then(READ, NOT_READ);
      if (!synced) return;
      for (;;) {
        const due = this.outbox.due(this.now(), BATCH);
        if (due.length === 0 || this.stopped) break;
        await Promise.all(due.map((d) => this.attempt(d)));
      }
    })();
    try {
      await this.running;
    } finally {
      this.running = null;
    }
    const next = this.outbox.nextDue();
    this.wake(next === undefined ? IDLE_MS : Math.min(IDLE_MS, next - this.now()));
  }

  private async attempt(d: Delivery): Promise<void> {
    const endpoint = this.registry.endpoint(d.endpointId);
    const at = () => new Date(this.now()).toISOString();
    if (!endpoint && this.registry.knows(d.endpointId)) {
      const error = 'endpoint removed';
      this.outbox.recordAttempt(d.id, { status: 'FAILED', code: null, error, next: 0, at: at() });
      return;
    }
    const timestamp = Math.floor(this.now() / 1000);
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'cue-ledger-webhooks',
      [HEADERS.id]: d.id,
      [HEADERS.timestamp]: String(timestamp),
      [HEADERS.kind]: d.kind,
      [HEADERS.signature]: `v1=${signature(endpoint?.secret ?? '', timestamp, d.body)}`,
    };
    const result: SendResult = await this.send(endpoint, headers, d.body);
    const attempts = d.attempts + 1;
    const delivered = result.error === null;
    const status = delivered
      ? 'DELIVERED'
      : attempts >= this.settings.maxAttempts
        ? 'FAILED'
        : 'PENDING';
    this.outbox.recordAttempt(d.id, {
      status,
      code: result.status,
      error: result.error,
      next: this.now() + (status === 'PENDING' ? backoff(attempts, this.settings) : 0),
      at: at(),
    });
  }

  // Not sent, a failed try: an endpoint not read yet (the ledger unreachable), or a secret no
  // configured key opens (registration-stream.ts); never unsigned.
  private async send(
    endpoint: Endpoint | null,
    headers: Record<string, string>,
    body: string,
  ): Promise<SendResult> {
    if (!endpoint) return { status: null, error: 'endpoint not read from the ledger yet' };
    if (!endpoint.secret)
      return { status: null, error: 'signing secret sealed with a key this replica lacks' };
    return post(endpoint.url, headers, body, {
      timeoutMs: this.settings.timeoutMs,
      allowPrivate: this.settings.allowPrivateTargets,
    });
  }
}
