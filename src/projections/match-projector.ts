import { evolve, gameNumberOf, supersedesOf, type MatchState } from '../domain';
import type { EventStore, FeedSubscription, StoredEvent } from '../ledger/event-store';
import { isLedgerEventType } from '../domain/events/catalogue';
import { applyStored, MATCH_STREAM_PREFIX, toDomain } from '../ledger/envelope';
import { batches } from './batches';
import type { ProjectionBatch } from './projection';
import type { AuditEntry, ReadModel } from './read-model';
import { handedEntries, handedRun, type Written } from './written';

export type { Written } from './written';

const NAME = 'matches';
// A rebuild commits batches of this size too: a batch's events, states and audit entries live
// until its commit, and batches of thousands outlive V8's young generation whole, so a rebuild's
// heap (and RSS) grew by the old generation's growth factor; smaller ones die young, at no cost.
const BATCH = 500;
// A bulk load carries the states it committed last over to the next batches instead of reading
// them back from the views (up to this many matches; any other is read back as usual).
const CARRIED = 256;

export interface ProjectorOptions {
  // Wait before resubscribing after the store dropped the live subscription.
  retryDelayMs?: number;
  onError?: (err: unknown) => void;
  evolve?: typeof evolve;
}

// Follows the global feed from its checkpoint and folds each match stream with the same evolve
// the write side uses, so a rebuilt view equals the live one by construction (and by test).
// catchUp() reads the feed up to its end (start-up, and after each local write); follow() then
// keeps a live subscription open where the store has one (KurrentDB), so writes made by other
// API replicas reach this instance's read model too. Both paths apply batches through one queue,
// and each batch commits with its checkpoint, so a restart resumes exactly where it stopped.
export class MatchProjector {
  private running: Promise<void> = Promise.resolve();
  // The catch-up waiting behind the running one: calls made meanwhile join it, so concurrent
  // writes are projected together, in one read-model transaction.
  private queued: { written: Written[]; read: boolean; done: Promise<void> } | null = null;
  private readonly listeners = new Set<(batch: ProjectionBatch) => void>();
  private follower: { stop: boolean; subscription?: FeedSubscription; done: Promise<void> } | null =
    null;

  constructor(
    private readonly store: EventStore,
    private readonly readModel: ReadModel,
    private readonly options: ProjectorOptions = {},
  ) {}

  // Serialised: concurrent callers wait for the same catch-up instead of projecting twice. A call
  // without a write reads the feed to its end. The committed batches of local writes are applied
  // as handed (their states stand, nothing is folded) when they follow the checkpoint with nothing
  // in between; otherwise the feed is read and folded (another process wrote meanwhile).
  catchUp(written?: Written): Promise<void> {
    const joined = this.queued;
    if (joined) {
      if (written) joined.written.push(written);
      else joined.read = true;
      return joined.done;
    }
    const queued = { written: written ? [written] : [], read: !written, done: Promise.resolve() };
    queued.done = this.serial(() => {
      if (this.queued === queued) this.queued = null;
      return this.drain(queued.written, queued.read);
    });
    this.queued = queued;
    return queued.done;
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

  // Views kept across a restored or replaced store would stand at a checkpoint of another ledger
  // (past its end, or at positions that mean other events) and never catch up: the read model
  // records the ledger's first event and is emptied, to be rebuilt, when the store's differs.
  // Returns whether it was emptied. Called at start-up, before the first catch-up.
  async adoptLedger(): Promise<boolean> {
    const [first] = await this.store.readAll({ maxCount: 1 });
    const identity = first ? `${first.eventId}@${first.position}` : null;
    const known = this.readModel.ledgerIdentity();
    const built = this.readModel.checkpoint(NAME) !== undefined;
    const other = built && (identity === null || (known !== null && known !== identity));
    if (other) await this.serial(() => this.readModel.reset());
    this.readModel.setLedgerIdentity(identity);
    return other;
  }

  // Drops the read model and projects the whole ledger again from position zero.
  async rebuild(): Promise<void> {
    const wasFollowing = this.following;
    await this.stopFollowing();
    await this.adoptLedger();
    await this.serial(() => {
      this.readModel.reset();
      return this.drain();
    });
    if (wasFollowing) this.follow();
  }

  // How many events of the ledger the read model has not applied yet, counted up to `cap`.
  async lag(cap = 10_000): Promise<number> {
    const pending = await this.store.readAll({
      after: this.readModel.checkpoint(NAME),
      maxCount: cap,
    });
    return pending.length;
  }

  // The oldest event the read model has not applied yet; undefined when it is caught up.
  async oldestPending(): Promise<StoredEvent | undefined> {
    const after = this.readModel.checkpoint(NAME);
    return (await this.store.readAll({ after, maxCount: 1 }))[0];
  }

  private serial(work: () => Promise<void> | void): Promise<void> {
    const next = this.running.then(work);
    this.running = next.catch(() => undefined);
    return next;
  }

  // From zero (a rebuild, or views emptied for one) it is a bulk load: the audit index's
  // secondary indexes are built once at the end.
  private async drain(written: Written[] = [], read = true): Promise<void> {
    const handed = read ? null : handedRun(written, this.readModel.checkpoint(NAME) ?? null);
    if (handed)
      return this.commit(handedEntries(handed), handed[handed.length - 1].events.at(-1)!.position);
    const bulk = this.readModel.checkpoint(NAME) === undefined;
    if (bulk) this.readModel.beginBulkLoad();
    const carried = bulk ? new Map<string, MatchState>() : undefined;
    try {
      for (;;) {
        const after = this.readModel.checkpoint(NAME);
        const batch = await this.store.readAll({ after, maxCount: BATCH });
        await this.apply(batch, carried);
        if (batch.length < BATCH) return;
      }
    } finally {
      if (bulk) this.readModel.endBulkLoad();
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
  // whichever path (catch-up read or live subscription) brought it first. Events read from the
  // feed (another process's, a rebuild's) are folded here; a local write's come handed.
  private async apply(events: StoredEvent[], carried?: Map<string, MatchState>): Promise<void> {
    const checkpoint = this.readModel.checkpoint(NAME);
    const fresh = checkpoint === undefined ? events : events.filter((e) => e.position > checkpoint);
    if (fresh.length === 0) return;
    const folded = new Map<string, MatchState>();
    // The audit index is fed from the same batch and commits with the same checkpoint.
    const audit: AuditEntry[] = [];
    for (const stored of fresh) {
      if (!stored.streamId.startsWith(MATCH_STREAM_PREFIX)) {
        const domainEvent = isLedgerEventType(stored.type) ? toDomain(stored) : null;
        audit.push({ event: stored, domainEvent, matchId: null, gameNumber: null, supersedes: [] });
        continue;
      }
      const id = stored.streamId.slice(MATCH_STREAM_PREFIX.length);
      const current = folded.has(id)
        ? folded.get(id)!
        : (carried?.get(id) ?? this.readModel.match(id));
      if (current !== null && stored.revision < current.version) continue;
      const applied = applyStored(current, stored, this.evolve, gameNumberOf);
      folded.set(id, applied.state);
      audit.push({
        event: stored,
        domainEvent: applied.event,
        matchId: id,
        gameNumber: applied.gameNumber,
        supersedes: supersedesOf(applied.event),
        state: applied.state,
      });
    }
    await this.commit(audit, fresh[fresh.length - 1].position);
    if (carried) carry(carried, folded);
  }

  // Commits the entries with the match views they leave (each match's state after its last one).
  private async commit(audit: AuditEntry[], position: bigint): Promise<void> {
    const changed = new Map<string, { state: MatchState; position: bigint }>();
    for (const e of audit)
      if (e.matchId !== null && e.state)
        changed.set(e.matchId, { state: e.state, position: e.event.position });
    const batch = { events: audit, position, matches: stateMap(changed) };
    await this.readModel.prepare(batch, this.store);
    this.readModel.commit(NAME, position, changed.values(), audit);
    this.announce(batch);
  }

  // Registers a listener told of every committed batch, after its commit (live updates): the read
  // model already stands at the batch's position when it runs. Returns the unsubscribe.
  onCommitted(listener: (batch: ProjectionBatch) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // A failing listener is reported and never stops the projector or the other listeners.
  private announce(batch: ProjectionBatch): void {
    for (const listener of this.listeners) {
      try {
        listener(batch);
      } catch (err) {
        this.options.onError?.(err);
      }
    }
  }

  private get evolve() {
    return this.options.evolve ?? evolve;
  }
}

// The batch's states, most recent last (a Map iterates in insertion order): the oldest go.
function carry(carried: Map<string, MatchState>, folded: Map<string, MatchState>): void {
  for (const [id, state] of folded) {
    carried.delete(id);
    carried.set(id, state);
  }
  for (const id of carried.keys()) {
    if (carried.size <= CARRIED) break;
    carried.delete(id);
  }
}

function stateMap(changed: Map<string, { state: MatchState }>): Map<string, MatchState> {
  const states = new Map<string, MatchState>();
  for (const [id, { state }] of changed) states.set(id, state);
  return states;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
