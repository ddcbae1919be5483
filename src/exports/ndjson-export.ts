import type { MatchScheduled } from '../domain';
import type { EventStore, StoredEvent, StreamHead } from '../ledger/event-store';
import { chainFieldsOf } from '../ledger/hash-chain';
import type { Slice } from '../ledger/slices';

// An export is the ledger's own events, one JSON object a line, exactly as stored (data, metadata
// with prevHash and hash, revision, global position as a decimal string), in commit order; its
// last line is a trailer with each exported stream's head, so a file cut short is detected.
// `npm run ledger -- verify --file` checks it with the verifier the ledger itself uses.

export type ExportScope =
  | { kind: 'all' }
  | { kind: 'match'; matchId: string }
  | { kind: 'competition'; competitionId: string };

export const TRAILER_KIND = 'cue-ledger-export';

export interface ExportTrailer {
  kind: typeof TRAILER_KIND;
  version: 1;
  scope: ExportScope;
  events: number;
  heads: StreamHead[];
}

const PAGE = 1000;
// In the server's slices a page is read and decoded in one piece, inside a slice of a few
// milliseconds: a hundred events, as a match replay reads.
export const SLICED_PAGE = 100;
const pageOf = (slice?: Slice) => (slice ? SLICED_PAGE : PAGE);

// The global feed; with a slice (the server), read in slices of the long-read queue.
async function* feed(store: EventStore, slice?: Slice): AsyncGenerator<StoredEvent> {
  let after: bigint | undefined;
  for (;;) {
    // A page is read in one piece: it starts a slice of its own.
    if (slice?.due()) await slice.next();
    const page = await store.readAll({ after, maxCount: pageOf(slice) });
    for (const e of page) {
      if (slice?.due()) await slice.next();
      yield e;
    }
    if (page.length < pageOf(slice)) return;
    after = page[page.length - 1].position;
  }
}

// One stream in revision order, which is its commit order: a match needs no scan of the ledger.
async function* streamFeed(
  store: EventStore,
  streamId: string,
  slice?: Slice,
): AsyncGenerator<StoredEvent> {
  let from = 0;
  for (;;) {
    if (slice?.due()) await slice.next();
    const page = await store.readStream(streamId, { fromRevision: from, maxCount: pageOf(slice) });
    for (const e of page) {
      if (slice?.due()) await slice.next();
      yield e;
    }
    if (page.length < pageOf(slice)) return;
    from = page[page.length - 1].revision + 1;
  }
}

// The streams a scope covers. A competition: its own stream, its matches (MatchScheduled naming
// it) and the registered players of those matches.
async function streamsOf(
  store: EventStore,
  scope: ExportScope,
  slice?: Slice,
): Promise<Set<string> | null> {
  if (scope.kind === 'all') return null;
  if (scope.kind === 'match') return new Set([`match-${scope.matchId}`]);
  const streams = new Set([`competition-${scope.competitionId}`]);
  const players = new Set<string>();
  for await (const e of feed(store, slice)) {
    if (e.type !== 'MatchScheduled') continue;
    const data = e.data as MatchScheduled['data'];
    if (data.competitionId !== scope.competitionId) continue;
    streams.add(e.streamId);
    for (const p of data.players) players.add(`player-${p.id}`);
  }
  // Only players that are registered have a stream; the others are simply absent.
  for (const p of players) {
    if (slice?.due()) await slice.next();
    if ((await store.readStream(p, { maxCount: 1 })).length) streams.add(p);
  }
  return streams;
}

export const eventLine = (e: StoredEvent): string =>
  JSON.stringify({ ...e, position: e.position.toString() });

// Writes the scope's events then the trailer, a line at a time (memory: one page of the feed and
// one head per stream).
export async function writeExport(
  store: EventStore,
  scope: ExportScope,
  write: (line: string) => void | Promise<void>,
  slice?: Slice,
): Promise<ExportTrailer> {
  const wanted = await streamsOf(store, scope, slice);
  const heads = new Map<string, StreamHead>();
  let events = 0;
  const source =
    scope.kind === 'match'
      ? streamFeed(store, `match-${scope.matchId}`, slice)
      : feed(store, slice);
  for await (const e of source) {
    if (wanted && !wanted.has(e.streamId)) continue;
    await write(eventLine(e));
    heads.set(e.streamId, {
      streamId: e.streamId,
      revision: e.revision,
      hash: chainFieldsOf(e.metadata).hash ?? null,
    });
    events += 1;
  }
  const trailer: ExportTrailer = {
    kind: TRAILER_KIND,
    version: 1,
    scope,
    events,
    heads: [...heads.values()],
  };
  await write(JSON.stringify(trailer));
  return trailer;
}
