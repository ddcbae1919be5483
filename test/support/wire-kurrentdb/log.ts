// The storage behind the wire-level KurrentDB: one transaction log ($all) and its streams, with
// the server's rules for expected revisions, idempotent retries, stream metadata, soft deletes
// and tombstones (written from KurrentDB's documentation and server source, not copied). No gRPC
// here: ./streams-service.ts speaks the protocol.

import { randomUUID } from 'node:crypto';

// A tombstone's revision and a soft delete's $tb: the largest signed 64-bit number.
export const DELETED = (1n << 63n) - 1n;

export type Expected = bigint | 'any' | 'no_stream' | 'stream_exists';

export interface Rec {
  stream: string;
  id: string;
  revision: bigint;
  type: string;
  contentType: string;
  data: Uint8Array;
  metadata: Uint8Array;
  createdTicks: bigint;
  position: bigint;
}

export interface Proposed {
  id: string;
  type: string;
  contentType: string;
  data: Uint8Array;
  metadata: Uint8Array;
}

export type WriteOutcome =
  | { kind: 'ok'; first: bigint; last: bigint; position: bigint }
  | { kind: 'wrong'; current: bigint | undefined }
  | { kind: 'deleted' };

export type StreamRead =
  | { kind: 'events'; events: Rec[] }
  | { kind: 'not-found' }
  | { kind: 'deleted' };

interface StreamMeta {
  $tb?: number | bigint;
  $maxCount?: number;
  $maxAge?: number;
  [key: string]: unknown;
}

const metastream = (stream: string) => `$$${stream}`;
const isMeta = (stream: string) => stream.startsWith('$$');
// Stream metadata is JSON whose $tb may be a 64-bit number: written and read without rounding.
const metaText = (meta: StreamMeta): Uint8Array =>
  Buffer.from(
    JSON.stringify(meta, (_k, v: unknown) => (typeof v === 'bigint' ? `#big${v}#` : v)).replace(
      /"#big(\d+)#"/g,
      '$1',
    ),
    'utf8',
  );
const parseMeta = (bytes: Uint8Array): StreamMeta => {
  const raw = Buffer.from(bytes).toString('utf8');
  const meta = JSON.parse(raw) as StreamMeta;
  const tb = /"\$tb"\s*:\s*(\d+)/.exec(raw);
  return tb ? { ...meta, $tb: BigInt(tb[1]) } : meta;
};

export class WireLog {
  private readonly streams = new Map<string, Rec[]>();
  readonly all: Rec[] = [];
  private readonly listeners = new Set<() => void>();
  private nextPosition = 1_000n;

  // Every write wakes the live subscriptions.
  onWrite(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // The last event number the index holds, soft-deleted events included; undefined when none.
  lastRevision(stream: string): bigint | undefined {
    const recs = this.streams.get(stream);
    return recs?.length ? recs[recs.length - 1].revision : undefined;
  }

  tombstoned(stream: string): boolean {
    // A metastream shares its stream's tombstone: reading or writing it is refused too.
    const owner = isMeta(stream) ? stream.slice(2) : stream;
    return this.lastRevision(owner) === DELETED;
  }

  metadata(stream: string): StreamMeta {
    const recs = this.streams.get(metastream(stream));
    const last = recs?.[recs.length - 1];
    if (!last) return {};
    try {
      return parseMeta(last.data);
    } catch {
      return {};
    }
  }

  softDeleted(stream: string): boolean {
    const tb = this.metadata(stream).$tb;
    return tb !== undefined && BigInt(tb) === DELETED;
  }

  append(stream: string, expected: Expected, events: Proposed[]): WriteOutcome {
    if (this.tombstoned(stream)) return { kind: 'deleted' };
    const recs = this.streams.get(stream) ?? [];
    const last = this.lastRevision(stream);
    const soft = this.softDeleted(stream);
    // A soft-deleted stream reads as missing: NO_STREAM and ANY recreate it after its last
    // event, and so does its old last revision (the index still holds it).
    const exists = last !== undefined && !soft;
    const fits =
      expected === 'any' ||
      (expected === 'no_stream' && !exists) ||
      (expected === 'stream_exists' && exists) ||
      (typeof expected === 'bigint' && expected === (last ?? -1n));
    if (!fits) {
      const retried = this.idempotent(recs, expected, events);
      if (retried) return retried;
      return { kind: 'wrong', current: exists ? last : undefined };
    }
    // ANY is idempotent only as far as the server remembers the ids: here, the whole stream.
    if (expected === 'any' || expected === 'stream_exists') {
      const retried = this.idempotent(recs, expected, events);
      if (retried) return retried;
    }
    const first = last === undefined ? 0n : last + 1n;
    const written = events.map((e, i) => this.write(stream, e, first + BigInt(i)));
    if (soft) this.setMetadata(stream, { ...this.metadata(stream), $tb: Number(first) });
    this.wake();
    const end = written[written.length - 1];
    return { kind: 'ok', first, last: end.revision, position: end.position };
  }

  // A retried write: the same ids, in order, right after the expected revision (or anywhere for
  // ANY / STREAM_EXISTS). A first id that matches with the rest not matching is no retry.
  private idempotent(recs: Rec[], expected: Expected, events: Proposed[]): WriteOutcome | null {
    const start =
      typeof expected === 'bigint'
        ? Number(expected) + 1
        : expected === 'no_stream'
          ? 0
          : recs.findIndex((r) => r.id === events[0].id);
    if (start < 0 || start >= recs.length) return null;
    const landed = recs.slice(start, start + events.length);
    if (landed.length !== events.length || landed.some((r, i) => r.id !== events[i].id))
      return null;
    const end = landed[landed.length - 1];
    return { kind: 'ok', first: landed[0].revision, last: end.revision, position: end.position };
  }

  setMetadata(stream: string, meta: StreamMeta): WriteOutcome {
    const ms = metastream(stream);
    return this.append(ms, 'any', [
      {
        id: randomUUID(),
        type: '$metadata',
        contentType: 'application/json',
        data: metaText(meta),
        metadata: new Uint8Array(),
      },
    ]);
  }

  // Soft delete: $tb set to the maximum; the events stay in $all until a scavenge.
  softDelete(stream: string, expected: Expected): WriteOutcome {
    if (this.tombstoned(stream)) return { kind: 'deleted' };
    const last = this.lastRevision(stream);
    const check = this.checkDelete(stream, expected);
    if (check) return check;
    const meta = { ...this.metadata(stream), $tb: DELETED };
    const done = this.setMetadata(stream, meta);
    return done.kind === 'ok' ? { ...done, last: last ?? -1n } : done;
  }

  // Hard delete: a $streamDeleted event at the maximum revision; nothing is written to it again.
  tombstone(stream: string, expected: Expected): WriteOutcome {
    if (this.tombstoned(stream)) return { kind: 'deleted' };
    const check = this.checkDelete(stream, expected);
    if (check) return check;
    const rec = this.write(
      stream,
      {
        id: randomUUID(),
        type: '$streamDeleted',
        contentType: 'application/json',
        data: new Uint8Array(),
        metadata: new Uint8Array(),
      },
      DELETED,
    );
    this.wake();
    return { kind: 'ok', first: DELETED, last: DELETED, position: rec.position };
  }

  private checkDelete(stream: string, expected: Expected): WriteOutcome | null {
    const last = this.lastRevision(stream);
    const exists = last !== undefined && !this.softDeleted(stream);
    const fits =
      expected === 'any' ||
      (expected === 'no_stream' && !exists) ||
      (expected === 'stream_exists' && exists) ||
      (typeof expected === 'bigint' && expected === last);
    return fits ? null : { kind: 'wrong', current: exists ? last : undefined };
  }

  // A stream read: $tb, $maxCount and $maxAge applied; a soft-deleted or never-written stream is
  // not found; a tombstoned one (or its metastream) is deleted.
  readStream(stream: string, from: bigint | 'end', count: number, backwards: boolean): StreamRead {
    if (this.tombstoned(stream)) return { kind: 'deleted' };
    const recs = this.streams.get(stream);
    if (!recs?.length || (!isMeta(stream) && this.softDeleted(stream)))
      return { kind: 'not-found' };
    let visible = recs;
    if (!isMeta(stream)) {
      const meta = this.metadata(stream);
      if (meta.$tb !== undefined) visible = visible.filter((r) => r.revision >= BigInt(meta.$tb!));
      if (meta.$maxCount !== undefined) visible = visible.slice(-meta.$maxCount);
      if (meta.$maxAge !== undefined) {
        const oldest = BigInt(Date.now() - meta.$maxAge * 1000) * 10_000n;
        visible = visible.filter((r) => r.createdTicks >= oldest);
      }
    }
    const start =
      from === 'end' ? (backwards ? DELETED : recs[recs.length - 1].revision + 1n) : from;
    const picked = backwards
      ? visible.filter((r) => r.revision <= start).reverse()
      : visible.filter((r) => r.revision >= start);
    return { kind: 'events', events: picked.slice(0, count) };
  }

  // $all from a position, inclusive (forwards) or from the end (backwards).
  readAll(from: bigint | 'start' | 'end', backwards: boolean): Rec[] {
    if (backwards) {
      const until = from === 'end' || from === 'start' ? DELETED * 2n : from;
      return this.all.filter((r) => r.position <= until).reverse();
    }
    if (from === 'start') return this.all;
    if (from === 'end') return [];
    return this.all.filter((r) => r.position >= from);
  }

  private write(stream: string, e: Proposed, revision: bigint): Rec {
    const rec: Rec = {
      stream,
      id: e.id,
      revision,
      type: e.type,
      contentType: e.contentType,
      data: e.data,
      metadata: e.metadata,
      createdTicks: BigInt(Date.now()) * 10_000n,
      position: this.nextPosition,
    };
    // Positions are byte offsets in the log: they grow by each record's size.
    this.nextPosition += BigInt(
      64 + stream.length + e.type.length + e.data.length + e.metadata.length,
    );
    const recs = this.streams.get(stream) ?? [];
    recs.push(rec);
    this.streams.set(stream, recs);
    this.all.push(rec);
    return rec;
  }

  private wake(): void {
    for (const l of [...this.listeners]) l();
  }
}
