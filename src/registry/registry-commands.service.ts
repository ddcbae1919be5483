import { Logger } from '@nestjs/common';
import {
  RECORD_ID,
  RegistryError,
  type CompetitionCommand,
  type CompetitionRecord,
  type PlayerCommand,
  type PlayerRecord,
  type ScheduleMatch,
} from '../domain';
import type { Clock } from '../ledger/clock';
import type { EventStore } from '../ledger/event-store';
import type { MatchProjector } from '../projections/match-projector';
import type { CommandContext } from '../kernel/command-context';
import type { RegistryCommands, ScheduleDraft } from '../kernel/registry/registry-commands.port';
import { registryHashBefore } from '../streams/command-hash';
import { StreamRuntime, type OriginSink } from '../streams/stream-runtime';
import type { CommittedBatch } from '../streams/stream-type';
import { competitionStreamType, playerStreamType } from './registry-stream-types';
import { RegistryRecords } from './registry-streams';
import { resolveSchedule } from './schedule-check';

// The registry's commands through the stream runtime, one stream per player and per competition.
// The kernel's REGISTRY_COMMANDS.
export class RegistryCommandService implements RegistryCommands {
  readonly records: RegistryRecords;
  private readonly players: StreamRuntime<PlayerCommand, PlayerRecord>;
  private readonly competitions: StreamRuntime<CompetitionCommand, CompetitionRecord>;

  constructor(
    store: EventStore,
    private readonly projector: MatchProjector,
    clock: Clock,
    origins: OriginSink | null = null,
  ) {
    this.records = new RegistryRecords(store);
    const publish = (batch: CommittedBatch<unknown> | null) => this.catchUp(batch);
    this.players = new StreamRuntime(store, clock, playerStreamType, publish, origins);
    this.competitions = new StreamRuntime(store, clock, competitionStreamType, publish, origins);
  }

  async player(command: PlayerCommand, ctx: CommandContext): Promise<PlayerRecord> {
    return this.execute(this.players, command.licenceId, command, ctx);
  }

  async competition(command: CompetitionCommand, ctx: CommandContext): Promise<CompetitionRecord> {
    return this.execute(this.competitions, command.competitionId, command, ctx);
  }

  resolveSchedule(draft: ScheduleDraft): Promise<ScheduleMatch> {
    return resolveSchedule(this.records, draft);
  }

  private async execute<C extends { type: string }, S>(
    runtime: StreamRuntime<C, S>,
    id: string,
    command: C,
    ctx: CommandContext,
  ): Promise<S> {
    if (!RECORD_ID.test(id))
      throw new RegistryError('INVALID_RECORD', `${id} is not a valid id`, 'id');
    // Commands recorded before the registry shared the runtime's hash recipe are still
    // recognised when retried.
    const alsoSame = [registryHashBefore(command, ctx)];
    return (await runtime.transact({ id, command, ctx, sent: command, alsoSame })).state;
  }

  // Keeps the read model close behind, handed the committed batch. A failure must not fail a write that has landed, but it is
  // logged: until the next catch-up, queries may not show this write.
  private catchUp(batch: CommittedBatch<unknown> | null): Promise<void> {
    return this.projector
      .catchUp(batch ?? undefined)
      .catch((err: unknown) =>
        new Logger('RegistryCommandService').warn(
          `Read model not updated after a registry write: ${err instanceof Error ? err.message : String(err)}`,
        ),
      );
  }
}
