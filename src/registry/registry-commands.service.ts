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
import { NO_STREAM, type EventStore } from '../ledger/event-store';
import { sealEvents } from '../ledger/hash-chain';
import type { MatchProjector } from '../projections/match-projector';
import type { CommandContext } from '../matches/command-context';
import { IdempotencyKeyReusedError } from '../matches/match-errors';
import {
  competitionStream,
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
    // A command id already in this stream: a retry (same payload: the record as it stands) or
    // a mistake (refused).
    const earlier = loaded.stored.filter(
      (e) => (e.metadata as StoredMetadata).commandId === ctx.commandId,
    );
    if (earlier.length > 0) {
      if (earlier.some((e) => (e.metadata as StoredMetadata).commandHash !== commandHash))
        throw new IdempotencyKeyReusedError(ctx.commandId, ` in ${stream.id}`);
      return loaded.state!;
    }
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
        origin: ctx.origin,
        commandId: ctx.commandId,
        correlationId: ctx.correlationId,
        causationId: ctx.causationId,
        engineVersion: ENGINE_VERSION,
        ruleProfile: null,
        commandHash,
      }),
    );
    await this.store.append(stream.id, events, head ? head.revision : NO_STREAM);
    const state = decided.reduce<S | null>(stream.evolve, loaded.state)!;
    await this.projector
      .catchUp()
      .catch((err: unknown) =>
        new Logger('RegistryCommandService').warn(
          `Read model not updated after a write to ${stream.id}: ${err instanceof Error ? err.message : String(err)}`,
        ),
      );
    return state;
  }
}
