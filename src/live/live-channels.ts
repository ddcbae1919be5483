import { evolve, type MatchState } from '../domain';
import { applyStored } from '../ledger/envelope';
import type { EventStore } from '../ledger/event-store';
import type { ProjectedEvent } from '../projections/projection';
import type { ReadModel } from '../projections/read-model';
import type { BatchMemo, Channel, LiveItem } from '../kernel/live-channel.port';
import { placeOf, type Place } from './live-places.projection';
import { replayRows, type ReplayFilter } from './live-replay';

// Games won, matches won and signed off, appeals decided.
export const RESULT_TYPES = ['GameEnded', 'MatchEnded', 'MatchSignedOff', 'AppealDecided'] as const;

function memoised<T>(memo: BatchMemo, key: string, compute: () => T): T {
  if (memo.has(key)) return memo.get(key) as T;
  const value = compute();
  memo.set(key, value);
  return value;
}

// Each event of one match with the state after it, as the committed batch carries it (the state
// the writer folded, or the projector for events read from the feed), so it equals the projected
// view after every batch without a fold here.
export function matchChannel(readModel: ReadModel, store: EventStore, matchId: string): Channel {
  // Events the view held when the channel opened came with the replay, not from batches.
  let version = readModel.matchVersion(matchId) ?? 0;
  return {
    take(batch) {
      const items: LiveItem[] = [];
      for (const e of batch.events) {
        if (e.matchId !== matchId || e.event.revision < version) continue;
        version = e.event.revision + 1;
        items.push(liveItem(e, e.state ?? null));
      }
      return items;
    },
    async *replay(after, edge) {
      // The whole match is folded from its first event; only what follows `after` is sent.
      let folded: MatchState | null = null;
      // Those up to `after` are yielded too (the caller skips them), so the fold takes turns.
      for await (const row of replayRows(readModel.database, store, { matchId }, undefined, edge)) {
        folded = applyStored(folded, row.event, evolve).state;
        yield { ...row, position: row.event.position, state: folded };
      }
    },
  };
}

// Events across matches, optionally of one competition, one table and some types.
export function feedChannel(
  readModel: ReadModel,
  store: EventStore,
  filter: Omit<ReplayFilter, 'matchId'>,
): Channel {
  const types = filter.types && filter.types.length > 0 ? new Set(filter.types) : null;
  const placed = filter.competitionId !== undefined || filter.tableNumber !== undefined;
  const fits = (place: Place | null) =>
    place !== null &&
    (filter.competitionId === undefined || place.competitionId === filter.competitionId) &&
    (filter.tableNumber === undefined || place.tableNumber === filter.tableNumber);
  return {
    take(batch, memo) {
      const items: LiveItem[] = [];
      for (const e of batch.events) {
        if (e.matchId === null || (types && !types.has(e.event.type))) continue;
        const matchId = e.matchId;
        if (
          placed &&
          !fits(memoised(memo, `place:${matchId}`, () => placeOf(readModel.database, matchId)))
        )
          continue;
        items.push(liveItem(e, null));
      }
      return items;
    },
    async *replay(after, edge) {
      for await (const row of replayRows(readModel.database, store, filter, after, edge))
        yield { ...row, position: row.event.position, state: null };
    },
  };
}

function liveItem(e: ProjectedEvent, state: MatchState | null): LiveItem {
  return {
    position: e.event.position,
    matchId: e.matchId!,
    gameNumber: e.gameNumber,
    event: e.event,
    state,
  };
}
