import type { MatchCommand, MatchState, Ruling } from '../../domain';
import type { MatchRecord } from '../../ledger/envelope';
import type { CommandContext } from '../command-context';

export interface CommandOutcome {
  matchId: string;
  // This command's events, as stored and as the domain reads them, each filed under its game.
  events: MatchRecord[];
  ruling: Ruling | null;
  // The state right after this command's own events (read-your-writes, whatever the projection lag).
  state: MatchState;
}

// How a feature writes to a match it does not own (appeals and layouts over GraphQL, the demo
// seeder): the match stream's write path, access checked against the match. Declared here,
// provided by the matches feature (MatchesModule, its MatchCommandService).
export interface MatchCommands {
  // A command to a match that exists (MATCH_NOT_FOUND otherwise).
  handle(matchId: string, command: MatchCommand, ctx: CommandContext): Promise<CommandOutcome>;
  // Creates the match. `sent`: the schedule as the client sent it, before the registry completed
  // it (names, the competition's defaults); the retry check goes by it.
  schedule(
    command: Extract<MatchCommand, { type: 'ScheduleMatch' }>,
    ctx: CommandContext,
    sent?: unknown,
  ): Promise<CommandOutcome>;
}

export const MATCH_COMMANDS = Symbol('MATCH_COMMANDS');
