import { evolve, gameNumberOf, type MatchState } from '../domain';
import { matchStream } from '../ledger/envelope';
import type { EventStore } from '../ledger/event-store';
import { loadStream, type LoadOptions as StreamLoadOptions } from './load-stream';
import type { LoadedStream } from './stream-type';
import { MatchNotFoundError } from '../kernel/match-errors';

// A match stream read once: every event converted and folded once, for every reader (the write
// path, history, previews, time travel, re-adjudication). Here, below the features, because it
// needs only a store: audit's ledger-wide re-adjudication runs it on a worker thread, out of
// reach of the matches feature's providers.
export type LoadedMatch = LoadedStream<MatchState>;

export interface LoadOptions extends StreamLoadOptions {
  evolve?: typeof evolve;
}

export async function loadMatch(
  store: EventStore,
  matchId: string,
  options: LoadOptions = {},
): Promise<LoadedMatch> {
  const fold = options.evolve ?? evolve;
  return loadStream(store, matchStream(matchId), (s, e) => fold(s, e)!, gameNumberOf, options);
}

// As loadMatch, for readers of a match that must exist.
export async function requireMatch(
  store: EventStore,
  matchId: string,
  options: LoadOptions = {},
): Promise<LoadedMatch & { state: MatchState }> {
  const loaded = await loadMatch(store, matchId, options);
  if (loaded.state === null) throw new MatchNotFoundError(matchId);
  return loaded as LoadedMatch & { state: MatchState };
}
