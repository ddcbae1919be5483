import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import {
  matchDecider,
  type LedgerEvent,
  type MatchCommand,
  type MatchState,
  type Ruling,
} from '../domain';
import type { Clock } from '../ledger/clock';
import type { EventStore } from '../ledger/event-store';
import type { MatchProjector } from '../projections/match-projector';
import { commandHashOf, commandRecords, hashCommand } from '../streams/command-hash';
import { StreamRuntime, type OriginSink, type Outcome } from '../streams/stream-runtime';
import type { CommittedBatch } from '../streams/stream-type';
import type { CommandContext } from '../kernel/command-context';
import { MatchAccessDeniedError, MatchNotFoundError } from '../kernel/match-errors';
import type { CommandOutcome, MatchCommands } from '../kernel/match/match-commands.port';
import { matchStreamType } from './match-stream-type';

export type { OriginSink } from '../streams/stream-runtime';
export type { CommandOutcome } from '../kernel/match/match-commands.port';

// The match stream's commands through the stream runtime: who may write to which match, which
// part of a command a retry must repeat, and the outcome's ruling. The kernel's MATCH_COMMANDS.
export class MatchCommandService implements MatchCommands {
  private readonly runtime: StreamRuntime<MatchCommand, MatchState>;

  constructor(
    store: EventStore,
    private readonly projector: MatchProjector,
    clock: Clock,
    decider = matchDecider,
    origins: OriginSink | null = null,
  ) {
    const publish = (batch: CommittedBatch<MatchState> | null) => this.catchUp(batch);
    this.runtime = new StreamRuntime(store, clock, matchStreamType(decider), publish, origins);
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
    const loaded = await this.runtime.load(matchId);
    if (loaded.state === null) return null;
    authorizeAt(loaded.state, ctx);
    const commandHash = hashCommand(sent, ctx);
    const mine = commandRecords(loaded, ctx.commandId);
    if (mine.some((r) => commandHashOf(r) !== commandHash)) return null;
    const earlier = this.runtime.earlier(
      `match-${matchId}`,
      loaded,
      ctx.commandId,
      (h) => h === commandHash,
    );
    return earlier && outcomeOf(matchId, earlier);
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
    const outcome = await this.runtime.transact({
      id: matchId,
      command,
      ctx,
      sent,
      // Commands recorded before the hash left out what the server completed carry the hash of
      // the whole command: a retry of one of those is still recognised.
      alsoSame: sent !== command ? [hashCommand(command, ctx)] : [],
      admit: (state) => {
        if (state !== null) authorizeAt(state, ctx);
        else if (!creates) throw new MatchNotFoundError(matchId);
        else if (ctx.access.scope !== 'ANY')
          throw new MatchAccessDeniedError(`Only an admin may create match ${matchId}`);
      },
    });
    return outcomeOf(matchId, outcome);
  }

  // Keeps the read model close behind, handed the committed batch and the states the runtime
  // folded. A failure must not fail a write that has landed, but it is logged: until the next
  // catch-up, queries may not show this write.
  private catchUp(batch: CommittedBatch<MatchState> | null): Promise<void> {
    return this.projector
      .catchUp(batch ?? undefined)
      .catch((err: unknown) =>
        new Logger('MatchCommandService').warn(
          `Read model not updated after a write${batch ? ` to ${batch.streamId}` : ''}: ${err instanceof Error ? err.message : String(err)}`,
        ),
      );
  }

  static newId(): string {
    return randomUUID();
  }
}

function outcomeOf(matchId: string, outcome: Outcome<MatchState>): CommandOutcome {
  const { events, state } = outcome;
  return { matchId, events, ruling: rulingOf(events.map((r) => r.event)), state };
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
