import { supersededRevisions, type MatchState } from '../domain';
import { matchStream, toDomain, toRecorded } from '../ledger/envelope';
import type { EventStore, StoredEvent } from '../ledger/event-store';
import type { ReadModel } from '../projections/read-model';
import { GameNotFoundError, MatchNotFoundError } from './match-errors';

export interface HistoryEntry {
  event: StoredEvent;
  // The game the event belongs to (null before the first rack).
  gameNumber: number | null;
  // The correction or appeal decision that superseded it (issue 4), if any.
  supersededBy: number | null;
}

export class MatchQueryService {
  constructor(
    private readonly store: EventStore,
    private readonly readModel: ReadModel,
  ) {}

  match(matchId: string): MatchState {
    const state = this.readModel.match(matchId);
    if (!state) throw new MatchNotFoundError(matchId);
    return state;
  }

  matches(limit: number, offset: number): MatchState[] {
    return this.readModel.matches(limit, offset);
  }

  // The recorded history of a match (or one of its games), each event with its metadata.
  async history(matchId: string, gameNumber: number | null): Promise<HistoryEntry[]> {
    const events = await this.store.readStream(matchStream(matchId));
    if (events.length === 0) throw new MatchNotFoundError(matchId);
    let current: number | null = null;
    const entries: HistoryEntry[] = [];
    const domain = events.map((event) => ({ event, e: toDomain(event) }));
    const superseded = supersededRevisions(
      toRecorded(
        events,
        domain.map(({ e }) => e),
      ),
    );
    for (const { event, e } of domain) {
      if (e.type === 'GameStarted') current = e.data.gameNumber;
      entries.push({
        event,
        gameNumber: current,
        supersededBy: superseded.get(event.revision) ?? null,
      });
    }
    if (gameNumber === null) return entries;
    const game = entries.filter((x) => x.gameNumber === gameNumber);
    if (game.length === 0) throw new GameNotFoundError(matchId, gameNumber);
    return game;
  }
}
