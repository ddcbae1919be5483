import { createHash, randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import {
  decide,
  ENGINE_VERSION,
  evolve,
  type EventMetadata,
  type LedgerEvent,
  type MatchCommand,
  type MatchState,
  type Ruling,
} from '../domain';
import type { Clock } from '../ledger/clock';
import {
  matchStream,
  toAppend,
  toDomain,
  type StoredMetadata,
  toRecorded,
} from '../ledger/envelope';
import { canonicalJson, sealEvents } from '../ledger/hash-chain';
import {
  EventStoreError,
  NO_STREAM,
  WrongExpectedRevisionError,
  type EventStore,
  type StoredEvent,
} from '../ledger/event-store';
import type { MatchProjector } from '../projections/match-projector';
import type { CommandContext } from './command-context';
import {
  IdempotencyKeyReusedError,
  MatchAccessDeniedError,
  MatchNotFoundError,
} from './match-errors';

export interface CommandOutcome {
  matchId: string;
  events: StoredEvent[];
  ruling: Ruling | null;
  // The state right after this command's own events (read-your-writes, whatever the projection lag).
  state: MatchState;
  // The game in progress before the command, which its first events belong to.
  gameBefore: number | null;
}

// Load → decide → append with the revision the decision was made on. A concurrent writer that
// got there first makes the append fail with CONFLICT instead of interleaving.
export class MatchCommandService {
  constructor(
    private readonly store: EventStore,
    private readonly projector: MatchProjector,
    private readonly clock: Clock,
  ) {}

  async schedule(
    command: Extract<MatchCommand, { type: 'ScheduleMatch' }>,
    ctx: CommandContext,
  ): Promise<CommandOutcome> {
    return this.execute(command.matchId, command, ctx, true);
  }

  async handle(
    matchId: string,
    command: MatchCommand,
    ctx: CommandContext,
  ): Promise<CommandOutcome> {
    return this.execute(matchId, command, ctx, false);
  }

  private async execute(
    matchId: string,
    command: MatchCommand,
    ctx: CommandContext,
    creates: boolean,
  ): Promise<CommandOutcome> {
    const stream = matchStream(matchId);
    const history = await this.store.readStream(stream);
    if (!creates && history.length === 0) throw new MatchNotFoundError(matchId);
    // Upcast once: the fold and the history handed to decide use the same events.
    const recorded = history.map(toDomain);
    let state: MatchState | null = null;
    for (const e of recorded) state = evolve(state, e);
    if (state !== null) authorizeAt(state, ctx);
    else if (ctx.access.scope !== 'ANY')
      throw new MatchAccessDeniedError(`Only an admin may create match ${matchId}`);

    // Idempotency: a command id already in this stream is a retry (same payload: the original
    // result, nothing appended) or a mistake (different payload: refused).
    const commandHash = hashCommand(command, ctx);
    const earlier = this.replay(matchId, history, ctx.commandId, commandHash);
    if (earlier) return earlier;

    const head = history.length - 1;
    if (ctx.expectedRevision !== null && ctx.expectedRevision !== head) {
      throw new WrongExpectedRevisionError(stream, ctx.expectedRevision, head);
    }

    const gameBefore = state?.currentGame?.number ?? null;
    const recordedAt = this.clock.now().toISOString();
    // Corrections, appeals and sign-off are decided against the recorded history and the time.
    const decided: LedgerEvent[] = decide(command, state, {
      events: toRecorded(history, recorded),
      now: recordedAt,
    });
    const metadata: EventMetadata & { commandHash: string } = {
      recordedBy: ctx.actor,
      role: ctx.role,
      recordedAt,
      occurredAt: ctx.occurredAt ?? recordedAt,
      origin: ctx.origin,
      commandId: ctx.commandId,
      correlationId: ctx.correlationId,
      causationId: ctx.causationId,
      engineVersion: ENGINE_VERSION,
      ruleProfile:
        state?.ruleProfile ?? (command.type === 'ScheduleMatch' ? command.ruleProfile : null),
      commandHash,
    };
    // Hash-chained onto the head read above; the expected revision below makes that link exact.
    const toStore = sealEvents(stream, history[head] ?? null, toAppend(decided, metadata));
    let result;
    try {
      result = await this.store.append(stream, toStore, head < 0 ? NO_STREAM : head);
    } catch (err) {
      // Event ids derive from the command id: a clash means the id was used in another stream.
      if (err instanceof EventStoreError && err.code === 'DUPLICATE_EVENT_ID')
        throw new IdempotencyKeyReusedError(ctx.commandId, ' in another match');
      throw err;
    }
    for (const e of decided) state = evolve(state, e);
    // Keep the read model close behind; a failure here must not fail a write that has landed,
    // but it is logged: until the next catch-up, queries may not show this write.
    await this.projector
      .catchUp()
      .catch((err: unknown) =>
        new Logger('MatchCommandService').warn(
          `Read model not updated after ${matchId}@${head + decided.length}: ${err instanceof Error ? err.message : String(err)}`,
        ),
      );

    const first = result.nextExpectedRevision - toStore.length + 1;
    const events = await this.store.readStream(stream, {
      fromRevision: first,
      maxCount: toStore.length,
    });
    return { matchId, events, ruling: rulingOf(decided), state: state!, gameBefore };
  }

  // The outcome of an earlier command with this id, rebuilt from the stream as it was then.
  private replay(
    matchId: string,
    history: StoredEvent[],
    commandId: string,
    commandHash: string,
  ): CommandOutcome | null {
    const mine = history.filter((e) => (e.metadata as StoredMetadata).commandId === commandId);
    if (mine.length === 0) return null;
    if (mine.some((e) => (e.metadata as StoredMetadata).commandHash !== commandHash))
      throw new IdempotencyKeyReusedError(commandId, ` at revision ${mine[0].revision}`);
    const first = mine[0].revision;
    const last = mine[mine.length - 1].revision;
    let state: MatchState | null = null;
    let gameBefore: number | null = null;
    for (const e of history.slice(0, last + 1)) {
      if (e.revision === first) gameBefore = state?.currentGame?.number ?? null;
      state = evolve(state, toDomain(e));
    }
    return {
      matchId,
      events: mine,
      ruling: rulingOf(mine.map(toDomain)),
      state: state!,
      gameBefore,
    };
  }

  static newId(): string {
    return randomUUID();
  }
}

function rulingOf(events: LedgerEvent[]): Ruling | null {
  const adjudicated = events.find((e) => e.type === 'ShotAdjudicated');
  return adjudicated && adjudicated.type === 'ShotAdjudicated' ? adjudicated.data.ruling : null;
}

// Scorers and referees write only at the matches they are assigned to; players only at their own.
function authorizeAt(state: MatchState, ctx: CommandContext): void {
  const access = ctx.access;
  if (access.scope === 'ANY') return;
  if (access.scope === 'OWN_MATCH') {
    if (state.players.some((p) => p.id === ctx.actor)) return;
    throw new MatchAccessDeniedError(`${ctx.actor} does not play in match ${state.id}`);
  }
  const officials = state.officials ?? { scorers: [], referees: [] };
  const assigned = access.duty === 'SCORER' ? officials.scorers : officials.referees;
  if (assigned.includes(ctx.actor)) return;
  throw new MatchAccessDeniedError(
    `${ctx.actor} is not assigned as ${access.duty === 'SCORER' ? 'a scorer' : 'a referee'} of match ${state.id}`,
  );
}

// What makes two commands "the same": the command itself, when it happened and who sent it.
// The expected revision is a precondition, not payload, so it is left out.
export function hashCommand(command: MatchCommand, ctx: CommandContext): string {
  return createHash('sha256')
    .update(canonicalJson({ command, occurredAt: ctx.occurredAt, actor: ctx.actor }))
    .digest('hex');
}
