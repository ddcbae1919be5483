import { createHash, randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import {
  ENGINE_VERSION,
  gameNumberOf,
  matchDecider,
  type EventMetadata,
  type LedgerEvent,
  type MatchCommand,
  type MatchState,
  type Ruling,
  canonicalJson,
} from '../domain';
import type { Clock } from '../ledger/clock';
import {
  matchStream,
  recordOf,
  toAppend,
  type MatchRecord,
  type StoredMetadata,
} from '../ledger/envelope';
import { sameHash, sealEvents } from '../ledger/hash-chain';
import {
  EventStoreError,
  NO_STREAM,
  WrongExpectedRevisionError,
  type EventStore,
} from '../ledger/event-store';
import type { MatchProjector, Written } from '../projections/match-projector';
import type { CommandContext } from './command-context';
import {
  IdempotencyKeyReusedError,
  MatchAccessDeniedError,
  MatchNotFoundError,
} from './match-errors';
import { loadMatch, type LoadedMatch } from './match-stream';
import { StreamCache } from './stream-cache';

export interface CommandOutcome {
  matchId: string;
  // This command's events, as stored and as the domain reads them, each filed under its game.
  events: MatchRecord[];
  ruling: Ruling | null;
  // The state right after this command's own events (read-your-writes, whatever the projection lag).
  state: MatchState;
}

// Emmett-style command handling: load the stream once (convert and fold each event once), decide,
// append with the revision the decision was made on, evolve each new event once. A concurrent
// writer that got there first makes the append fail with CONFLICT instead of interleaving.
// Where the origin (client address and agent) of each write is kept, apart from the ledger.
export interface OriginSink {
  record(eventIds: readonly string[], recordedBy: string, origin: string, recordedAt: string): void;
}

export class MatchCommandService {
  private readonly streams: StreamCache;

  constructor(
    private readonly store: EventStore,
    private readonly projector: MatchProjector,
    private readonly clock: Clock,
    private readonly decider = matchDecider,
    private readonly origins: OriginSink | null = null,
  ) {
    this.streams = new StreamCache(store, this.evolve);
  }

  // `sent`: the schedule as the client sent it, before the registry completed it (names,
  // the competition's defaults); the retry check goes by it.
  async schedule(
    command: Extract<MatchCommand, { type: 'ScheduleMatch' }>,
    ctx: CommandContext,
    sent: unknown = command,
  ): Promise<CommandOutcome> {
    return this.execute(command.matchId, command, ctx, true, sent);
  }

  // A retried schedule, answered before the registry completes the draft again: the registry may
  // have changed since and would complete it differently, or refuse it. Null when this command id
  // is not in the match as this draft (the schedule then goes the whole way, which also recognises
  // a schedule recorded under the older hash, or refuses a different one).
  async retriedSchedule(
    matchId: string,
    ctx: CommandContext,
    sent: unknown,
  ): Promise<CommandOutcome | null> {
    const loaded = await this.streams.load(matchId);
    if (loaded.state === null) return null;
    authorizeAt(loaded.state, ctx);
    const commandHash = hashCommand(sent, ctx);
    const mine = commandRecords(loaded, ctx.commandId);
    if (mine.some((r) => (r.stored.metadata as StoredMetadata).commandHash !== commandHash))
      return null;
    return this.earlierOutcome(matchId, loaded, ctx.commandId, (h) => h === commandHash);
  }

  async handle(
    matchId: string,
    command: MatchCommand,
    ctx: CommandContext,
  ): Promise<CommandOutcome> {
    return this.execute(matchId, command, ctx, false, sentPart(command));
  }

  private async execute(
    matchId: string,
    command: MatchCommand,
    ctx: CommandContext,
    creates: boolean,
    sent: unknown,
  ): Promise<CommandOutcome> {
    const loaded = await this.streams.load(matchId);
    if (loaded.state !== null) authorizeAt(loaded.state, ctx);
    else if (!creates) throw new MatchNotFoundError(matchId);
    else if (ctx.access.scope !== 'ANY')
      throw new MatchAccessDeniedError(`Only an admin may create match ${matchId}`);

    // Idempotency: a command id already in this stream is a retry (same payload: the original
    // result, nothing appended) or a mistake (different payload: refused).
    const commandHash = hashCommand(sent, ctx);
    // Commands recorded before the hash left out what the server completed carry the hash of the
    // whole command: a retry of one of those is still recognised.
    const sameCommand = (hash: unknown) =>
      hash === commandHash || (sent !== command && hash === hashCommand(command, ctx));
    const earlier = this.earlierOutcome(matchId, loaded, ctx.commandId, sameCommand);
    if (earlier) return earlier;

    const head = loaded.revision;
    if (ctx.expectedRevision !== null && ctx.expectedRevision !== head) {
      throw new WrongExpectedRevisionError(matchStream(matchId), ctx.expectedRevision, head);
    }

    const recordedAt = this.clock.now().toISOString();
    // Corrections, appeals and sign-off are decided against the recorded history and the time.
    const decided = this.decider.decide(command, loaded.state, {
      events: loaded.records,
      now: recordedAt,
    });
    // Each new event is evolved once: for the outcome's state and the game it is filed under.
    let state = loaded.state;
    const games = decided.map((event) => {
      state = this.evolve(state, event);
      return gameNumberOf(event, state);
    });
    const metadata: EventMetadata & { commandHash: string } = {
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
      ruleProfile:
        loaded.state?.ruleProfile ??
        (command.type === 'ScheduleMatch' ? command.ruleProfile : null),
      commandHash,
    };
    // Hash-chained onto the head read above; the expected revision below makes that link exact.
    const stream = matchStream(matchId);
    const headEvent = loaded.records[head]?.stored ?? null;
    const toStore = sealEvents(stream, headEvent, toAppend(decided, metadata, games));
    let appended;
    try {
      appended = await this.store.append(stream, toStore, head < 0 ? NO_STREAM : head);
    } catch (err) {
      // Whoever got there first, the next command reads this stream afresh.
      this.streams.drop(matchId);
      // Event ids derive from the command id: a clash means the id was used in another stream.
      if (err instanceof EventStoreError && err.code === 'DUPLICATE_EVENT_ID')
        throw new IdempotencyKeyReusedError(ctx.commandId, ' in another match');
      throw err;
    }
    // The store acknowledges a retried append (same event ids at the same revision) with the
    // events of the attempt that landed first, which may not be these: then that is the outcome.
    if (!appended.events.every((e, i) => sameHash(e, toStore[i]))) {
      this.streams.drop(matchId);
      await this.catchUp(matchId);
      const landed = await loadMatch(this.store, matchId, { evolve: this.evolve });
      return this.earlierOutcome(matchId, landed, ctx.commandId, sameCommand)!;
    }
    if (ctx.origin)
      this.origins?.record(
        appended.events.map((e) => e.eventId),
        ctx.actor,
        ctx.origin,
        recordedAt,
      );
    const after = state!;
    const events = appended.events.map((stored, i) =>
      recordOf(stored, decided[i], games[i], appended.events[i + 1]),
    );
    this.streams.written(matchId, loaded, events, after);
    // The read model is handed the state already folded here.
    await this.catchUp(matchId, {
      streamId: stream,
      first: head + 1,
      state: after,
      events: appended.events,
      previousPosition: appended.previousPosition,
    });
    return { matchId, events, ruling: rulingOf(decided), state: after };
  }

  // Keeps the read model close behind. A failure must not fail a write that has landed, but it is
  // logged: until the next catch-up, queries may not show this write.
  private catchUp(matchId: string, written?: Written): Promise<void> {
    return this.projector
      .catchUp(written)
      .catch((err: unknown) =>
        new Logger('MatchCommandService').warn(
          `Read model not updated after a write to ${matchId}: ${err instanceof Error ? err.message : String(err)}`,
        ),
      );
  }

  // The outcome of an earlier command with this id: its events and the state right after them.
  private earlierOutcome(
    matchId: string,
    loaded: LoadedMatch,
    commandId: string,
    sameCommand: (commandHash: unknown) => boolean,
  ): CommandOutcome | null {
    const mine = commandRecords(loaded, commandId);
    if (mine.length === 0) return null;
    if (mine.some((r) => !sameCommand((r.stored.metadata as StoredMetadata).commandHash)))
      throw new IdempotencyKeyReusedError(commandId, ` at revision ${mine[0].revision}`);
    // Rare (a client's retry): the stream is folded again up to that command's last event.
    const last = mine[mine.length - 1].revision;
    let state: MatchState | null = null;
    for (const r of loaded.records.slice(0, last + 1)) state = this.evolve(state, r.event);
    return { matchId, events: mine, ruling: rulingOf(mine.map((r) => r.event)), state: state! };
  }

  // Events always evolve a state into a state; only the decider's initial state is null.
  private readonly evolve = (s: MatchState | null, e: LedgerEvent): MatchState =>
    this.decider.evolve(s, e)!;

  static newId(): string {
    return randomUUID();
  }
}

// The events of one command: contiguous in its stream (a command is appended at once).
function commandRecords(loaded: LoadedMatch, commandId: string): MatchRecord[] {
  const idOf = (r: MatchRecord) => (r.stored.metadata as StoredMetadata).commandId;
  if (!loaded.commands) return loaded.records.filter((r) => idOf(r) === commandId);
  const first = loaded.commands.get(commandId);
  if (first === undefined || first > loaded.revision) return [];
  const mine: MatchRecord[] = [];
  for (let i = first; i < loaded.records.length && idOf(loaded.records[i]) === commandId; i++)
    mine.push(loaded.records[i]);
  return mine;
}

function rulingOf(events: LedgerEvent[]): Ruling | null {
  const adjudicated = events.find((e) => e.type === 'ShotAdjudicated');
  return adjudicated && adjudicated.type === 'ShotAdjudicated' ? adjudicated.data.ruling : null;
}

// Scorers and referees write only at the matches they are assigned to; players only at their own.
function authorizeAt(state: MatchState, ctx: CommandContext): void {
  const access = ctx.access;
  if (access.scope === 'ANY') return;
  if (access.scope === 'BOUND') {
    if (state.id === access.matchId) return;
    throw new MatchAccessDeniedError(`This device is not enrolled for match ${state.id}`);
  }
  if (access.scope === 'OWN_MATCH') {
    if (state.players.some((p) => p.id === ctx.actor)) return;
    throw new MatchAccessDeniedError(`${ctx.actor} does not play in match ${state.id}`);
  }
  const { scorers, referees } = state.officials;
  const assigned = access.duty === 'SCORER' ? scorers : referees;
  if (assigned.includes(ctx.actor)) return;
  throw new MatchAccessDeniedError(
    `${ctx.actor} is not assigned as ${access.duty === 'SCORER' ? 'a scorer' : 'a referee'} of match ${state.id}`,
  );
}

// The command as the client sent it: without what the write path read to complete it (the
// competition's appeal policy and committee), which may change between a command and its retry.
// Left undefined, those fields are left out of the hash as if never there.
export function sentPart(command: MatchCommand): unknown {
  if (command.type === 'FileAppeal') return { ...command, policy: undefined };
  if (command.type === 'DecideAppeal' || command.type === 'AttachAppealEvidence')
    return { ...command, committee: undefined };
  return command;
}

// What makes two commands "the same": what the client sent, when it happened and who sent it.
// The expected revision is a precondition, not payload, so it is left out.
export function hashCommand(command: unknown, ctx: CommandContext): string {
  return createHash('sha256')
    .update(canonicalJson({ command, occurredAt: ctx.occurredAt, actor: ctx.actor }))
    .digest('hex');
}
