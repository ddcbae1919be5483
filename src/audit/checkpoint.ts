import { createHash, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { canonicalJson } from '../domain';
import type { EventStore } from '../ledger/event-store';
import { chainFieldsOf, eventHash, GENESIS } from '../ledger/hash-chain';
import type { StoredEvent } from '../ledger/event-store';

export const CHECKPOINT_FORMAT = 'cue-ledger-checkpoint/1';

export interface StreamCheckpoint {
  streamId: string;
  revision: number;
  hash: string | null;
}

// The head of every stream and the ledger's last global position at one moment.
export interface Checkpoint {
  format: typeof CHECKPOINT_FORMAT;
  createdAt: string;
  position: string | null;
  events: number;
  streams: StreamCheckpoint[];
}

// What is published: the checkpoint, the Ed25519 signature over its canonical JSON, and which
// key signed it (sha256 of the public key, DER/SPKI). Verifiers use their own copy of the key.
export interface SignedCheckpoint {
  checkpoint: Checkpoint;
  keyId: string;
  signature: string;
}

export interface CheckpointBreak {
  streamId: string;
  revision: number;
  message: string;
}

const PAGE = 250;

export function keyIdOf(key: KeyObject): string {
  const pub = key.type === 'private' ? createPublicKey(key) : key;
  return createHash('sha256')
    .update(pub.export({ type: 'spki', format: 'der' }))
    .digest('hex');
}

// One pass over the global feed: the last event of each stream as stored.
export async function currentCheckpoint(store: EventStore, now: Date): Promise<Checkpoint> {
  const heads = new Map<string, StreamCheckpoint>();
  let position: bigint | null = null;
  let events = 0;
  for (let after: bigint | undefined; ; ) {
    const page = await store.readAll({ after, maxCount: PAGE });
    for (const e of page) {
      events += 1;
      position = e.position;
      heads.set(e.streamId, {
        streamId: e.streamId,
        revision: e.revision,
        hash: chainFieldsOf(e.metadata).hash ?? null,
      });
    }
    if (page.length < PAGE) break;
    after = page[page.length - 1].position;
    await nextTurn();
  }
  return {
    format: CHECKPOINT_FORMAT,
    createdAt: now.toISOString(),
    position: position === null ? null : position.toString(),
    events,
    streams: [...heads.values()].sort((a, b) => a.streamId.localeCompare(b.streamId)),
  };
}

export function checkpointFileName(c: Checkpoint): string {
  return `checkpoint-${c.position ?? 0}.json`;
}

export function signCheckpoint(checkpoint: Checkpoint, privateKey: KeyObject): SignedCheckpoint {
  return {
    checkpoint,
    keyId: keyIdOf(privateKey),
    signature: sign(null, Buffer.from(canonicalJson(checkpoint)), privateKey).toString('base64'),
  };
}

// Whether the checkpoint was signed by the holder of this public key, as it stands.
export function signatureHolds(signed: SignedCheckpoint, publicKey: KeyObject): boolean {
  if (signed.checkpoint?.format !== CHECKPOINT_FORMAT || typeof signed.signature !== 'string')
    return false;
  try {
    return verify(
      null,
      Buffer.from(canonicalJson(signed.checkpoint)),
      publicKey,
      Buffer.from(signed.signature, 'base64'),
    );
  } catch {
    return false;
  }
}

// Every stream the checkpoint names must still hold, at the revision it names, an event with the
// hash it names; the hash chain (checked by verifyLedger) then vouches for every earlier event.
// A stream with events at or before the checkpoint's position that it does not name was inserted
// afterwards with a forged past.
export async function compareWithCheckpoint(
  store: EventStore,
  checkpoint: Checkpoint,
): Promise<CheckpointBreak[]> {
  const expected = new Map(checkpoint.streams.map((s) => [s.streamId, s]));
  const found = new Set<string>();
  const breaks: CheckpointBreak[] = [];
  const limit = checkpoint.position === null ? -1n : BigInt(checkpoint.position);
  const unknown = new Set<string>();
  const chains = new Map<string, ChainCursor>();
  for (let after: bigint | undefined; ; ) {
    const page = await store.readAll({ after, maxCount: PAGE });
    for (const e of page) {
      const want = expected.get(e.streamId);
      if (!want) {
        if (e.position <= limit && !unknown.has(e.streamId)) {
          unknown.add(e.streamId);
          breaks.push({
            streamId: e.streamId,
            revision: e.revision,
            message: `${e.streamId} has events up to the checkpoint's position but the checkpoint does not name it`,
          });
        }
        continue;
      }
      if (e.revision > want.revision) continue;
      // The chain up to the signed head must hold too: the head's hash vouches for the events
      // before it only through their links.
      const problem = linkProblem(e, chains, want.revision);
      if (problem) {
        breaks.push({ streamId: e.streamId, revision: e.revision, message: problem });
        continue;
      }
      if (e.revision !== want.revision) continue;
      found.add(e.streamId);
      const hash = chainFieldsOf(e.metadata).hash ?? null;
      if (hash !== want.hash)
        breaks.push({
          streamId: e.streamId,
          revision: e.revision,
          message: `${e.streamId}@${e.revision} hashes to ${hash ?? '-'}, the checkpoint signed ${want.hash ?? '-'}: rewritten`,
        });
    }
    if (page.length < PAGE) break;
    after = page[page.length - 1].position;
    await nextTurn();
  }
  for (const s of checkpoint.streams)
    if (!found.has(s.streamId) && !chains.get(s.streamId)?.broken)
      breaks.push({
        streamId: s.streamId,
        revision: s.revision,
        message: `${s.streamId}@${s.revision}, signed in the checkpoint, is missing`,
      });
  return breaks;
}

interface ChainCursor {
  next: number;
  prevHash: string;
  broken: boolean;
}

// Why an event at or before its stream's signed revision breaks the chain that leads to the
// signed head (reported once per stream), or null when it links.
function linkProblem(
  e: StoredEvent,
  chains: Map<string, ChainCursor>,
  signedRevision: number,
): string | null {
  let cursor = chains.get(e.streamId);
  if (!cursor) chains.set(e.streamId, (cursor = { next: 0, prevHash: GENESIS, broken: false }));
  if (cursor.broken) return null;
  const { prevHash, hash } = chainFieldsOf(e.metadata);
  let why: string | null = null;
  if (e.revision !== cursor.next) why = `revision ${cursor.next} is missing or out of order`;
  else if (hash === undefined) why = 'it carries no hash';
  else if (prevHash !== cursor.prevHash) why = 'it does not link to the event before it';
  else {
    let actual: string | null;
    try {
      actual = eventHash(e);
    } catch {
      actual = null;
    }
    if (actual !== hash) why = 'its content no longer hashes to the hash it carries';
  }
  if (why === null) {
    cursor.next += 1;
    cursor.prevHash = hash!;
    return null;
  }
  cursor.broken = true;
  return `${e.streamId}@${e.revision}, at or before the signed revision ${signedRevision}, was rewritten: ${why}`;
}
