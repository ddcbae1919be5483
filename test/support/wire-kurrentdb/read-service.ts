import { status, type ServerWritableStream, type ServiceError } from '@grpc/grpc-js';
import { randomUUID } from 'node:crypto';
import {
  ReadReq,
  ReadResp,
} from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/streams_pb';
import type { Rec } from './log';
import type { WireNode } from './node';
import { errors, readEvent, rpcError, streamIdentifier, streamName } from './wire';

type ReadCall = ServerWritableStream<ReadReq, ReadResp>;

const U64_MAX = (1n << 64n) - 1n;

// Streams.Read: a stream read, an $all read, or a subscription to $all (catch-up, then live),
// filtered by stream-name or event-type prefixes or a regex, with checkpoints every
// `checkpointIntervalMultiplier × window` events searched, as the server sends them.
export function read(node: WireNode, call: ReadCall): void {
  const refused = node.admit('Read', call.metadata);
  if (refused) return void call.emit('error', refused);
  const options = call.request.getOptions();
  if (!options) return void call.emit('error', errors.noLeaderInfo());
  const structured = options.getUuidOption()?.hasStructured() ?? false;
  const backwards = options.getReadDirection() === ReadReq.Options.ReadDirection.BACKWARDS;
  const count = options.hasCount() ? BigInt(options.getCount()) : U64_MAX;
  const limit = count > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(count);
  const log = node.cluster.log;

  if (options.hasStream()) {
    const s = options.getStream()!;
    const stream = streamName(s.getStreamIdentifier());
    // The adapter never subscribes to one stream: not served here.
    if (options.hasSubscription())
      return void call.emit('error', rpcError(status.UNIMPLEMENTED, 'Stream subscriptions'));
    const from = s.hasRevision() ? BigInt(s.getRevision()) : s.hasEnd() ? 'end' : 0n;
    const result = log.readStream(stream, from, limit, backwards);
    if (result.kind === 'deleted') return void call.emit('error', errors.streamDeleted(stream));
    if (result.kind === 'not-found') {
      call.write(
        new ReadResp().setStreamNotFound(
          new ReadResp.StreamNotFound().setStreamIdentifier(streamIdentifier(stream)),
        ),
      );
      return void call.end();
    }
    for (const r of result.events) call.write(readEvent(r, structured));
    return void call.end();
  }

  const all = options.getAll()!;
  const from: bigint | 'start' | 'end' = all.hasPosition()
    ? BigInt(all.getPosition()!.getCommitPosition())
    : all.hasEnd()
      ? 'end'
      : 'start';
  const keep = matcher(options);
  if (!options.hasSubscription()) {
    const rows = log.readAll(from, backwards).filter(keep).slice(0, limit);
    for (const r of rows) call.write(readEvent(r, structured));
    return void call.end();
  }
  subscribe(node, call, from, keep, structured, checkpointEvery(options));
}

function subscribe(
  node: WireNode,
  call: ReadCall,
  from: bigint | 'start' | 'end',
  keep: (r: Rec) => boolean,
  structured: boolean,
  checkpointEvery: number,
): void {
  const log = node.cluster.log;
  // A subscription's position is exclusive: it delivers what comes after it.
  let seen = from === 'start' ? -1 : from === 'end' ? log.all.length - 1 : -1;
  if (typeof from === 'bigint')
    while (seen + 1 < log.all.length && log.all[seen + 1].position <= from) seen++;
  let searched = 0;
  let caughtUp = false;
  let closed = false;
  const pump = () => {
    if (closed) return;
    while (seen + 1 < log.all.length) {
      const r = log.all[++seen];
      if (keep(r)) call.write(readEvent(r, structured));
      if (++searched % checkpointEvery === 0)
        call.write(
          new ReadResp().setCheckpoint(
            new ReadResp.Checkpoint()
              .setCommitPosition(r.position.toString())
              .setPreparePosition(r.position.toString()),
          ),
        );
    }
    if (!caughtUp) {
      caughtUp = true;
      call.write(new ReadResp().setCaughtUp(new ReadResp.CaughtUp()));
    }
  };
  const stop = () => {
    closed = true;
    unlisten();
    untrack();
  };
  const unlisten = log.onWrite(() => setImmediate(pump));
  const untrack = node.track((err: ServiceError) => {
    stop();
    call.emit('error', err);
  });
  call.on('cancelled', stop);
  call.on('close', stop);
  call.write(
    new ReadResp().setConfirmation(
      new ReadResp.SubscriptionConfirmation().setSubscriptionId(randomUUID()),
    ),
  );
  pump();
}

function matcher(options: ReadReq.Options): (r: Rec) => boolean {
  if (!options.hasFilter()) return () => true;
  const f = options.getFilter()!;
  const onStream = f.hasStreamIdentifier();
  const expr = onStream ? f.getStreamIdentifier()! : f.getEventType()!;
  const prefixes = expr.getPrefixList();
  const regex = expr.getRegex() ? new RegExp(expr.getRegex()) : undefined;
  return (r) => {
    const subject = onStream ? r.stream : r.type;
    if (prefixes.length && !prefixes.some((p) => subject.startsWith(p))) return false;
    return !regex || regex.test(subject);
  };
}

function checkpointEvery(options: ReadReq.Options): number {
  if (!options.hasFilter()) return Number.MAX_SAFE_INTEGER;
  const f = options.getFilter()!;
  const window = f.hasMax() ? f.getMax() : 32;
  return Math.max(1, window * Math.max(1, f.getCheckpointintervalmultiplier()));
}
