import { evolve, type MatchState } from '../domain';
import type { EventStore, FeedSubscription, StoredEvent } from '../ledger/event-store';
import { MATCH_STREAM_PREFIX, toDomain } from '../ledger/envelope';
import { batches } from './batches';
import type { AuditRow, ReadModel } from './read-model';

const NAME = 'matches';
const BATCH = 500;

export interface ProjectorOptions {
  // Wait before resubscribing after the store dropped the live subscription.
  retryDelayMs?: number;
  onError?: (err: unknown) => void;
}

// Follows the global feed from its checkpoint and folds each match stream with the same evolve
// the write side uses, so a rebuilt view equals the live one by construction (and by test).
// catchUp() reads the feed up to its end (start-up, and after each local write); follow() then
// keeps a live subscription open where the store has one (KurrentDB), so writes made by other
// API replicas reach this instance's read model too. Both paths apply batches through one queue,
// and each batch commits with its checkpoint, so a restart resumes exactly where it stopped.
export class MatchProjector {
  private running: Promise<void> = Promise.resolve();
  private follower: { stop: boolean; subscription?: FeedSubscription; done: Promise<void> } | null =
    null;

  constructor(
    private readonly store: EventStore,
    private readonly readModel: ReadModel,
    private readonly options: ProjectorOptions = {},
  ) {}

  // Serialised: concurrent callers wait for the same catch-up instead of projecting twice.
  catchUp(): Promise<void> {
    return this.serial(() => this.drain());
  }

  // True once follow() has a live tail open (or is retrying one).
  get following(): boolean {
    return this.follower !== null;
  }

  // Starts the live tail from the checkpoint; a no-op for stores without subscriptions.
  follow(): void {
    if (this.follower || !this.store.subscribeAll) return;
    const follower: NonNullable<MatchProjector['follower']> = {
      stop: false,
      done: Promise.resolve(),
    };
    follower.done = this.tail(follower);
    this.follower = follower;
  }

  async stopFollowing(): Promise<void> {
    const follower = this.follower;
    if (!follower) return;
    this.follower = null;
    follower.stop = true;
    await follower.subscription?.close().catch(() => undefined);
    await follower.done;
  }

  // Drops the read model and projects the whole ledger again from position zero.
  async rebuild(): Promise<void> {
    const wasFollowing = this.following;
    await this.stopFollowing();
    await this.serial(() => {
      this.readModel.reset(NAME);
      return this.drain();
    });
    if (wasFollowing) this.follow();
  }

  private serial(work: () => Promise<void> | void): Promise<void> {
    const next = this.running.then(work);
    this.running = next.catch(() => undefined);
    return next;
  }

  private async drain(): Promise<void> {
    for (;;) {
      const after = this.readModel.checkpoint(NAME);
      const batch = await this.store.readAll({ after, maxCount: BATCH });
      this.apply(batch);
      if (batch.length < BATCH) return;
    }
  }

  private async tail(follower: NonNullable<MatchProjector['follower']>): Promise<void> {
    while (!follower.stop) {
      try {
        const subscription = this.store.subscribeAll!({ after: this.readModel.checkpoint(NAME) });
        follower.subscription = subscription;
        if (follower.stop) await subscription.close();
        for await (const batch of batches(subscription, BATCH)) {
          if (follower.stop) break;
          await this.serial(() => this.apply(batch));
        }
      } catch (err) {
        if (follower.stop) break;
        this.options.onError?.(err);
      }
      if (!follower.stop) await delay(this.options.retryDelayMs ?? 1000);
    }
  }

  // Idempotent under redelivery: anything at or before the checkpoint is already in the views,
  // whichever path (catch-up read or live subscription) brought it first.
  private apply(events: StoredEvent[]): void {
    const checkpoint = this.readModel.checkpoint(NAME);
    const fresh = checkpoint === undefined ? events : events.filter((e) => e.position > checkpoint);
    if (fresh.length === 0) return;
    const changed = new Map<string, { state: MatchState; position: bigint }>();
    // The audit index is fed from the same batch and commits with the same checkpoint.
    const audit: AuditRow[] = [];
    for (const stored of fresh) {
      if (!stored.streamId.startsWith(MATCH_STREAM_PREFIX)) {
        audit.push({ event: stored, matchId: null, gameNumber: null });
        continue;
      }
      const id = stored.streamId.slice(MATCH_STREAM_PREFIX.length);
      const current = changed.get(id)?.state ?? this.readModel.match(id);
      if (current && stored.revision < current.version) continue;
      const next = evolve(current, toDomain(stored));
      changed.set(id, { state: next, position: stored.position });
      const data = stored.data as { gameNumber?: unknown } | null;
      const gameNumber =
        typeof data?.gameNumber === 'number' ? data.gameNumber : (next.currentGame?.number ?? null);
      audit.push({ event: stored, matchId: id, gameNumber });
    }
    this.readModel.commit(NAME, fresh[fresh.length - 1].position, changed.values(), audit);
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
