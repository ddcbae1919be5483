import { laterSupersession, tableWords, type MatchState } from '../domain';
import type { MatchRecord } from '../ledger/envelope';
import type { EventStore } from '../ledger/event-store';
import { longReads } from '../ledger/slices';
import type { MatchReplay } from '../kernel/match/match-replay.port';
import { withEvents, type AuditRow } from '../projections/audit-events';
import type { AuditFilter, ReadModel } from '../projections/read-model';
import { AuditQueryError } from './audit-errors';
import { slicedScans, type LedgerScans } from './ledger-scans';
import type { Verification } from '../ledger/ledger-verifier';
import { readjudicateStream, type Readjudication } from './readjudication';

// One page of the audit index: `rows` after the cursor, whether more follow, and how many events
// the filter matches in all.
export interface AuditPage {
  rows: AuditRow[];
  hasNextPage: boolean;
  totalCount: number;
}

function instant(value: string | undefined, name: string): string | undefined {
  if (value === undefined) return undefined;
  const t = Date.parse(value);
  if (Number.isNaN(t)) throw new AuditQueryError('BAD_USER_INPUT', `${name} is not an ISO instant`);
  // recordedAt is always written by toISOString (UTC, milliseconds), so it compares as text.
  return new Date(t).toISOString();
}

export interface Supersession {
  revision: number;
  type: string;
  what: string;
  recordedBy: string | null;
  recordedAt: string;
  revisions: number[];
  explanation: string;
  explanationPt: string;
}

function supersession(records: readonly MatchRecord[], revision: number): Supersession | null {
  const later = laterSupersession(records, revision);
  if (!later) return null;
  const { by } = later;
  const data = by.event.data as { explanation?: string; explanationPt?: string };
  return {
    revision: by.revision,
    type: by.event.type,
    what: tableWords(by.event.type),
    recordedBy: by.recordedBy,
    recordedAt: by.recordedAt,
    revisions: later.revisions,
    explanation: data.explanation ?? '',
    explanationPt: data.explanationPt ?? '',
  };
}

export class AuditService {
  // Whole-ledger scans run one at a time, in this lane; a scan asked for while the same scan is
  // running shares its result.
  private lane: Promise<unknown> = Promise.resolve();
  private readonly running = new Map<string, Promise<unknown>>();

  constructor(
    private readonly store: EventStore,
    private readonly readModel: ReadModel,
    private readonly replay: MatchReplay,
    // Told of each whole-ledger verification's result (the server's metrics).
    private readonly onVerified: (ok: boolean) => void = () => undefined,
    // Where whole-ledger scans run: a worker thread for a SQLite file (audit.module.ts).
    private readonly scans: LedgerScans = slicedScans(store),
  ) {}

  private exclusive<T>(key: string, work: () => Promise<T>): Promise<T> {
    const current = this.running.get(key);
    if (current) return current as Promise<T>;
    const run = this.lane.then(work, work);
    this.lane = run.catch(() => undefined);
    this.running.set(key, run);
    void run.finally(() => this.running.delete(key)).catch(() => undefined);
    return run;
  }

  // How many events a replay of this match (up to a revision) folds: its price.
  replayLength(matchId: string, revision: number | null): number {
    const recorded = this.readModel.match(matchId)?.version ?? 1;
    return revision === null ? recorded : Math.min(recorded, Math.max(0, revision) + 1);
  }

  // Found in the audit index the projector keeps in the read model (indexed by match, actor,
  // type and time; one SQL query per page), not by scanning the ledger; the page's events are
  // then read from the ledger by stream. `first` is checked by the caller; `after` is the
  // position of the last event of the previous page.
  async trail(filter: AuditFilter, first: number, after: bigint | undefined): Promise<AuditPage> {
    const normalised: AuditFilter = {
      ...filter,
      from: instant(filter.from, 'from'),
      to: instant(filter.to, 'to'),
    };
    const rows = this.readModel.audit(normalised, after, first + 1);
    return {
      rows: await withEvents(this.store, rows.slice(0, first)),
      hasNextPage: rows.length > first,
      totalCount: this.readModel.auditCount(normalised),
    };
  }

  // The match as it stood after each of `count` revisions from `from` (fewer at the stream's
  // end), folded from the ledger in one replay: a viewer steps through them without a request
  // per step.
  async statesFrom(
    matchId: string,
    from: number,
    count: number,
    lane?: object,
  ): Promise<MatchState[]> {
    return longReads.run(async (slice) => {
      const states: MatchState[] = [];
      const loaded = await this.replay.replay(
        matchId,
        slice,
        { maxCount: from + count },
        (revision, state) => {
          if (revision >= from) states.push(state);
        },
      );
      if (loaded.state === null)
        throw new AuditQueryError('NOT_FOUND', `No match with id ${matchId}`);
      return states;
    }, lane);
  }

  // The match as it stood after one revision, or after the last event recorded at or before an
  // instant, folded from the ledger itself (not the read model). Instants are matched against
  // recordedAt, which the server writes; occurredAt is the client's claim and is not used.
  async matchAt(
    matchId: string,
    revision: number | null,
    at: string | null,
    // The request asking: its replays wait in one lane of the long-read queue.
    lane?: object,
  ): Promise<{ state: MatchState; supersededBy: Supersession | null }> {
    if ((revision === null) === (at === null))
      throw new AuditQueryError('BAD_USER_INPUT', 'Give exactly one of revision and at');
    if (revision !== null && (!Number.isInteger(revision) || revision < 0))
      throw new AuditQueryError('BAD_USER_INPUT', 'revision must be a whole number from 0');
    const limit = at === null ? undefined : instant(at, 'at')!;
    return longReads.run(async (slice) => {
      const loaded = await this.replay.replay(matchId, slice, {
        ...(revision === null ? {} : { maxCount: revision + 1 }),
        ...(limit === undefined ? {} : { recordedAtOrBefore: limit }),
      });
      if (loaded.state === null) {
        const exists =
          limit !== undefined && (await this.replay.replay(matchId, slice, { maxCount: 1 }));
        if (exists && exists.state !== null)
          throw new AuditQueryError('NOT_FOUND', `Match ${matchId} had no events yet at ${at}`);
        throw new AuditQueryError('NOT_FOUND', `No match with id ${matchId}`);
      }
      if (revision !== null && loaded.revision < revision)
        throw new AuditQueryError(
          'NOT_FOUND',
          `Match ${matchId} has no revision ${revision} (its last is ${loaded.revision})`,
        );
      const { records } = await this.replay.replay(matchId, slice);
      return { state: loaded.state, supersededBy: supersession(records, loaded.revision) };
    }, lane);
  }

  verify(): Promise<Verification> {
    return this.exclusive('verify', async () => {
      const v = await this.scans.verify();
      this.onVerified(v.ok);
      return v;
    });
  }

  async readjudicate(matchId: string | null, lane?: object): Promise<Readjudication> {
    if (matchId === null) return this.exclusive('readjudicate', () => this.scans.readjudicate());
    return longReads.run(async (slice) => {
      const { records } = await this.replay.replay(matchId, slice);
      if (records.length === 0)
        throw new AuditQueryError('NOT_FOUND', `No match with id ${matchId}`);
      return readjudicateStream(matchId, records, slice);
    }, lane);
  }
}
