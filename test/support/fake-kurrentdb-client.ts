import {
  ANY,
  NO_STREAM,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AppendStreamState,
  type EventData,
  type KurrentDBClient,
  type Position,
} from '@kurrent/kurrentdb-client';

interface Rec {
  streamId: string;
  id: string;
  revision: bigint;
  type: string;
  data: unknown;
  metadata: unknown;
  position: Position;
}

const cmp = (a: Position, b: Position): number =>
  a.commit !== b.commit
    ? a.commit < b.commit
      ? -1
      : 1
    : a.prepare === b.prepare
      ? 0
      : a.prepare < b.prepare
        ? -1
        : 1;

// An in-memory stand-in for the KurrentDB client, written from KurrentDB's documented semantics:
// optimistic appends with streamState, idempotent retries at the same expected revision,
// StreamNotFoundError on a missing stream, readAll inclusive of fromPosition, subscribeToAll
// exclusive of it. Events of one append share a commit position and differ in prepare position,
// so the adapter's position packing is exercised. It is no proof about a real server.
export class FakeKurrentDbClient {
  private readonly streams = new Map<string, Rec[]>();
  private readonly log: Rec[] = [];
  private readonly listeners = new Set<() => void>();
  private next = 100n;

  async appendToStream(
    streamName: string,
    events: EventData | EventData[],
    options: { streamState?: AppendStreamState } = {},
  ) {
    await Promise.resolve();
    const batch = Array.isArray(events) ? events : [events];
    const stream = this.streams.get(streamName) ?? [];
    const current = stream.length ? BigInt(stream.length - 1) : NO_STREAM;
    const expected = options.streamState ?? ANY;
    const ok =
      expected === ANY ||
      (expected === NO_STREAM && current === NO_STREAM) ||
      (expected === STREAM_EXISTS && current !== NO_STREAM) ||
      (typeof expected === 'bigint' && current === expected);
    if (!ok) {
      if (typeof expected === 'bigint') {
        const landed = stream.slice(Number(expected) + 1, Number(expected) + 1 + batch.length);
        if (landed.length === batch.length && landed.every((r, i) => r.id === batch[i].id))
          return {
            success: true,
            nextExpectedRevision: landed[landed.length - 1].revision,
            position: landed[landed.length - 1].position,
          };
      }
      throw new WrongExpectedVersionError(undefined, { streamName, expected, current });
    }
    const commit = this.next + BigInt(batch.length) * 10n;
    const recs = batch.map(
      (e, i): Rec => ({
        streamId: streamName,
        id: e.id,
        revision: BigInt(stream.length + i),
        type: e.type,
        data: e.data,
        metadata: e.metadata,
        position: { commit, prepare: this.next + BigInt(i) * 10n },
      }),
    );
    this.next = commit + 10n;
    stream.push(...recs);
    this.streams.set(streamName, stream);
    this.log.push(...recs);
    for (const l of this.listeners) l();
    const last = recs[recs.length - 1];
    return { success: true, nextExpectedRevision: last.revision, position: last.position };
  }

  readStream(
    streamName: string,
    options: { fromRevision?: bigint | 'start'; maxCount?: number | bigint } = {},
  ) {
    const stream = this.streams.get(streamName);
    const from = typeof options.fromRevision === 'bigint' ? Number(options.fromRevision) : 0;
    const max = Number(options.maxCount ?? Number.MAX_SAFE_INTEGER);
    const resolve = (r: Rec) => this.resolved(r);
    return (async function* () {
      await Promise.resolve();
      if (!stream) throw new StreamNotFoundError(undefined, streamName);
      for (const r of stream.slice(from, from + max)) yield resolve(r);
    })();
  }

  readAll(
    options: {
      fromPosition?: Position | 'start';
      maxCount?: number | bigint;
      filter?: { prefixes?: string[] };
    } = {},
  ) {
    const from = options.fromPosition;
    const max = Number(options.maxCount ?? Number.MAX_SAFE_INTEGER);
    const rows = this.log
      .filter((r) => from === undefined || from === 'start' || cmp(r.position, from) >= 0)
      .filter((r) => this.matches(r, options.filter))
      .slice(0, max)
      .map((r) => this.resolved(r));
    return (async function* () {
      await Promise.resolve();
      yield* rows;
    })();
  }

  subscribeToAll(
    options: { fromPosition?: Position | 'start'; filter?: { prefixes?: string[] } } = {},
  ) {
    let after = options.fromPosition === 'start' ? undefined : options.fromPosition;
    let closed = false;
    let wake: (() => void) | null = null;
    const notify = () => wake?.();
    this.listeners.add(notify);
    const log = this.log;
    const listeners = this.listeners;
    const keep = (r: Rec): boolean => this.matches(r, options.filter);
    const resolve = (r: Rec) => this.resolved(r);
    const iterator = (async function* () {
      while (!closed) {
        const fresh = log.filter(
          (r) => (after === undefined || cmp(r.position, after) > 0) && keep(r),
        );
        for (const r of fresh) {
          after = r.position;
          yield resolve(r);
        }
        if (!fresh.length) await new Promise<void>((resolve) => (wake = resolve));
      }
    })();
    return {
      [Symbol.asyncIterator]: () => iterator,
      unsubscribe: () => {
        closed = true;
        listeners.delete(notify);
        notify();
        return Promise.resolve();
      },
    };
  }

  dispose(): Promise<void> {
    return Promise.resolve();
  }

  asClient(): KurrentDBClient {
    return this as unknown as KurrentDBClient;
  }

  private matches(r: Rec, filter?: { prefixes?: string[] }): boolean {
    return !filter?.prefixes || filter.prefixes.some((p) => r.streamId.startsWith(p));
  }

  private resolved(r: Rec) {
    return {
      event: {
        streamId: r.streamId,
        id: r.id,
        isJson: true,
        revision: r.revision,
        type: r.type,
        created: new Date(0),
        // Stored as JSON text and parsed back, as the server does.
        data: JSON.parse(JSON.stringify(r.data)) as unknown,
        metadata: JSON.parse(JSON.stringify(r.metadata ?? {})) as unknown,
        position: r.position,
      },
    };
  }
}
