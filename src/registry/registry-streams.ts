import {
  evolveCompetition,
  evolvePlayer,
  type CompetitionRecord,
  type PlayerRecord,
  type RegistryEvent,
} from '../domain';
import { COMPETITION_STREAM_PREFIX, PLAYER_STREAM_PREFIX, toDomain } from '../ledger/envelope';
import type { EventStore, StoredEvent } from '../ledger/event-store';

export const playerStream = (licenceId: string): string => `${PLAYER_STREAM_PREFIX}${licenceId}`;
export const competitionStream = (id: string): string => `${COMPETITION_STREAM_PREFIX}${id}`;

export interface LoadedRecord<S> {
  stored: StoredEvent[];
  state: S | null;
}

// The record after these events (a prefix of its stream gives the record as it stood then).
export function fold<S>(
  stored: StoredEvent[],
  evolve: (s: S | null, e: RegistryEvent) => S,
): LoadedRecord<S> {
  let state: S | null = null;
  for (const e of stored) state = evolve(state, toDomain(e) as RegistryEvent);
  return { stored, state };
}

// Read from the ledger itself (not the read model), so a refusal never depends on projection lag.
export class RegistryRecords {
  constructor(private readonly store: EventStore) {}

  async loadPlayer(licenceId: string): Promise<LoadedRecord<PlayerRecord>> {
    return fold(await this.store.readStream(playerStream(licenceId)), evolvePlayer);
  }

  async loadCompetition(id: string): Promise<LoadedRecord<CompetitionRecord>> {
    return fold(await this.store.readStream(competitionStream(id)), evolveCompetition);
  }

  async player(licenceId: string): Promise<PlayerRecord | null> {
    return (await this.loadPlayer(licenceId)).state;
  }

  async competition(id: string): Promise<CompetitionRecord | null> {
    return (await this.loadCompetition(id)).state;
  }
}
