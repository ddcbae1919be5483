import type { Slice } from './slices';
import type { EventStore, StoredEvent, StreamHead } from './event-store';
import { chainFieldsOf, eventHash, GENESIS } from './hash-chain';
import { setImmediate as nextTurn } from 'node:timers/promises';

export type BreakReason =
  // The event's content, metadata or prevHash no longer hashes to the hash it carries.
  | 'CONTENT_ALTERED'
  // The event hashes fine but does not link to the event before it (or carries no hash at all:
  // written before the chain existed, or its hash was stripped).
  | 'LINK_BROKEN'
  // A revision is absent: deleted in the middle (a gap) or at the end (against the head record).
  | 'MISSING_EVENT'
  // The revisions do not appear in commit order: rows swapped, or a revision seen twice.
  | 'REORDERED'
  // The chain is intact but disagrees with the store's head record (or the record is missing).
  | 'HEAD_MISMATCH'
  // The store reports the stream altered outside the ledger's appends: metadata truncating it,
  // a soft delete or a tombstone (KurrentDB; $all still shows the events until a scavenge).
  | 'STREAM_ALTERED';

export interface ChainBreak {
  streamId: string;
  revision: number;
  // Of the event where the break was seen; null for a missing tail.
  position: bigint | null;
  reason: BreakReason;
  expectedHash: string | null;
  foundHash: string | null;
  message: string;
}

export interface Verification {
  ok: boolean;
  streams: number;
  events: number;
  // Whether tail deletion could be checked (the store keeps an independent head record).
  headsChecked: boolean;
  // The first broken link of each broken stream, in the order they were found.
  breaks: ChainBreak[];
  // The first of them in commit order: where the ledger stops being trustworthy.
  firstBreak: ChainBreak | null;
}

interface StreamCursor {
  next: number;
  prevHash: string;
  recorded: StreamHead | undefined;
  broken: ChainBreak | null;
}

// Small pages, and a turn of the event loop after each, so a scan never holds the server for long.
const PAGE = 250;

// One pass over the global feed, memory proportional to the number of streams. Within a stream,
// revisions must appear 0, 1, 2, … in commit order, each event hashing to its `hash` and linking
// to its predecessor's. Then every stream's last verified event is compared with the store's
// head record, which catches deleted tails. Detected: edited data, type, id or metadata; a row
// deleted anywhere; rows swapped or renumbered; an unchained event; a head record that disagrees
// or is missing. Not detected: a rewrite that recomputes every later hash AND the head record
// (the hashes are unkeyed), a whole stream deleted with its head record, or, on a store without
// a head record (KurrentDB), the deletion of a stream's last events.
// With a slice (the server), the scan runs in slices of the long-read queue; without (the CLI),
// it gives the event loop a turn after each page. onProgress: the events checked so far, after
// each page (for a progress report).
export async function verifyLedger(
  store: EventStore,
  options: { slice?: Slice; onProgress?: (events: number) => void } = {},
): Promise<Verification> {
  const { slice, onProgress } = options;
  // Heads first: appends that land during the scan are then only ever ahead of the record.
  const snapshot = store.readHeads ? await store.readHeads() : null;
  const recorded = new Map((snapshot?.heads ?? []).map((h) => [h.streamId, h]));
  const streams = new Map<string, StreamCursor>();
  const breaks: ChainBreak[] = [];
  let count = 0;
  let after: bigint | undefined;

  const fail: Fail = (cursor, b) => {
    cursor.broken = b;
    breaks.push(b);
  };

  for (;;) {
    const page = await store.readAll({ after, maxCount: PAGE });
    for (const e of page) {
      if (slice?.due()) await slice.next();
      count += 1;
      let cursor = streams.get(e.streamId);
      if (!cursor) {
        cursor = openCursor(e, recorded.get(e.streamId), snapshot, fail);
        streams.set(e.streamId, cursor);
      }
      if (cursor.broken) {
        // A revision reported missing that turns up later was moved, not deleted.
        if (cursor.broken.reason === 'MISSING_EVENT' && cursor.broken.revision === e.revision) {
          cursor.broken.reason = 'REORDERED';
          cursor.broken.message = `${e.streamId}@${e.revision} appears after a later revision`;
        }
        continue;
      }
      checkEvent(e, cursor, fail);
    }
    onProgress?.(count);
    if (page.length < PAGE) break;
    after = page[page.length - 1].position;
    if (!slice) await nextTurn();
  }

  checkTails(recorded, streams, breaks, fail);
  const altered = store.streamAnomalies ? await store.streamAnomalies([...streams.keys()]) : [];
  breaks.push(...altered.map(alteredBreak));
  const firstBreak = earliest(breaks);
  return {
    ok: breaks.length === 0,
    streams: new Set([...streams.keys(), ...recorded.keys()]).size,
    events: count,
    headsChecked: snapshot !== null,
    breaks,
    firstBreak,
  };
}

type Fail = (cursor: StreamCursor, b: ChainBreak) => void;
type Heads = Awaited<ReturnType<NonNullable<EventStore['readHeads']>>>;

// A stream's first event: with a head snapshot, a stream that has events up to the snapshot's
// position but no head record is broken from the start.
function openCursor(
  e: StoredEvent,
  recorded: StreamCursor['recorded'],
  snapshot: Heads | null,
  fail: Fail,
): StreamCursor {
  const cursor: StreamCursor = { next: 0, prevHash: GENESIS, recorded, broken: null };
  if (!recorded && snapshot && snapshot.position !== null && e.position <= snapshot.position)
    fail(cursor, {
      streamId: e.streamId,
      revision: e.revision,
      position: e.position,
      reason: 'HEAD_MISMATCH',
      expectedHash: null,
      foundHash: null,
      message: `${e.streamId} has events but no head record`,
    });
  return cursor;
}

// Tails: each stream must reach the head the store recorded for it.
function checkTails(
  recorded: Map<string, StreamHead>,
  streams: Map<string, StreamCursor>,
  breaks: ChainBreak[],
  fail: Fail,
): void {
  for (const head of recorded.values()) {
    const cursor = streams.get(head.streamId);
    if (cursor?.broken) continue;
    const last = cursor ? cursor.next - 1 : -1;
    if (last >= head.revision) continue;
    const b: ChainBreak = {
      streamId: head.streamId,
      revision: last + 1,
      position: null,
      reason: 'MISSING_EVENT',
      expectedHash: head.hash,
      foundHash: cursor && last >= 0 ? cursor.prevHash : null,
      message: `${head.streamId} ends at revision ${last} but its head record says ${head.revision}: revisions ${last + 1}..${head.revision} are missing`,
    };
    if (cursor) fail(cursor, b);
    else breaks.push(b);
  }
}

function alteredBreak(a: { streamId: string; detail: string }): ChainBreak {
  return {
    streamId: a.streamId,
    revision: 0,
    position: null,
    reason: 'STREAM_ALTERED',
    expectedHash: null,
    foundHash: null,
    message: `${a.streamId}: ${a.detail}`,
  };
}

// The break earliest in the feed; breaks without a position (tails, altered streams) come last.
function earliest(breaks: ChainBreak[]): ChainBreak | null {
  if (breaks.length === 0) return null;
  return breaks.reduce((a, b) =>
    b.position !== null && (a.position === null || b.position < a.position) ? b : a,
  );
}

function checkEvent(
  e: StoredEvent,
  cursor: StreamCursor,
  fail: (cursor: StreamCursor, b: ChainBreak) => void,
): void {
  const base = { streamId: e.streamId, position: e.position };
  const { prevHash, hash } = chainFieldsOf(e.metadata);
  if (e.revision !== cursor.next) {
    // Ahead: the expected revision is missing (or moved later, refined above). Behind: reordered.
    const ahead = e.revision > cursor.next;
    fail(cursor, {
      ...base,
      revision: cursor.next,
      reason: ahead ? 'MISSING_EVENT' : 'REORDERED',
      expectedHash: cursor.prevHash,
      foundHash: prevHash ?? null,
      message: ahead
        ? `${e.streamId}@${cursor.next} is missing: the next event stored is revision ${e.revision}`
        : `${e.streamId}@${e.revision} appears after revision ${cursor.next - 1}`,
    });
    return;
  }
  if (hash === undefined) {
    fail(cursor, {
      ...base,
      revision: e.revision,
      reason: 'LINK_BROKEN',
      expectedHash: cursor.prevHash,
      foundHash: null,
      message: `${e.streamId}@${e.revision} carries no hash (unchained event)`,
    });
    return;
  }
  const actual = hashOf(e);
  if (actual instanceof RangeError) {
    fail(cursor, {
      ...base,
      revision: e.revision,
      reason: 'CONTENT_ALTERED',
      expectedHash: null,
      foundHash: hash,
      message: `${e.streamId}@${e.revision} cannot be hashed (${actual.message}), which this build refuses to seal: its content or metadata changed`,
    });
    return;
  }
  if (actual !== hash) {
    fail(cursor, {
      ...base,
      revision: e.revision,
      reason: 'CONTENT_ALTERED',
      expectedHash: actual,
      foundHash: hash,
      message: `${e.streamId}@${e.revision} does not hash to the hash it carries: its content or metadata changed`,
    });
    return;
  }
  if (prevHash !== cursor.prevHash) {
    fail(cursor, {
      ...base,
      revision: e.revision,
      reason: 'LINK_BROKEN',
      expectedHash: cursor.prevHash,
      foundHash: prevHash ?? null,
      message: `${e.streamId}@${e.revision} does not link to the event before it`,
    });
    return;
  }
  if (cursor.recorded && cursor.recorded.revision === e.revision && cursor.recorded.hash !== hash) {
    fail(cursor, {
      ...base,
      revision: e.revision,
      reason: 'HEAD_MISMATCH',
      expectedHash: cursor.recorded.hash,
      foundHash: hash,
      message: `${e.streamId}@${e.revision} differs from the store's head record`,
    });
    return;
  }
  cursor.next += 1;
  cursor.prevHash = hash;
}

// The RangeError for a value no event could have been sealed with (nested past canonicalJson's
// depth, or too long for a string): the write path would have refused it the same way.
function hashOf(e: StoredEvent): string | RangeError {
  try {
    return eventHash(e);
  } catch (err) {
    if (err instanceof RangeError) return err;
    throw err;
  }
}
