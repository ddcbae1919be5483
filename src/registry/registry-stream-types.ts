import {
  decideCompetition,
  decidePlayer,
  evolveCompetition,
  evolvePlayer,
  type CompetitionCommand,
  type CompetitionRecord,
  type PlayerCommand,
  type PlayerRecord,
  type RegistryEvent,
} from '../domain';
import type { StreamType } from '../streams/stream-type';
import { competitionStream, playerStream } from './registry-streams';

// The registry's two stream types as the runtime writes them: decided on the record alone.
export const playerStreamType: StreamType<PlayerCommand, PlayerRecord, null> = {
  kind: 'player',
  streamId: playerStream,
  decider: {
    decide: (command, state) => decidePlayer(command, state),
    evolve: (state, event) => evolvePlayer(state, event as RegistryEvent),
  },
  preRead: () => null,
};

export const competitionStreamType: StreamType<CompetitionCommand, CompetitionRecord, null> = {
  kind: 'competition',
  streamId: competitionStream,
  decider: {
    decide: (command, state) => decideCompetition(command, state),
    evolve: (state, event) => evolveCompetition(state, event as RegistryEvent),
  },
  preRead: () => null,
};
