import type {
  CompetitionCommand,
  CompetitionRecord,
  PlayerCommand,
  PlayerRecord,
  ScheduleMatch,
} from '../../domain';
import type { CommandContext } from '../command-context';

// A schedule as the client sent it: a player may be named by licence id alone (registered), and
// discipline and profile may be left to the competition.
export type ScheduleDraft = Omit<ScheduleMatch, 'players' | 'discipline' | 'ruleProfile'> & {
  players: [{ id: string; name?: string }, { id: string; name?: string }];
  discipline?: ScheduleMatch['discipline'];
  ruleProfile?: ScheduleMatch['ruleProfile'];
};

// The registry's records as the ledger holds them (never the read model, so a refusal never
// depends on projection lag). null: not registered.
export interface RegistryReader {
  player(licenceId: string): Promise<PlayerRecord | null>;
  competition(id: string): Promise<CompetitionRecord | null>;
}

// How a feature registers players and competitions and schedules against them (imports of past
// results, the demo seeder). Declared here, provided by the registry feature (RegistryModule, its
// RegistryCommandService).
export interface RegistryCommands {
  readonly records: RegistryReader;
  player(command: PlayerCommand, ctx: CommandContext): Promise<PlayerRecord>;
  competition(command: CompetitionCommand, ctx: CommandContext): Promise<CompetitionRecord>;
  // The draft completed from the registry (registered names, the competition's defaults), or
  // refused (UNKNOWN_PLAYER, UNKNOWN_COMPETITION, COMPETITION_MISMATCH); nothing is appended.
  resolveSchedule(draft: ScheduleDraft): Promise<ScheduleMatch>;
}

export const REGISTRY_COMMANDS = Symbol('REGISTRY_COMMANDS');
