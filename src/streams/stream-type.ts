import type { LedgerEvent } from '../domain';
import type { MatchRecord } from '../ledger/envelope';
import type { StoredEvent } from '../ledger/event-store';

// One event of any stream as every reader uses it: as stored, as the domain reads it (converted
// once), and the game it is filed under (null outside matches).
export type StreamRecord = MatchRecord;

// A stream read once: every event converted and folded once.
export interface LoadedStream<S> {
  records: StreamRecord[];
  state: S | null;
  // The revision of the last event read; -1 for a stream that does not exist.
  revision: number;
  // Where each command's events start (command id → revision), when kept (see StreamCache). It
  // may name commands after `revision`: shared by successive folds of one stream, only added to.
  commands?: Map<string, number>;
}

// The domain's side of a stream type: equinox-style decide and evolve, with what decide reads
// besides the state (`P`, the pre-reads) built by the runtime from the loaded stream.
export interface StreamDecider<C, S, P> {
  decide(command: C, state: S | null, preReads: P): LedgerEvent[];
  // Events always evolve a state into a state; only the initial state is null.
  evolve(state: S | null, event: LedgerEvent): S;
}

// What a stream type declares to be written through the runtime.
export interface StreamType<C, S, P> {
  // Names the record in messages ("match", "player", "competition").
  readonly kind: string;
  streamId(id: string): string;
  decider: StreamDecider<C, S, P>;
  // What decide reads besides the state: the recorded history, the time of the write.
  preRead(loaded: LoadedStream<S>, now: string): P;
  // The game an event is filed under, stamped in its metadata (matches only).
  gameNumber?(event: LedgerEvent, after: S): number | null;
  // The rule profile stamped in the metadata (matches only).
  ruleProfile?(state: S | null, command: C): string | null;
}

// One committed append, published to the read models: the events as stored, with the state of
// the stream after each of them, and where the ledger stood before them when the store knows it.
export interface CommittedBatch<S> {
  streamId: string;
  // The revision of the first event.
  first: number;
  events: StoredEvent[];
  states: S[];
  previousPosition?: bigint | null;
}
