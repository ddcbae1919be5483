import type { MatchState } from '../domain';
import type { StoredMetadata } from '../ledger/envelope';
import type { StoredEvent } from '../ledger/event-store';

// What a local writer already knows of the events it just appended (revisions `first` to
// state.version - 1 of `streamId`): the state after them, so they are projected without a fold.
export interface Written {
  streamId: string;
  first: number;
  state: MatchState;
  // The state after each of them, when the writer gives them (the stream runtime does): handed
  // with the batch to the read models, so none folds them again.
  states?: MatchState[];
  // The appended events as the store returned them, and the position of the ledger's last event
  // before them when the store knows it: a read model standing there takes them without a read.
  events?: StoredEvent[];
  previousPosition?: bigint | null;
}

// The state right after one of a write's events, when the writer gave it.
export function stateAfter(w: Written, revision: number): MatchState | undefined {
  if (w.states) return w.states[revision - w.first];
  return revision === w.state.version - 1 ? w.state : undefined;
}

export const isWritten = (e: StoredEvent, w: Written): boolean =>
  e.streamId === w.streamId && e.revision >= w.first && e.revision < w.state.version;

// A write's state can stand in for folding its events only when the batch holds all of them, each
// stamped with its game (apply() also checks that the view is at the revision before them).
export function knownWrite(fresh: StoredEvent[], written: Written): boolean {
  const mine = fresh.filter((e) => isWritten(e, written));
  const count = written.state.version - written.first;
  return (
    mine.length === count &&
    mine.every(
      (e, i) =>
        e.revision === written.first + i && (e.metadata as StoredMetadata).gameNumber !== undefined,
    )
  );
}

// The writes' own events, when together they follow the read model's checkpoint with nothing in
// between (each append's previous position is where the one before it ended): no read needed.
export function handedRun(written: Written[], checkpoint: bigint | null): StoredEvent[] | null {
  if (written.length === 0) return null;
  const byPosition = [...written].sort((a, b) =>
    a.previousPosition === b.previousPosition
      ? 0
      : (a.previousPosition ?? -1n) < (b.previousPosition ?? -1n)
        ? -1
        : 1,
  );
  const run: StoredEvent[] = [];
  let end = checkpoint;
  for (const w of byPosition) {
    if (!w.events?.length || w.previousPosition === undefined || w.previousPosition !== end)
      return null;
    run.push(...w.events);
    end = w.events[w.events.length - 1].position;
  }
  return run;
}
