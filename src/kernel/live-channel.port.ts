import type { MatchState } from '../domain';
import type { StoredEvent } from '../ledger/event-store';
import type { ProjectionBatch } from '../projections/projection';

// One update as a subscriber receives it: the event, where it belongs, and for matchUpdated the
// match state right after it. The resolver turns it into the GraphQL shape.
export interface LiveItem {
  position: bigint;
  matchId: string;
  gameNumber: number | null;
  event: StoredEvent;
  state: MatchState | null;
}

// Work shared by every subscriber of one committed batch (a place look-up).
export type BatchMemo = Map<string, unknown>;

// What a live subscription follows, as the live hub takes it: the live feature's own channels
// (a match, a feed) and those another feature declares (the board's). The hub is the live
// feature's (src/live/live-hub.ts).
export interface Channel {
  // The items of a committed batch this subscriber wants, in ledger order.
  take(batch: ProjectionBatch, memo: BatchMemo): LiveItem[];
  // The items after `after` up to `edge` (inclusive), from the audit index; it may yield earlier
  // ones too (a match's fold starts from its first event), which the caller skips.
  replay(after: bigint, edge: bigint): AsyncIterator<LiveItem>;
}
