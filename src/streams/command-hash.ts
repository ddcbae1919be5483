import { createHash } from 'node:crypto';
import { canonicalJson } from '../domain';
import type { StoredMetadata } from '../ledger/envelope';
import type { LoadedStream, StreamRecord } from './stream-type';

// Who wrote, and when the fact happened: the part of a write's context a retry must repeat.
export interface HashedContext {
  actor: string;
  occurredAt: string | null;
}

// What makes two commands "the same", for every stream: what the client sent, when it happened
// and who sent it. The expected revision is a precondition, not payload, so it is left out.
export function hashCommand(command: unknown, ctx: HashedContext): string {
  return sha256(canonicalJson({ command, occurredAt: ctx.occurredAt, actor: ctx.actor }));
}

// The registry's recipe before it shared the one above (no occurredAt): a retry of a registry
// command recorded then is still recognised.
export function registryHashBefore(command: unknown, ctx: HashedContext): string {
  return sha256(canonicalJson({ command, actor: ctx.actor }));
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export const commandHashOf = (r: StreamRecord): unknown =>
  (r.stored.metadata as Partial<StoredMetadata>).commandHash;

// The events of one command: contiguous in its stream (a command is appended at once).
export function commandRecords<S>(loaded: LoadedStream<S>, commandId: string): StreamRecord[] {
  const idOf = (r: StreamRecord) => (r.stored.metadata as StoredMetadata).commandId;
  if (!loaded.commands) return loaded.records.filter((r) => idOf(r) === commandId);
  const first = loaded.commands.get(commandId);
  if (first === undefined || first > loaded.revision) return [];
  const mine: StreamRecord[] = [];
  for (let i = first; i < loaded.records.length && idOf(loaded.records[i]) === commandId; i++)
    mine.push(loaded.records[i]);
  return mine;
}
