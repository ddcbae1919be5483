import type {
  sendUnaryData,
  ServerDuplexStream,
  ServerReadableStream,
  ServerUnaryCall,
  ServiceError,
} from '@grpc/grpc-js';
import { Empty } from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/shared_pb';
import { AllStreamPosition } from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/shared_pb';
import {
  AppendReq,
  AppendResp,
  BatchAppendReq,
  BatchAppendResp,
  DeleteReq,
  DeleteResp,
  TombstoneReq,
  TombstoneResp,
} from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/streams_pb';
import type { Expected, Proposed, WriteOutcome } from './log';
import type { WireNode } from './node';
import { batchErrors, errors, streamIdentifier, streamName, uuidString } from './wire';

type Message = AppendReq.ProposedMessage | BatchAppendReq.ProposedMessage;

const proposed = (m: Message): Proposed => ({
  id: uuidString(m.getId()),
  type: m.getMetadataMap().get('type') ?? '',
  contentType: m.getMetadataMap().get('content-type') ?? 'application/octet-stream',
  data: m.getData_asU8(),
  metadata: m.getCustomMetadata_asU8(),
});

interface ExpectedOneof {
  hasRevision?(): boolean;
  getRevision?(): string;
  hasStreamPosition?(): boolean;
  getStreamPosition?(): string;
  hasNoStream(): boolean;
  hasStreamExists(): boolean;
}

function expectedOf(o: ExpectedOneof): Expected {
  if (o.hasRevision?.()) return BigInt(o.getRevision!());
  if (o.hasStreamPosition?.()) return BigInt(o.getStreamPosition!());
  if (o.hasNoStream()) return 'no_stream';
  if (o.hasStreamExists()) return 'stream_exists';
  return 'any';
}

// A fault injected on the node, as the error it shows a unary write; null when the write goes on.
function unaryFault(node: WireNode): { before?: ServiceError; after?: ServiceError } {
  switch (node.takeFault()) {
    case 'not-ready':
      return { before: errors.notReady() };
    case 'too-busy':
      return { before: errors.tooBusy() };
    case 'no-leader':
      return { before: errors.noLeaderInfo() };
    case 'drop-before':
      return { before: errors.unavailable() };
    case 'drop-after':
      return { after: errors.unavailable() };
    default:
      return {};
  }
}

// Streams.Append: options, then the events; one answer (success or wrong expected version).
export function append(
  node: WireNode,
  call: ServerReadableStream<AppendReq, AppendResp>,
  done: sendUnaryData<AppendResp>,
): void {
  const refused = node.admit('Append', call.metadata);
  let stream = '';
  let expected: Expected = 'any';
  const events: Proposed[] = [];
  call.on('data', (req: AppendReq) => {
    if (req.hasOptions()) {
      stream = streamName(req.getOptions()!.getStreamIdentifier());
      expected = expectedOf(req.getOptions()!);
    } else if (req.hasProposedMessage()) events.push(proposed(req.getProposedMessage()!));
  });
  call.on('end', () => {
    if (refused) return done(refused);
    const fault = unaryFault(node);
    if (fault.before) return done(fault.before);
    const out = node.cluster.log.append(stream, expected, events);
    if (fault.after) return done(fault.after);
    if (out.kind === 'deleted') return done(errors.streamDeleted(stream));
    const resp = new AppendResp();
    if (out.kind === 'ok') {
      const at = new AppendResp.Position()
        .setCommitPosition(out.position.toString())
        .setPreparePosition(out.position.toString());
      resp.setSuccess(
        new AppendResp.Success().setCurrentRevision(out.last.toString()).setPosition(at),
      );
    } else {
      const wrong = new AppendResp.WrongExpectedVersion();
      if (out.current === undefined) wrong.setCurrentNoStream(new Empty());
      else wrong.setCurrentRevision(out.current.toString());
      if (typeof expected === 'bigint') wrong.setExpectedRevision(expected.toString());
      else if (expected === 'no_stream') wrong.setExpectedNoStream(new Empty());
      else if (expected === 'stream_exists') wrong.setExpectedStreamExists(new Empty());
      else wrong.setExpectedAny(new Empty());
      resp.setWrongExpectedVersion(wrong);
    }
    done(null, resp);
  });
}

// Streams.BatchAppend: one long-lived stream carrying many appends, each answered by correlation
// id. Leadership is checked per write, as the server does: on a follower that knows the leader
// the whole call fails with NotLeader; without a known leader, or on a node not ready or too busy,
// the write is answered with a Status whose detail is an Empty (the client cannot recognise it).
export function batchAppend(
  node: WireNode,
  call: ServerDuplexStream<BatchAppendReq, BatchAppendResp>,
): void {
  const refused = node.admit('BatchAppend', call.metadata, false);
  if (refused) return void call.emit('error', refused);
  const requiresLeader = call.metadata.get('requires-leader')[0] === 'true';
  const pending = new Map<string, { stream: string; expected: Expected; events: Proposed[] }>();
  let ended = false;
  const fail = (err: ServiceError) => {
    if (ended) return;
    ended = true;
    untrack();
    call.emit('error', err);
  };
  const untrack = node.track(fail);
  const answer = (cid: BatchAppendReq['getCorrelationId'] extends () => infer U ? U : never) =>
    new BatchAppendResp().setCorrelationId(cid);

  call.on('data', (req: BatchAppendReq) => {
    if (ended) return;
    const cid = uuidString(req.getCorrelationId());
    const options = req.getOptions();
    if (options)
      pending.set(cid, {
        stream: streamName(options.getStreamIdentifier()),
        expected: expectedOf(options),
        events: [],
      });
    const write = pending.get(cid);
    if (!write) return;
    write.events.push(...req.getProposedMessagesList().map(proposed));
    if (!req.getIsFinal()) return;
    pending.delete(cid);
    const resp = answer(req.getCorrelationId()).setStreamIdentifier(streamIdentifier(write.stream));
    if (requiresLeader && node.role !== 'leader') {
      if (node.cluster.leader()) return fail(node.notLeader());
      return void call.write(
        resp.setError(batchErrors.notHandled('No leader info available in response')),
      );
    }
    const fault = node.takeFault();
    if (fault === 'not-ready' || node.role === 'not-ready')
      return void call.write(resp.setError(batchErrors.notHandled('Server Is Not Ready')));
    if (fault === 'too-busy')
      return void call.write(resp.setError(batchErrors.notHandled('Server Is Busy')));
    if (fault === 'no-leader')
      return void call.write(
        resp.setError(batchErrors.notHandled('No leader info available in response')),
      );
    if (fault === 'drop-before') return fail(errors.unavailable());
    const out = node.cluster.log.append(write.stream, write.expected, write.events);
    if (fault === 'drop-after') return fail(errors.unavailable());
    call.write(batchResult(resp, out, write.stream, write.expected));
  });
  call.on('end', () => {
    if (ended) return;
    ended = true;
    untrack();
    call.end();
  });
  call.on('cancelled', () => {
    ended = true;
    untrack();
  });
}

function batchResult(
  resp: BatchAppendResp,
  out: WriteOutcome,
  stream: string,
  expected: Expected,
): BatchAppendResp {
  if (out.kind === 'deleted') return resp.setError(batchErrors.streamDeleted(stream));
  if (out.kind === 'wrong')
    return resp.setError(batchErrors.wrongExpectedVersion(out.current, expected));
  const at = new AllStreamPosition()
    .setCommitPosition(out.position.toString())
    .setPreparePosition(out.position.toString());
  return resp.setSuccess(
    new BatchAppendResp.Success().setCurrentRevision(out.last.toString()).setPosition(at),
  );
}

// Streams.Delete (soft) and Streams.Tombstone (hard), with an expected revision.
export function remove(
  node: WireNode,
  hard: boolean,
  call: ServerUnaryCall<DeleteReq | TombstoneReq, DeleteResp | TombstoneResp>,
  done: sendUnaryData<DeleteResp | TombstoneResp>,
): void {
  const refused = node.admit(hard ? 'Tombstone' : 'Delete', call.metadata);
  if (refused) return done(refused);
  const options = call.request.getOptions()!;
  const stream = streamName(options.getStreamIdentifier());
  const expected = expectedOf(options);
  const log = node.cluster.log;
  const out = hard ? log.tombstone(stream, expected) : log.softDelete(stream, expected);
  if (out.kind === 'deleted') return done(errors.streamDeleted(stream));
  if (out.kind === 'wrong')
    return done(
      errors.wrongExpectedVersion(hard ? 'Tombstone' : 'Delete', stream, expected, out.current),
    );
  const resp = hard ? new TombstoneResp() : new DeleteResp();
  const at = hard ? new TombstoneResp.Position() : new DeleteResp.Position();
  at.setCommitPosition(out.position.toString()).setPreparePosition(out.position.toString());
  (resp as DeleteResp).setPosition(at as DeleteResp.Position);
  done(null, resp);
}
