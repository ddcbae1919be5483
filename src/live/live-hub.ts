import type { MatchProjector } from '../projections/match-projector';
import type { ProjectionBatch } from '../projections/projection';
import type { ReadModel } from '../projections/read-model';
import type { BatchMemo, Channel, LiveItem } from '../kernel/live-channel.port';
import { LiveSubscription } from './live-subscription';

interface Entry {
  channel: Channel;
  subscription: LiveSubscription<LiveItem>;
  // Live items at or before it were replayed (or seen by the client before it reconnected).
  floor: bigint;
}

export interface HubStats {
  subscriptions: number;
  queued: number;
  // The deepest any one subscriber's queue has been since the start.
  maxQueued: number;
}

// The projector's checkpoint name for the match views and the audit index.
const VIEWS = 'matches';

// Fans each committed batch of the projector out to the open subscriptions. Fed by
// MatchProjector.onCommitted, so it sees exactly what the read model holds, on any store and on
// every replica (each follows the ledger on its own).
export class LiveHub {
  private readonly entries = new Set<Entry>();
  private stopListening: (() => void) | null = null;
  private maxQueued = 0;

  constructor(
    private readonly projector: MatchProjector,
    private readonly readModel: ReadModel,
    private readonly queueLimit: number,
  ) {}

  start(): void {
    this.stopListening ??= this.projector.onCommitted((batch) => this.deliver(batch));
  }

  stop(): void {
    this.stopListening?.();
    this.stopListening = null;
  }

  // Opens a subscription resuming after `after`. Synchronous on purpose: the read model's
  // checkpoint (the live edge) is read and the subscriber registered in the same tick, and a
  // batch is committed and announced in one tick too, so every event up to the edge comes from the
  // replay and every later one from the live path: no gap, no duplicate.
  open(
    channel: Channel,
    after: bigint | undefined,
    drop: (reason: string) => void,
  ): LiveSubscription<LiveItem> {
    const edge = this.readModel.checkpoint(VIEWS) ?? -1n;
    // A client that saw more than this replica has projected yet skips what it already has.
    const floor = after !== undefined && after > edge ? after : edge;
    const replay = after !== undefined && after < edge ? channel.replay(after, edge) : null;
    const entry = { channel, floor } as Entry;
    entry.subscription = new LiveSubscription<LiveItem>(replay, this.queueLimit, drop, () =>
      this.entries.delete(entry),
    );
    this.entries.add(entry);
    return entry.subscription;
  }

  stats(): HubStats {
    let queued = 0;
    for (const e of this.entries) queued += e.subscription.depth;
    return { subscriptions: this.entries.size, queued, maxQueued: this.maxQueued };
  }

  private deliver(batch: ProjectionBatch): void {
    const memo: BatchMemo = new Map();
    for (const entry of [...this.entries]) {
      for (const item of entry.channel.take(batch, memo)) {
        if (item.position > entry.floor) entry.subscription.push(item);
      }
      this.maxQueued = Math.max(this.maxQueued, entry.subscription.depth);
    }
  }
}
