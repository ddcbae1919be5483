import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import {
  EventStoreError,
  NO_STREAM,
  type EventStore,
  type ExpectedRevision,
  type StoredEvent,
} from './event-store';

// Where the replicas' control records live: outside the ledger's prefixes, so neither the
// audited feed, the read models, exports nor the verifier see them.
export const CONTROL_STREAM_PREFIX = 'cue-control-';
export const leaseStream = (name: string): string => `${CONTROL_STREAM_PREFIX}lease-${name}`;

export interface LeaseRecord {
  holder: string;
  // Epoch ms until which the holder may act without renewing; 0 when released.
  until: number;
}

// Who may run background work (webhook delivery, checkpoint signing, the origin log's
// retention): one replica at a time. `held` is read before each run of the work.
export interface BackgroundLease {
  readonly held: boolean;
  readonly holder: string;
  start(): void;
  stop(): Promise<void>;
}

export const BACKGROUND_LEASE = Symbol('BACKGROUND_LEASE');

// One process owns a SQLite ledger (its lock file): it always holds the lease.
export const soleLease = (holder = 'sole'): BackgroundLease => ({
  held: true,
  holder,
  start: () => undefined,
  stop: () => Promise.resolve(),
});

export interface LeaseOptions {
  ttlMs: number;
  now?: () => number;
  holder?: string;
  onChange?: (held: boolean, record: LeaseRecord | null) => void;
}

// A lease kept in the ledger: every claim, renewal and release is an append with the expected
// revision of the record it read, so two replicas cannot both take it (one gets CONFLICT). The
// holder renews every third of the time to live; a holder that stops releases it, one that
// dies lets it expire. Another replica takes a lease only once it has expired by its own clock,
// so clocks must agree within a fraction of the time to live.
export class LedgerLease implements BackgroundLease {
  readonly holder: string;
  private record: LeaseRecord | null = null;
  private revision: ExpectedRevision = NO_STREAM;
  private heldUntil = 0;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: EventStore,
    private readonly name: string,
    private readonly options: LeaseOptions,
  ) {
    this.holder = options.holder ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  // Held only while unexpired by this replica's clock: a replica cut off from the ledger stops
  // acting once its last renewal runs out, before any other may take over.
  get held(): boolean {
    return this.heldUntil > this.now();
  }

  start(): void {
    if (this.timer) return;
    const tick = () => {
      this.running = this.running.then(() => this.tick());
    };
    tick();
    this.timer = setInterval(tick, Math.max(50, Math.floor(this.options.ttlMs / 3)));
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    if (!this.held) return;
    this.heldUntil = 0;
    // Handed over: the next replica to look takes it at once instead of waiting for expiry.
    await this.write({ holder: this.holder, until: 0 }).catch(() => undefined);
    this.options.onChange?.(false, this.record);
  }

  // Reads the records since the last one seen, then claims or renews when it may.
  async tick(): Promise<void> {
    const was = this.held;
    try {
      await this.refresh();
      const r = this.record;
      const free = r === null || r.until <= this.now() || r.holder === this.holder;
      if (free) await this.write({ holder: this.holder, until: this.now() + this.options.ttlMs });
      else this.heldUntil = 0;
    } catch (err) {
      // Lost a race (CONFLICT) or the ledger is unreachable: not held until the next look.
      if (!(err instanceof EventStoreError)) throw err;
      if (err.code === 'CONFLICT') this.heldUntil = 0;
    }
    if (was !== this.held) this.options.onChange?.(this.held, this.record);
  }

  private async refresh(): Promise<void> {
    const from = typeof this.revision === 'number' ? this.revision + 1 : 0;
    const events = await this.store.readStream(leaseStream(this.name), { fromRevision: from });
    const last: StoredEvent | undefined = events[events.length - 1];
    if (!last) return;
    this.record = last.data as LeaseRecord;
    this.revision = last.revision;
  }

  private async write(record: LeaseRecord): Promise<void> {
    const result = await this.store.append(
      leaseStream(this.name),
      [{ eventId: randomUUID(), type: 'LeaseRecorded', data: record, metadata: {} }],
      this.revision,
    );
    this.record = record;
    this.revision = result.nextExpectedRevision;
    this.heldUntil = record.until;
  }
}
