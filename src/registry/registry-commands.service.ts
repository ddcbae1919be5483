import { createHash } from 'node:crypto';
import { Logger } from '@nestjs/common';
import {
  canonicalJson,
  decideCompetition,
  decidePlayer,
  ENGINE_VERSION,
  evolveCompetition,
  evolvePlayer,
  RECORD_ID,
  RegistryError,
  type CompetitionCommand,
  type CompetitionRecord,
  type PlayerCommand,
  type PlayerRecord,
  type RegistryEvent,
} from '../domain';
import type { Clock } from '../ledger/clock';
import { toAppend, type StoredMetadata } from '../ledger/envelope';
import {
  EventStoreError,
  NO_STREAM,
  type EventStore,
  type StoredEvent,
} from '../ledger/event-store';
import { sameHash, sealEvents } from '../ledger/hash-chain';
import type { MatchProjector } from '../projections/match-projector';
import type { CommandContext } from '../matches/command-context';
import type { OriginSink } from '../matches/match-commands.service';
import { IdempotencyKeyReusedError } from '../matches/match-errors';
import {
  competitionStream,
  fold,
  playerStream,
  RegistryRecords,
  type LoadedRecord,
} from './registry-streams';

interface Stream<C, S> {
  id: string;
  load: () => Promise<LoadedRecord<S>>;
  decide: (c: C, s: S | null) => RegistryEvent[];
  evolve: (s: S | null, e: RegistryEvent) => S;
}

// The registry's write path, as the match one: load the record's stream, decide, hash-chain the
// new events onto its head and append them with the revision read (a concurrent edit: CONFLICT).
export class RegistryCommandService {
  readonly records: RegistryRecords;

  constructor(
    private readonly store: EventStore,
    private readonly projector: MatchProjector,
    private readonly clock: Clock,
    private readonly origins: OriginSink | null = null,
  ) {
    this.records = new RegistryRecords(store);
  }

  player(command: PlayerCommand, ctx: CommandContext): Promise<PlayerRecord> {
    const id = command.licenceId;
    return this.execute(command, ctx, {
      id: playerStream(id),
      load: () => this.records.loadPlayer(id),
      decide: decidePlayer,
      evolve: evolvePlayer,
    });
  }

  competition(command: CompetitionCommand, ctx: CommandContext): Promise<CompetitionRecord> {
    const id = command.competitionId;
    return this.execute(command, ctx, {
      id: competitionStream(id),
      load: () => this.records.loadCompetition(id),
      decide: decideCompetition,
      evolve: evolveCompetition,
    });
  }

  private async execute<C extends { type: string }, S>(
    command: C,
    ctx: CommandContext,
    stream: Stream<C, S>,
  ): Promise<S> {
    const idOf = stream.id.slice(stream.id.indexOf('-') + 1);
    if (!RECORD_ID.test(idOf))
      throw new RegistryError('INVALID_RECORD', `${idOf} is not a valid id`, 'id');
    const loaded = await stream.load();
    const commandHash = createHash('sha256')
      .update(canonicalJson({ command, actor: ctx.actor }))
      .digest('hex');
    // Idempotency: a command id already in this stream is a retry (same payload: the original
    // result, nothing appended) or a mistake (different payload: refused).
    const earlier = earlierResult(loaded.stored, ctx.commandId, commandHash, stream);
    if (earlier !== null) return earlier;
    const decided = stream.decide(command, loaded.state);
    if (decided.length === 0) return loaded.state!;
    const recordedAt = this.clock.now().toISOString();
    const head = loaded.stored.at(-1) ?? null;
    const events = sealEvents(
      stream.id,
      head,
      toAppend(decided, {
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
        ruleProfile: null,
        commandHash,
      }),
    );
    let appended;
    try {
      appended = await this.store.append(stream.id, events, head ? head.revision : NO_STREAM);
    } catch (err) {
      // Event ids derive from the command id: a clash means the id was used in another stream.
      if (err instanceof EventStoreError && err.code === 'DUPLICATE_EVENT_ID')
        throw new IdempotencyKeyReusedError(ctx.commandId, ` outside ${stream.id}`);
      throw err;
    }
    // The store acknowledges a retried append (same event ids at the same revision) with the
    // events of the attempt that landed first, which may not be these: then that is the result.
    if (!appended.events.every((e, i) => sameHash(e, events[i]))) {
      await this.catchUp(stream.id);
      const landed = await stream.load();
      return earlierResult(landed.stored, ctx.commandId, commandHash, stream)!;
    }
    if (ctx.origin)
      this.origins?.record(
        appended.events.map((e) => e.eventId),
        ctx.actor,
        ctx.origin,
        recordedAt,
      );
    const state = decided.reduce<S | null>(stream.evolve, loaded.state)!;
    await this.catchUp(stream.id);
    return state;
  }

  // Keeps the read model close behind. A failure must not fail a write that has landed, but it is
  // logged: until the next catch-up, queries may not show this write.
  private catchUp(streamId: string): Promise<void> {
    return this.projector
      .catchUp()
      .catch((err: unknown) =>
        new Logger('RegistryCommandService').warn(
          `Read model not updated after a write to ${streamId}: ${err instanceof Error ? err.message : String(err)}`,
        ),
      );
  }
}

// The result of an earlier command with this id: the record right after its events, whatever was
// written since. Null when the stream holds no such command.
function earlierResult<C, S>(
  stored: StoredEvent[],
  commandId: string,
  commandHash: string,
  stream: Stream<C, S>,
): S | null {
  const mine = stored.filter((e) => (e.metadata as StoredMetadata).commandId === commandId);
  if (mine.length === 0) return null;
  if (mine.some((e) => (e.metadata as StoredMetadata).commandHash !== commandHash))
    throw new IdempotencyKeyReusedError(commandId, ` in ${stream.id}`);
  // A command's events are appended at once: the record as it stood after the last of them.
  return fold(stored.slice(0, stored.indexOf(mine[mine.length - 1]) + 1), stream.evolve).state;
}
