import {
  decideCompetition,
  decidePlayer,
  evolveCompetition,
  evolvePlayer,
  type CompetitionCommand,
  type CompetitionRecord,
  type LedgerEvent,
  type PlayerCommand,
  type PlayerRecord,
  type RegistryEvent,
} from '../domain';
import type { StreamType } from '../streams/stream-type';
import { competitionStream, playerStream } from './registry-streams';

// A registry record's stream as the runtime writes it: decided on the record alone.
function recordStream<C, S>(
  kind: string,
  streamId: (id: string) => string,
  decide: (command: C, state: S | null) => RegistryEvent[],
  evolve: (state: S | null, event: RegistryEvent) => S,
): StreamType<C, S, null> {
  const evolveAny = (state: S | null, event: LedgerEvent) => evolve(state, event as RegistryEvent);
  return { kind, streamId, decider: { decide, evolve: evolveAny }, preRead: () => null };
}

export const playerStreamType = recordStream<PlayerCommand, PlayerRecord>(
  'player',
  playerStream,
  decidePlayer,
  evolvePlayer,
);

export const competitionStreamType = recordStream<CompetitionCommand, CompetitionRecord>(
  'competition',
  competitionStream,
  decideCompetition,
  evolveCompetition,
);
