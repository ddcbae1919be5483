import {
  ANY,
  NO_STREAM,
  STREAM_EXISTS,
  StreamDeletedError,
  StreamNotFoundError,
  UnavailableError,
  WrongExpectedVersionError,
  type AppendStreamState,
  type EventData,
  type KurrentDBClient,
  type Position,
  type StreamMetadata,
} from '@kurrent/kurrentdb-client';
import { cmp, FakeFeed, matches, resolved, type Rec } from './fake-kurrentdb-feed';

interface Options {
  requiresLeader?: boolean;
}

// A tombstoned stream's last revision, and a soft-deleted stream's $tb, as the server writes them.
const TOMBSTONE_REVISION = (1n << 63n) - 1n;

// An in-memory stand-in for the KurrentDB client, written from KurrentDB's documented semantics
// and its server source: optimistic appends with streamState; a retried append of the same event
// ids at the same expected state (a revision, or NO_STREAM) is acknowledged; StreamNotFoundError
// on a missing or soft-deleted stream, StreamDeletedError on a tombstoned one; readAll inclusive
// of fromPosition, subscribeToAll exclusive of it; commit = prepare per event, as current servers
// write them. Stream metadata ($tb, $maxCount) lives in the `$$stream` metastream and is honoured
// by stream reads only: $all keeps showing the events until a scavenge, as the server's does.
// Test hooks: a demoted leader serving stale reads to callers that do not require the leader,
// and dropping live subscriptions. It is no proof about a real server.
export class FakeKurrentDbClient {
  private readonly streams = new Map<string, Rec[]>();
  private readonly log: Rec[] = [];
  private readonly feed = new FakeFeed();
  private next = 100n;
  // The calls made, with whether they required the leader (and a stream read's first revision).
  readonly calls: {
    op: string;
    stream?: string;
    requiresLeader: boolean;
    from?: number;
    max?: number;
  }[] = [];
  // How many of the latest events a follower has not replicated yet (reads without requiresLeader).
  followerLag = 0;

  async appendToStream(
    streamName: string,
    events: EventData | EventData[],
    options: { streamState?: AppendStreamState } & Options = {},
  ) {
    this.called('appendToStream', streamName, options);
    await Promise.resolve();
    const batch = Array.isArray(events) ? events : [events];
    const stream = this.streams.get(streamName) ?? [];
    if (this.tombstoned(streamName)) throw StreamDeletedError.fromStreamName(streamName);
    const last = stream.length ? stream[stream.length - 1].revision : NO_STREAM;
    // A soft-deleted stream reads as missing: NO_STREAM and ANY recreate it after its last event,
    // and so does its old last revision (the server's index still holds it).
    const soft = this.softDeleted(streamName);
    const current = soft ? NO_STREAM : last;
    const expected = options.streamState ?? ANY;
    const ok =
      expected === ANY ||
      (expected === NO_STREAM && current === NO_STREAM) ||
      (expected === STREAM_EXISTS && current !== NO_STREAM) ||
      (typeof expected === 'bigint' && last === expected);
    if (!ok) {
      const landed = this.retried(stream, batch, expected);
      if (landed)
        return {
          success: true,
          nextExpectedRevision: landed[landed.length - 1].revision,
          position: landed[landed.length - 1].position,
        };
      throw new WrongExpectedVersionError(undefined, { streamName, expected, current });
    }
    const first = last === NO_STREAM ? 0n : last + 1n;
    const recs = batch.map((e, i) =>
      this.record(streamName, e.id, first + BigInt(i), e.type, e.data, e.metadata),
    );
    stream.push(...recs);
    this.streams.set(streamName, stream);
    if (soft) this.writeMeta(streamName, { ...this.meta(streamName), $tb: Number(first) });
    this.wake();
    const end = recs[recs.length - 1];
    return { success: true, nextExpectedRevision: end.revision, position: end.position };
  }

  readStream(
    streamName: string,
    options: { fromRevision?: bigint | 'start'; maxCount?: number | bigint } & Options = {},
  ) {
    const from = typeof options.fromRevision === 'bigint' ? options.fromRevision : 0n;
    this.called('readStream', streamName, options, {
      from: Number(from),
      ...(options.maxCount === undefined ? {} : { max: Number(options.maxCount) }),
    });
    const visible = this.visible(streamName, options.requiresLeader === true);
    const tombstoned = this.tombstoned(streamName);
    const max = Number(options.maxCount ?? Number.MAX_SAFE_INTEGER);
    const resolve = (r: Rec) => resolved(r);
    return (async function* () {
      await Promise.resolve();
      if (tombstoned) throw StreamDeletedError.fromStreamName(streamName);
      if (!visible || visible.length === 0) throw new StreamNotFoundError(undefined, streamName);
      for (const r of visible.filter((r) => r.revision >= from).slice(0, max)) yield resolve(r);
    })();
  }

  readAll(
    options: {
      fromPosition?: Position | 'start';
      maxCount?: number | bigint;
      filter?: { prefixes?: string[] };
    } & Options = {},
  ) {
    this.called('readAll', undefined, options);
    const from = options.fromPosition;
    const max = Number(options.maxCount ?? Number.MAX_SAFE_INTEGER);
    const rows = this.replicated(options.requiresLeader === true)
      .filter((r) => from === undefined || from === 'start' || cmp(r.position, from) >= 0)
      .filter((r) => matches(r, options.filter))
      .slice(0, max)
      .map((r) => resolved(r));
    return (async function* () {
      await Promise.resolve();
      yield* rows;
    })();
  }

  subscribeToAll(
    options: { fromPosition?: Position | 'start'; filter?: { prefixes?: string[] } } & Options = {},
  ) {
    this.called('subscribeToAll', undefined, options);
    return this.feed.subscribe(this.log, options);
  }

  async setStreamMetadata(streamName: string, metadata: StreamMetadata, options: Options = {}) {
    this.called('setStreamMetadata', streamName, options);
    await Promise.resolve();
    const rec = this.writeMeta(streamName, {
      ...(metadata.truncateBefore === undefined ? {} : { $tb: metadata.truncateBefore }),
      ...(metadata.maxCount === undefined ? {} : { $maxCount: metadata.maxCount }),
      ...(metadata.maxAge === undefined ? {} : { $maxAge: metadata.maxAge }),
    });
    return { success: true, nextExpectedRevision: rec.revision, position: rec.position };
  }

  // The server deletes a tombstoned stream's metadata stream with it.
  async getStreamMetadata(streamName: string, options: Options = {}) {
    this.called('getStreamMetadata', streamName, options);
    await Promise.resolve();
    if (this.tombstoned(streamName)) throw StreamDeletedError.fromStreamName(`$$${streamName}`);
    const meta = this.streams.get(`$$${streamName}`);
    const last = meta?.[meta.length - 1];
    if (!last) return { streamName };
    const d = last.data as { $tb?: number; $maxCount?: number; $maxAge?: number };
    return {
      streamName,
      metastreamRevision: last.revision,
      metadata: {
        ...(d.$tb === undefined ? {} : { truncateBefore: d.$tb }),
        ...(d.$maxCount === undefined ? {} : { maxCount: d.$maxCount }),
        ...(d.$maxAge === undefined ? {} : { maxAge: d.$maxAge }),
      },
    };
  }

  // Soft delete, as the server does it: $tb set to the maximum (other metadata kept); the stream
  // reads as missing, and NO_STREAM, ANY or its old last revision recreate it after its last event.
  async deleteStream(streamName: string, options: Options = {}) {
    this.called('deleteStream', streamName, options);
    await Promise.resolve();
    const rec = this.writeMeta(streamName, {
      ...this.meta(streamName),
      $tb: Number(TOMBSTONE_REVISION),
    });
    return { position: rec.position };
  }

  // Hard delete: a $streamDeleted tombstone; the stream can never be read or written again.
  async tombstoneStream(streamName: string, options: Options = {}) {
    this.called('tombstoneStream', streamName, options);
    await Promise.resolve();
    const stream = this.streams.get(streamName) ?? [];
    stream.push(
      this.record(streamName, `tomb-${this.next}`, TOMBSTONE_REVISION, '$streamDeleted', {}),
    );
    this.streams.set(streamName, stream);
    this.wake();
    return { position: stream[stream.length - 1].position };
  }

  // Ends every live subscription with the error the client raises when the server goes away.
  dropSubscriptions(err: Error = new UnavailableError(undefined)): void {
    this.feed.drop(err);
  }

  dispose(): Promise<void> {
    return Promise.resolve();
  }

  asClient(): KurrentDBClient {
    return this as unknown as KurrentDBClient;
  }

  // A retried append: the same event ids already stored right after the expected state.
  private retried(stream: Rec[], batch: EventData[], expected: AppendStreamState): Rec[] | null {
    const start =
      typeof expected === 'bigint' ? Number(expected) + 1 : expected === NO_STREAM ? 0 : -1;
    if (start < 0) return null;
    const landed = stream.slice(start, start + batch.length);
    return landed.length === batch.length && landed.every((r, i) => r.id === batch[i].id)
      ? landed
      : null;
  }

  private record(
    streamId: string,
    id: string,
    revision: bigint,
    type: string,
    data: unknown,
    metadata: unknown = {},
  ): Rec {
    const rec: Rec = {
      streamId,
      id,
      revision,
      type,
      data,
      metadata,
      position: { commit: this.next, prepare: this.next },
    };
    this.next += 10n;
    this.log.push(rec);
    return rec;
  }

  private meta(streamName: string): Record<string, unknown> {
    const meta = this.streams.get(`$$${streamName}`);
    return { ...((meta?.[meta.length - 1]?.data ?? {}) as Record<string, unknown>) };
  }

  private writeMeta(streamName: string, data: Record<string, unknown>): Rec {
    const meta = `$$${streamName}`;
    const stream = this.streams.get(meta) ?? [];
    const rec = this.record(meta, `meta-${this.next}`, BigInt(stream.length), '$metadata', data);
    stream.push(rec);
    this.streams.set(meta, stream);
    this.wake();
    return rec;
  }

  private softDeleted(streamName: string): boolean {
    const tb = this.meta(streamName).$tb;
    return typeof tb === 'number' && tb >= Number(TOMBSTONE_REVISION);
  }

  private wake(): void {
    this.feed.wake();
  }

  private tombstoned(streamName: string): boolean {
    return (this.streams.get(streamName) ?? []).some((r) => r.type === '$streamDeleted');
  }

  // The log as a node serves it: a lagging follower misses the latest events.
  private replicated(fromLeader: boolean): Rec[] {
    return fromLeader || this.followerLag === 0
      ? this.log
      : this.log.slice(0, Math.max(0, this.log.length - this.followerLag));
  }

  // A stream as a stream read serves it: $tb and $maxCount applied, tombstones hidden.
  private visible(streamName: string, fromLeader: boolean): Rec[] | undefined {
    const stream = this.streams.get(streamName);
    if (!stream) return undefined;
    const known = new Set(this.replicated(fromLeader));
    const meta = this.streams.get(`$$${streamName}`);
    const d = (meta?.[meta.length - 1]?.data ?? {}) as { $tb?: number; $maxCount?: number };
    let rows = stream.filter((r) => known.has(r) && r.type !== '$streamDeleted');
    if (d.$tb !== undefined) rows = rows.filter((r) => r.revision >= BigInt(d.$tb!));
    if (d.$maxCount !== undefined) rows = rows.slice(-d.$maxCount);
    return rows;
  }

  private called(
    op: string,
    stream: string | undefined,
    options: Options,
    range: { from?: number; max?: number } = {},
  ): void {
    this.calls.push({ op, stream, requiresLeader: options.requiresLeader === true, ...range });
  }
}
