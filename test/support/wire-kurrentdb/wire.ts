import { Metadata, status, type ServiceError } from '@grpc/grpc-js';
import { Any } from 'google-protobuf/google/protobuf/any_pb';
import { Empty as PbEmpty } from 'google-protobuf/google/protobuf/empty_pb';
import * as shared from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/shared_pb';
import { Status } from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/status_pb';
import { ReadResp } from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/streams_pb';
import type { Expected, Rec } from './log';

// Protocol details shared by the services: identifiers, recorded events, and the errors the
// server raises (status code, message and the `exception` trailer the client keys on).

export const streamName = (id: shared.StreamIdentifier | undefined): string =>
  Buffer.from(id?.getStreamName_asU8() ?? new Uint8Array()).toString('utf8');

export const streamIdentifier = (name: string): shared.StreamIdentifier =>
  new shared.StreamIdentifier().setStreamName(Buffer.from(name, 'utf8'));

export function uuidString(id: shared.UUID | undefined): string {
  if (!id) return '';
  if (id.hasString()) return id.getString();
  const s = id.getStructured()!;
  const hex = (v: string) => BigInt.asUintN(64, BigInt(v)).toString(16).padStart(16, '0');
  const h = hex(s.getMostSignificantBits()) + hex(s.getLeastSignificantBits());
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export function uuid(id: string, structured: boolean): shared.UUID {
  const out = new shared.UUID();
  if (!structured) return out.setString(id);
  const h = id.replace(/-/g, '');
  const signed = (hex: string) => BigInt.asIntN(64, BigInt(`0x${hex}`)).toString();
  return out.setStructured(
    new shared.UUID.Structured()
      .setMostSignificantBits(signed(h.slice(0, 16)))
      .setLeastSignificantBits(signed(h.slice(16))),
  );
}

export function recorded(r: Rec, structuredIds: boolean): ReadResp.ReadEvent.RecordedEvent {
  const e = new ReadResp.ReadEvent.RecordedEvent()
    .setId(uuid(r.id, structuredIds))
    .setStreamIdentifier(streamIdentifier(r.stream))
    .setStreamRevision(r.revision.toString())
    .setCommitPosition(r.position.toString())
    .setPreparePosition(r.position.toString())
    .setData(r.data)
    .setCustomMetadata(r.metadata);
  e.getMetadataMap()
    .set('type', r.type)
    .set('content-type', r.contentType)
    .set('created', r.createdTicks.toString());
  return e;
}

export function readEvent(r: Rec, structuredIds: boolean): ReadResp {
  return new ReadResp().setEvent(
    new ReadResp.ReadEvent()
      .setEvent(recorded(r, structuredIds))
      .setCommitPosition(r.position.toString()),
  );
}

// An RPC failure as the server sends it: a status, a message and trailers.
export function rpcError(
  code: status,
  details: string,
  trailers: Record<string, string> = {},
): ServiceError {
  const metadata = new Metadata();
  for (const [k, v] of Object.entries(trailers)) metadata.set(k, v);
  return Object.assign(new Error(details), { code, details, metadata });
}

export const errors = {
  notLeader: (host: string, port: number) =>
    rpcError(status.NOT_FOUND, 'Leader info available', {
      exception: 'not-leader',
      'leader-endpoint-host': host,
      'leader-endpoint-port': String(port),
    }),
  noLeaderInfo: () => rpcError(status.UNKNOWN, 'No leader info available in response'),
  notReady: () => rpcError(status.UNAVAILABLE, 'Server Is Not Ready'),
  tooBusy: () => rpcError(status.UNAVAILABLE, 'Server Is Too Busy'),
  // What a client sees when the node's connection drops under a call.
  unavailable: () => rpcError(status.UNAVAILABLE, 'Connection dropped'),
  streamDeleted: (stream: string) =>
    rpcError(status.FAILED_PRECONDITION, `Event stream '${stream}' is deleted.`, {
      exception: 'stream-deleted',
      'stream-name': stream,
    }),
  accessDenied: () =>
    rpcError(status.PERMISSION_DENIED, 'Access Denied', { exception: 'access-denied' }),
  unauthenticated: () => rpcError(status.UNAUTHENTICATED, 'Bad credentials'),
  wrongExpectedVersion: (op: string, stream: string, expected: Expected, actual?: bigint) =>
    rpcError(
      status.FAILED_PRECONDITION,
      `${op} failed due to WrongExpectedVersion. Stream: ${stream}, Expected version: ${String(expectedNumber(expected))}, Actual version: ${actual ?? ''}`,
      {
        exception: 'wrong-expected-version',
        'stream-name': stream,
        'expected-version': String(expectedNumber(expected)),
        'actual-version': actual === undefined ? '' : String(actual),
      },
    ),
};

// The server's numbers for the expected states.
export function expectedNumber(expected: Expected): bigint {
  if (expected === 'no_stream') return -1n;
  if (expected === 'any') return -2n;
  if (expected === 'stream_exists') return -4n;
  return expected;
}

// A BatchAppend failure travels in the response as a google.rpc.Status with a packed detail.
function packed(typeName: string, bytes: Uint8Array, message: string): Status {
  const any = new Any();
  any.pack(bytes, typeName);
  return new Status().setMessage(message).setDetails(any);
}

export const batchErrors = {
  wrongExpectedVersion: (current: bigint | undefined, expected: Expected) => {
    const d = new shared.WrongExpectedVersion();
    if (current === undefined) d.setCurrentNoStream(new PbEmpty());
    else d.setCurrentStreamRevision(current.toString());
    if (typeof expected === 'bigint') d.setExpectedStreamPosition(expected.toString());
    else if (expected === 'no_stream') d.setExpectedNoStream(new PbEmpty());
    else if (expected === 'stream_exists') d.setExpectedStreamExists(new PbEmpty());
    else d.setExpectedAny(new PbEmpty());
    return packed(
      'event_store.client.WrongExpectedVersion',
      d.serializeBinary(),
      'WrongExpectedVersion',
    );
  },
  streamDeleted: (stream: string) =>
    packed(
      'event_store.client.StreamDeleted',
      new shared.StreamDeleted().setStreamIdentifier(streamIdentifier(stream)).serializeBinary(),
      `Event stream '${stream}' is deleted.`,
    ),
  accessDenied: () =>
    packed(
      'event_store.client.AccessDenied',
      new shared.AccessDenied().serializeBinary(),
      'Access Denied',
    ),
  // A node that did not handle the write (not ready, too busy, no leader known): the server packs
  // an Empty, which the client cannot recognise.
  notHandled: (message: string) =>
    packed('google.protobuf.Empty', new PbEmpty().serializeBinary(), message),
};
