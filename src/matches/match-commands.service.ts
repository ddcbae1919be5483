import { randomUUID } from 'node:crypto';
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
import { matchStream, toAppend, toDomain } from '../ledger/envelope';
import {
  NO_STREAM,
  WrongExpectedRevisionError,
  type EventStore,
  type StoredEvent,
} from '../ledger/event-store';
import type { MatchProjector } from '../projections/match-projector';
import type { CommandContext } from './command-context';
import { MatchNotFoundError } from './match-errors';

export interface CommandOutcome {
  matchId: string;
  events: StoredEvent[];
  ruling: Ruling | null;
  // The state right after this command's own events (read-your-writes, whatever the projection lag).
  state: MatchState;
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
    let state: MatchState | null = null;
    for (const e of history) state = evolve(state, toDomain(e));
    const head = history.length - 1;
    if (ctx.expectedRevision !== null && ctx.expectedRevision !== head) {
      throw new WrongExpectedRevisionError(stream, ctx.expectedRevision, head);
    }

    const decided: LedgerEvent[] = decide(command, state);
    const recordedAt = this.clock.now().toISOString();
    const metadata: EventMetadata = {
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
    };
    const toStore = toAppend(decided, metadata);
    const result = await this.store.append(stream, toStore, head < 0 ? NO_STREAM : head);
    for (const e of decided) state = evolve(state, e);
    // Keep the read model close behind; a failure here must not fail a write that has landed.
    await this.projector.catchUp().catch(() => undefined);

    const first = result.nextExpectedRevision - toStore.length + 1;
    const events = await this.store.readStream(stream, {
      fromRevision: first,
      maxCount: toStore.length,
    });
    const adjudicated = decided.find((e) => e.type === 'ShotAdjudicated');
    return {
      matchId,
      events,
      ruling:
        adjudicated && adjudicated.type === 'ShotAdjudicated' ? adjudicated.data.ruling : null,
      state: state!,
    };
  }

  static newId(): string {
    return randomUUID();
  }
}
