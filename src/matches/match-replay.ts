import { evolve, gameNumberOf, type MatchState } from '../domain';
import {
  applyStored,
  matchStream,
  recordOf,
  type MatchRecord,
  type StoredMetadata,
} from '../ledger/envelope';
import type { EventStore, StoredEvent } from '../ledger/event-store';
import type { Slice } from '../ledger/slices';
import { MatchNotFoundError } from '../kernel/match-errors';
import type { MatchReplay } from '../kernel/match/match-replay.port';
import type { LoadedMatch, LoadOptions } from '../streams/match-stream';

type Applied = ReturnType<typeof applyStored<MatchState>>;

// Events read per store call: a page is parsed in well under a slice.
const PAGE = 100;

// loadMatch for the public replays (time travel, history, re-rulings, previews): the same result,
// but the stream is read in pages and folded in slices, so a long match never holds the server.
// The stream only grows, so pages read across turns are one prefix of it.
export async function replayMatch(
  store: EventStore,
  matchId: string,
  slice: Slice,
  options: LoadOptions = {},
  // Told the state after each event, in order (states are immutable: each may be kept).
  onState?: (revision: number, state: MatchState) => void,
): Promise<LoadedMatch> {
  const read = await readInPages(store, matchStream(matchId), slice, options.maxCount);
  const limit = options.recordedAtOrBefore;
  const stored = limit === undefined ? read : read.slice(0, lastIndexRecordedBy(read, limit) + 1);
  const records: MatchRecord[] = [];
  let state: MatchState | null = null;
  const fold = options.evolve ?? evolve;
  for (let i = 0; i < stored.length; i++) {
    if (slice.due()) await slice.next();
    const applied: Applied = applyStored(state, stored[i], fold, gameNumberOf);
    state = applied.state;
    if (onState && state) onState(stored[i].revision, state);
    records.push(recordOf(stored[i], applied.event, applied.gameNumber, stored[i + 1]));
  }
  return { records, state, revision: stored.length ? stored[stored.length - 1].revision : -1 };
}

export async function requireReplay(
  store: EventStore,
  matchId: string,
  slice: Slice,
  options: LoadOptions = {},
): Promise<LoadedMatch & { state: MatchState }> {
  const loaded = await replayMatch(store, matchId, slice, options);
  if (loaded.state === null) throw new MatchNotFoundError(matchId);
  return loaded as LoadedMatch & { state: MatchState };
}

async function readInPages(
  store: EventStore,
  streamId: string,
  slice: Slice,
  maxCount = Infinity,
): Promise<StoredEvent[]> {
  const events: StoredEvent[] = [];
  for (;;) {
    if (slice.due()) await slice.next();
    const want = Math.min(PAGE, maxCount - events.length);
    const from = events.length ? events[events.length - 1].revision + 1 : 0;
    const page = await slice.away(
      store.readStream(streamId, { fromRevision: from, maxCount: want }),
    );
    events.push(...page);
    if (page.length < want || events.length >= maxCount) return events;
  }
}

function lastIndexRecordedBy(events: readonly StoredEvent[], instant: string): number {
  let last = -1;
  events.forEach((e, i) => {
    // recordedAt is written by toISOString (UTC, milliseconds), so it compares as text.
    if (((e.metadata as StoredMetadata).recordedAt ?? '') <= instant) last = i;
  });
  return last;
}

// The kernel's MATCH_REPLAY port over this store (provided by the app).
export function matchReplay(store: EventStore): MatchReplay {
  return {
    replay: (matchId, slice, options, onState) =>
      replayMatch(store, matchId, slice, options, onState),
    require: (matchId, slice, options) => requireReplay(store, matchId, slice, options),
  };
}
