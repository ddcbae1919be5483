import { supersededRevisions, type MatchState } from '../domain';
import type { EventStore, StoredEvent } from '../ledger/event-store';
import type { ReadModel } from '../projections/read-model';
import { GameNotFoundError, MatchNotFoundError } from '../kernel/match-errors';
import { longReads } from '../ledger/slices';
import { requireReplay } from './match-replay';

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

  // How many events a replay of this match reads: the price of its history.
  replayLength(matchId: string): number {
    return this.readModel.match(matchId)?.version ?? 1;
  }

  // Most recently active first, after the match whose sort key is `after`; `first` is checked by
  // the caller. Each row carries the key a next page starts after.
  page(
    first: number,
    after: string | undefined,
  ): { rows: { key: string; state: MatchState }[]; hasNextPage: boolean; totalCount: number } {
    const rows = this.readModel.matchPage(after, first + 1);
    return {
      rows: rows.slice(0, first),
      hasNextPage: rows.length > first,
      totalCount: this.readModel.matchCount(),
    };
  }

  // The recorded history of a match (or one of its games), each event with its metadata.
  async history(
    matchId: string,
    gameNumber: number | null,
    lane?: object,
  ): Promise<HistoryEntry[]> {
    const { records } = await longReads.run(
      (slice) => requireReplay(this.store, matchId, slice),
      lane,
    );
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
