import { ENGINE_VERSION, type EventMetadata, type LedgerEvent } from '../domain';
import type { Clock } from '../ledger/clock';
import { recordOf, toAppend } from '../ledger/envelope';
import { EventStoreError, NO_STREAM, WrongExpectedRevisionError } from '../ledger/event-store';
import type { EventStore } from '../ledger/event-store';
import { sameHash, sealEvents } from '../ledger/hash-chain';
import { IdempotencyKeyReusedError } from '../kernel/match-errors';
import { commandHashOf, commandRecords, hashCommand } from './command-hash';
import { loadStream } from './load-stream';
import { StreamCache, type StreamCacheLimits } from './stream-cache';
import type { CommittedBatch, LoadedStream, StreamRecord, StreamType } from './stream-type';
import type { WriteContext } from './write-context';

// Where the origin (client address and agent) of each write is kept, apart from the ledger.
export interface OriginSink {
  record(eventIds: readonly string[], recordedBy: string, origin: string, recordedAt: string): void;
}

// Hands a committed append to the read models (null: something landed that this writer did not
// fold, read the feed). Awaited before the writer answers, so the next query sees the write.
export type Publish<S> = (batch: CommittedBatch<S> | null) => Promise<void>;

export interface Transaction<C, S> {
  id: string;
  command: C;
  ctx: WriteContext;
  // The command as the client sent it (what the retry check hashes), and hashes that older
  // recipes gave the same command.
  sent: unknown;
  alsoSame?: readonly string[];
  // Refusals before anything is decided (a record that must exist, who may write to it).
  admit?(state: S | null): void;
}

export interface Outcome<S> {
  streamId: string;
  // This command's events, as stored and as the domain reads them, each filed under its game.
  events: StreamRecord[];
  // The state right after this command's events (read-your-writes, whatever the projection lag).
  state: S;
}

// The one write path of every stream type (Emmett's command handler, equinox's transact): load
// through the cache, recognise a retry, decide with the pre-reads, evolve each new event once,
// hash-chain them onto the head read, append with that revision (a concurrent writer gets
// CONFLICT), recognise a retried append, and publish the committed batch.
export class StreamRuntime<C extends { type: string }, S> {
  private readonly cache: StreamCache<S>;

  constructor(
    private readonly store: EventStore,
    private readonly clock: Clock,
    private readonly type: StreamType<C, S, unknown>,
    private readonly publish: Publish<S>,
    private readonly origins: OriginSink | null = null,
    limits?: StreamCacheLimits,
  ) {
    this.cache = new StreamCache(store, this.evolve, limits, this.gameOf);
  }

  load(id: string): Promise<LoadedStream<S>> {
    return this.cache.load(this.type.streamId(id));
  }

  async transact(tx: Transaction<C, S>): Promise<Outcome<S>> {
    const streamId = this.type.streamId(tx.id);
    const loaded = await this.cache.load(streamId);
    tx.admit?.(loaded.state);
    const commandHash = hashCommand(tx.sent, tx.ctx);
    const same = sameAs(commandHash, tx.alsoSame);
    const earlier = this.earlier(streamId, loaded, tx.ctx.commandId, same);
    if (earlier) return earlier;
    const head = loaded.revision;
    if (tx.ctx.expectedRevision !== null && tx.ctx.expectedRevision !== head)
      throw new WrongExpectedRevisionError(streamId, tx.ctx.expectedRevision, head);

    const recordedAt = this.clock.now().toISOString();
    const preReads = this.type.preRead(loaded, recordedAt);
    const decided = this.type.decider.decide(tx.command, loaded.state, preReads);
    if (decided.length === 0) return { streamId, events: [], state: loaded.state! };
    // Each new event is evolved once: for the states published and the game it is filed under.
    const states = this.evolveAll(loaded.state, decided);
    const games = decided.map((e, i) => this.gameOf?.(e, states[i]) ?? null);
    const metadata = this.metadata(tx, loaded.state, recordedAt, commandHash);
    // Hash-chained onto the head read above; the expected revision below makes that link exact.
    const headEvent = loaded.records[head]?.stored ?? null;
    const withGames = this.type.gameNumber ? games : undefined;
    const toStore = sealEvents(streamId, headEvent, toAppend(decided, metadata, withGames));
    const appended = await this.append(streamId, toStore, head, tx.ctx.commandId);
    // The store acknowledges a retried append (same event ids at the same revision) with the
    // events of the attempt that landed first, which may not be these: then that is the outcome.
    if (!appended.events.every((e, i) => sameHash(e, toStore[i]))) {
      this.cache.drop(streamId);
      await this.publish(null);
      const landed = await loadStream(this.store, streamId, this.evolve, this.gameOf);
      return this.earlier(streamId, landed, tx.ctx.commandId, same)!;
    }
    const ids = appended.events.map((e) => e.eventId);
    if (tx.ctx.origin) this.origins?.record(ids, tx.ctx.actor, tx.ctx.origin, recordedAt);
    const events = appended.events.map((stored, i) =>
      recordOf(stored, decided[i], games[i], appended.events[i + 1]),
    );
    const state = states[states.length - 1];
    this.cache.written(streamId, loaded, events, state);
    const { previousPosition } = appended;
    await this.publish({
      streamId,
      first: head + 1,
      events: appended.events,
      states,
      previousPosition,
    });
    return { streamId, events, state };
  }

  // The outcome of an earlier command with this id, when the stream holds one: its events and
  // the state right after them; a different command under the same id is refused.
  earlier(
    streamId: string,
    loaded: LoadedStream<S>,
    commandId: string,
    same: (hash: unknown) => boolean,
  ): Outcome<S> | null {
    const mine = commandRecords(loaded, commandId);
    if (mine.length === 0) return null;
    if (mine.some((r) => !same(commandHashOf(r))))
      throw new IdempotencyKeyReusedError(
        commandId,
        ` at revision ${mine[0].revision} of ${streamId}`,
      );
    // Rare (a client's retry): the stream is folded again up to that command's last event.
    const last = mine[mine.length - 1].revision;
    let state: S | null = null;
    for (const r of loaded.records.slice(0, last + 1)) state = this.evolve(state, r.event);
    return { streamId, events: mine, state: state! };
  }

  private async append(
    streamId: string,
    toStore: ReturnType<typeof sealEvents>,
    head: number,
    commandId: string,
  ) {
    try {
      return await this.store.append(streamId, toStore, head < 0 ? NO_STREAM : head);
    } catch (err) {
      // Whoever got there first, the next command reads this stream afresh.
      this.cache.drop(streamId);
      // Event ids derive from the command id: a clash means the id was used in another stream.
      if (err instanceof EventStoreError && err.code === 'DUPLICATE_EVENT_ID')
        throw new IdempotencyKeyReusedError(commandId, ` outside ${streamId}`);
      throw err;
    }
  }

  private metadata(
    tx: Transaction<C, S>,
    state: S | null,
    recordedAt: string,
    commandHash: string,
  ): EventMetadata & { commandHash: string } {
    const { ctx } = tx;
    return {
      recordedBy: ctx.actor,
      role: ctx.role,
      recordedAt,
      occurredAt: ctx.occurredAt ?? recordedAt,
      // Personal data stays out of the hash chain: the client's address and agent go to the
      // erasable origin log instead (events recorded before keep theirs).
      origin: null,
      commandId: ctx.commandId,
      correlationId: ctx.correlationId,
      causationId: ctx.causationId,
      engineVersion: ENGINE_VERSION,
      ruleProfile: this.type.ruleProfile?.(state, tx.command) ?? null,
      commandHash,
    };
  }

  private evolveAll(state: S | null, events: LedgerEvent[]): S[] {
    const states: S[] = [];
    let current = state;
    for (const e of events) states.push((current = this.evolve(current, e)));
    return states;
  }

  private readonly evolve = (s: S | null, e: LedgerEvent): S => this.type.decider.evolve(s, e);

  private get gameOf() {
    return this.type.gameNumber?.bind(this.type);
  }
}

function sameAs(hash: string, also: readonly string[] = []) {
  return (h: unknown) => h === hash || also.includes(h as string);
}
