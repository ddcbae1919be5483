import { supersededRevisions, type MatchState } from '../domain';
import type { EventStore, StoredEvent } from '../ledger/event-store';
import type { ReadModel } from '../projections/read-model';
import { GameNotFoundError, MatchNotFoundError } from './match-errors';
import { requireMatch } from './match-stream';

export interface HistoryEntry {
  event: StoredEvent;
  // The game the event belongs to (null before the first rack).
  gameNumber: number | null;
  // The correction or appeal decision that superseded it, if any.
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
    const { records } = await requireMatch(this.store, matchId);
    const superseded = supersededRevisions(records);
    const entries = records.map((r) => ({
      event: r.stored,
      gameNumber: r.gameNumber,
      supersededBy: superseded.get(r.revision) ?? null,
    }));
    if (gameNumber === null) return entries;
    const game = entries.filter((x) => x.gameNumber === gameNumber);
    if (game.length === 0) throw new GameNotFoundError(matchId, gameNumber);
    return game;
  }
}
