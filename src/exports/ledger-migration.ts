import { canonicalJson } from '../domain';
import { CodedError } from '../domain/coded-error';
import { verifyLedger, type Verification } from '../ledger/ledger-verifier';
import {
  NO_STREAM,
  type EventStore,
  type EventToAppend,
  type StoredEvent,
} from '../ledger/event-store';

// Copies a ledger into another store (SQLite or an export file into KurrentDB) as it is: the
// same streams, revisions, event ids, types, data and metadata, hash chain fields included. The
// chains are never re-sealed: the target must verify with the hashes the source recorded.
// Events are appended in the source's commit order, a run of consecutive events of one stream per
// append, each at the exact expected revision, so a re-run after an interruption finds a prefix
// already there: it checks those events are identical and skips them.

export type MigrationErrorCode =
  // The source does not verify: copying it would carry the damage over.
  | 'SOURCE_BROKEN'
  // The target holds an event that is not the source's at the same revision, or more events.
  | 'TARGET_DIFFERS'
  // After the copy, the target does not verify or does not hold what the source holds.
  | 'TARGET_MISMATCH';

export class MigrationError extends CodedError<MigrationErrorCode> {
  constructor(
    readonly code: MigrationErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface MigrationProgress {
  read: number;
  copied: number;
  skipped: number;
}

export interface MigrationReport extends MigrationProgress {
  streams: number;
  source: Verification;
  target: Verification;
}

const PAGE = 500;
// Events per append: well under KurrentDB's default append size limit with the ledger's events.
const MAX_RUN = 100;

async function* feed(store: EventStore): AsyncGenerator<StoredEvent[]> {
  let after: bigint | undefined;
  for (;;) {
    const page = await store.readAll({ after, maxCount: PAGE });
    if (page.length > 0) yield page;
    if (page.length < PAGE) return;
    after = page[page.length - 1].position;
  }
}

const sameEvent = (a: StoredEvent, b: StoredEvent): boolean =>
  a.eventId === b.eventId &&
  a.type === b.type &&
  canonicalJson(a.data ?? null) === canonicalJson(b.data ?? null) &&
  canonicalJson(a.metadata ?? null) === canonicalJson(b.metadata ?? null);

const toAppend = (e: StoredEvent): EventToAppend => ({
  eventId: e.eventId,
  type: e.type,
  data: e.data,
  metadata: e.metadata,
});

// What the target already holds of one stream, compared event by event as the source goes by.
class TargetStream {
  private readonly count: number;

  constructor(private existing: StoredEvent[]) {
    this.count = existing.length;
  }

  // True when the target already holds this very event; throws when it holds another one.
  holds(e: StoredEvent): boolean {
    if (e.revision >= this.count) return false;
    const there = this.existing[e.revision];
    if (there.revision !== e.revision || !sameEvent(there, e))
      throw new MigrationError(
        'TARGET_DIFFERS',
        `${e.streamId}@${e.revision} in the target is not the source's event (source ${e.eventId} ${e.type}, target ${there.eventId} ${there.type}): refusing to write on it`,
      );
    // Compared up to its end: the copies are no longer needed in memory.
    if (e.revision === this.count - 1) this.existing = [];
    return true;
  }

  // Events of this stream in the target beyond the source's last revision.
  extra(lastRevision: number): number {
    return Math.max(0, this.count - (lastRevision + 1));
  }
}

export async function migrateLedger(
  source: EventStore,
  target: EventStore,
  onProgress: (p: MigrationProgress) => void = () => {},
): Promise<MigrationReport> {
  const sourceCheck = await verifyLedger(source);
  if (!sourceCheck.ok)
    throw new MigrationError(
      'SOURCE_BROKEN',
      `the source does not verify (${sourceCheck.breaks.length} broken streams, first ${sourceCheck.firstBreak?.streamId}@${sourceCheck.firstBreak?.revision}): repair or restore it before moving it`,
    );
  const progress: MigrationProgress = { read: 0, copied: 0, skipped: 0 };
  const streams = new Map<string, TargetStream>();
  const last = new Map<string, number>();
  const stream = async (id: string): Promise<TargetStream> => {
    let s = streams.get(id);
    if (!s) {
      s = new TargetStream(await target.readStream(id));
      streams.set(id, s);
    }
    return s;
  };

  for await (const page of feed(source)) {
    let run: StoredEvent[] = [];
    const flush = async () => {
      if (run.length === 0) return;
      const first = run[0];
      await target.append(
        first.streamId,
        run.map(toAppend),
        first.revision === 0 ? NO_STREAM : first.revision - 1,
      );
      progress.copied += run.length;
      run = [];
    };
    for (const e of page) {
      progress.read += 1;
      last.set(e.streamId, e.revision);
      if ((await stream(e.streamId)).holds(e)) {
        await flush();
        progress.skipped += 1;
        continue;
      }
      if (run.length > 0 && (run[0].streamId !== e.streamId || run.length === MAX_RUN))
        await flush();
      run.push(e);
    }
    await flush();
    onProgress({ ...progress });
  }

  for (const [id, s] of streams) {
    const extra = s.extra(last.get(id)!);
    if (extra > 0)
      throw new MigrationError(
        'TARGET_DIFFERS',
        `${id} holds ${extra} more events in the target than in the source`,
      );
  }
  return {
    ...progress,
    streams: streams.size,
    source: sourceCheck,
    target: await check(target, sourceCheck),
  };
}

// The target verified with the ledger's own verifier, and holding as many streams and events.
async function check(target: EventStore, source: Verification): Promise<Verification> {
  const v = await verifyLedger(target);
  if (!v.ok)
    throw new MigrationError(
      'TARGET_MISMATCH',
      `the target does not verify after the copy: ${v.breaks.map((b) => `${b.reason} ${b.streamId}@${b.revision}`).join(', ')}`,
    );
  if (v.streams !== source.streams || v.events !== source.events)
    throw new MigrationError(
      'TARGET_MISMATCH',
      `the target holds ${v.streams} streams and ${v.events} events, the source ${source.streams} and ${source.events}`,
    );
  return v;
}
