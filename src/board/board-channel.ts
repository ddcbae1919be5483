import type { BatchMemo, Channel, LiveItem } from '../kernel/live-channel.port';
import type { ProjectionBatch } from '../projections/projection';
import type { BoardFilter, MatchPlace, MatchPlaces } from '../kernel/registry/match-places.port';

// A board item carries where the match is played, for the update's shape.
export type BoardItem = LiveItem & { place: MatchPlace };

// The board's live list: once per committed batch, each changed match on the board with its state
// after the batch (a shot is three events; the board wants the score after them, once). Shared
// work (the place look-up) is memoised per batch across subscribers.
export function boardChannel(places: MatchPlaces, filter: BoardFilter): Channel {
  return {
    take(batch: ProjectionBatch, memo: BatchMemo): LiveItem[] {
      const items: BoardItem[] = [];
      for (const [matchId, state] of batch.matches) {
        const key = `board:${matchId}`;
        if (!memo.has(key)) memo.set(key, places.place(matchId));
        const place = memo.get(key) as MatchPlace | null;
        if (!place || !onBoard(place, filter)) continue;
        let last = null;
        for (const e of batch.events) if (e.matchId === matchId) last = e;
        if (!last) continue;
        items.push({
          position: last.event.position,
          matchId,
          gameNumber: last.gameNumber,
          event: last.event,
          state,
          place,
        } satisfies BoardItem);
      }
      return items.sort((a, b) => (a.position < b.position ? -1 : 1));
    },
    // The board resubscribes without a cursor and reloads its one list query instead.
    // eslint-disable-next-line require-yield
    async *replay() {
      return;
    },
  };
}

// Does a match placed here belong on a board with this filter?
export function onBoard(place: MatchPlace, filter: BoardFilter): boolean {
  return (
    (filter.competitionId === undefined || place.competitionId === filter.competitionId) &&
    (filter.venue === undefined || place.venue === filter.venue)
  );
}
