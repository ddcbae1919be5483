/// <reference lib="dom" />
import type { LedgerEvent, MatchState, Ruling } from '../../domain';
import { canonicalJson } from '../../domain';
import { ApiError, history, NetworkError, send } from './api';
import { pick } from './i18n';
import {
  fold,
  provisional,
  rulingOf,
  toLedgerEvent,
  type ConsoleCommand,
  type ServedEvent,
} from './commands';
import { enqueue, pending, remove, replace, savedHistory, saveHistory, type Queued } from './queue';

// One match on this device: the state the server has confirmed, the outbox on top of it, and
// what the console shows (the server's state with the queued commands ruled provisionally).
export interface Outcome {
  seq: number;
  // The last revision the server's answer appended.
  revision: number;
  provisional: Ruling | null;
  server: Ruling | null;
  differs: boolean;
}

export type Stop =
  | { kind: 'conflict'; others: string[] }
  | { kind: 'refused'; code: string; message: string }
  | { kind: 'auth'; code: string };

export interface Snapshot {
  server: MatchState | null;
  events: { revision: number; event: LedgerEvent }[];
  shown: MatchState | null;
  queue: { q: Queued; ruled: LedgerEvent[] | null; error: string | null }[];
  online: boolean;
  stop: Stop | null;
  outcomes: Outcome[];
  lastPosition: string | null;
}

const RETRY_MS = 2000;

// An event another device wrote, for the conflict message: its type and its own explanation.
function describe(e: LedgerEvent): string {
  const data = e.data as { explanation?: string; explanationPt?: string; ruling?: Ruling };
  const text = data.ruling
    ? pick(data.ruling as never, 'explanation')
    : pick(data as never, 'explanation');
  return text ? `${e.type}: ${text}` : e.type;
}

export class Session {
  private server: MatchState | null = null;
  private events: { revision: number; event: LedgerEvent }[] = [];
  private served: ServedEvent[] = [];
  private queue: Queued[] = [];
  private online = true;
  private stop: Stop | null = null;
  private flushing = false;
  private outcomes: Outcome[] = [];
  private lastPosition: string | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private listeners = new Set<() => void>();

  constructor(
    readonly matchId: string,
    private readonly token: () => string | null,
  ) {
    addEventListener('online', () => this.flush());
  }

  onChange(fn: () => void): void {
    this.listeners.add(fn);
  }
  private changed(): void {
    for (const fn of this.listeners) fn();
  }

  async load(): Promise<void> {
    this.queue = await pending(this.matchId);
    try {
      await this.refresh();
    } catch (err) {
      // Opened with no network: the events this device saw last, and the outbox on top.
      const saved = err instanceof NetworkError ? await savedHistory(this.matchId) : undefined;
      if (!saved) throw err;
      this.apply(saved);
      this.offline();
    }
    void this.flush();
  }

  // The whole history again (at start, and after a conflict to see what the other device did).
  private async refresh(): Promise<void> {
    const served = await history(this.matchId);
    this.server = null;
    this.events = [];
    this.served = [];
    this.apply(served);
    this.changed();
  }

  // Events in stream order; anything already folded (a write's own events coming back through
  // the subscription) is skipped.
  apply(served: readonly ServedEvent[]): boolean {
    let any = false;
    for (const e of served) {
      if (e.revision !== (this.server?.version ?? 0)) continue;
      const event = toLedgerEvent(e);
      this.server = fold(this.server, [event]);
      this.events.push({ revision: e.revision, event });
      if (e.position) this.lastPosition = e.position;
      this.served.push(e);
      any = true;
    }
    if (any) void saveHistory(this.matchId, this.served).catch(() => undefined);
    return any;
  }

  live(served: ServedEvent): void {
    if (served.revision > (this.server?.version ?? 0)) void this.refresh();
    else if (this.apply([served])) this.changed();
  }

  snapshot(): Snapshot {
    let shown = this.server;
    const queue = this.queue.map((q) => {
      if (!shown) return { q, ruled: null, error: null };
      const p = provisional(shown, q.command);
      if (p && 'events' in p) {
        shown = fold(shown, p.events);
        return { q, ruled: p.events, error: null };
      }
      return { q, ruled: null, error: p && 'error' in p ? p.error : null };
    });
    return {
      server: this.server,
      events: this.events,
      shown,
      queue,
      online: this.online,
      stop: this.stop,
      outcomes: this.outcomes,
      lastPosition: this.lastPosition,
    };
  }

  // Queued first, sent after: the revision it was decided on is the one the console showed.
  async record(command: ConsoleCommand): Promise<void> {
    const shown = this.snapshot().shown;
    const q = await enqueue({
      matchId: this.matchId,
      commandId: crypto.randomUUID(),
      expectedRevision: (shown?.version ?? 1) - 1,
      occurredAt: new Date().toISOString(),
      command,
    });
    this.queue.push(q);
    this.changed();
    void this.flush();
  }

  async flush(): Promise<void> {
    if (this.flushing || this.stop) return;
    const token = this.token();
    if (!token) return;
    this.flushing = true;
    try {
      while (this.queue.length && !this.stop) {
        const q = this.queue[0];
        const before = this.snapshot().queue[0]?.ruled ?? null;
        let sent;
        try {
          sent = await send(
            q.command,
            {
              commandId: q.commandId,
              matchId: q.matchId,
              expectedRevision: q.expectedRevision,
              occurredAt: q.occurredAt,
            },
            token,
          );
        } catch (err) {
          if (err instanceof NetworkError) return this.offline();
          return await this.refused(err, q);
        }
        this.online = true;
        this.apply(sent.events);
        await remove(q.seq!);
        this.queue.shift();
        const server = rulingOf(sent.events.map(toLedgerEvent));
        const mine = before ? rulingOf(before) : null;
        if (server || mine)
          this.outcomes = [
            ...this.outcomes.slice(-20),
            {
              seq: q.seq!,
              revision: sent.revision,
              provisional: mine,
              server,
              differs: !!before && canonicalJson(mine) !== canonicalJson(server),
            },
          ];
        this.changed();
      }
    } finally {
      this.flushing = false;
    }
  }

  private offline(): void {
    this.online = false;
    this.changed();
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), RETRY_MS);
  }

  private async refused(err: unknown, q: Queued): Promise<void> {
    const code = err instanceof ApiError ? err.code : 'ERROR';
    const message = (err as Error).message;
    // A server draining for a restart, or a budget spent: the same command is sent again later
    // (its commandId makes the retry safe), never dropped.
    if (code === 'UNAVAILABLE' || code === 'RATE_LIMITED') return this.offline();
    this.online = true;
    if (code === 'CONFLICT') {
      // Another device wrote first: stop, show what it wrote, keep every queued command.
      await this.refresh().catch(() => undefined);
      const theirs = this.events.filter((e) => e.revision > q.expectedRevision);
      this.stop = { kind: 'conflict', others: theirs.map((e) => describe(e.event)) };
    } else if (['UNAUTHENTICATED', 'FORBIDDEN'].includes(code)) {
      this.stop = { kind: 'auth', code };
    } else this.stop = { kind: 'refused', code, message };
    this.changed();
  }

  // After a conflict: the queued commands, decided again on the state as it now stands (same
  // commandIds, new expected revisions), sent in order.
  async resume(): Promise<void> {
    let shown = this.server;
    for (const q of this.queue) {
      q.expectedRevision = (shown?.version ?? 1) - 1;
      await replace(q);
      const p = shown ? provisional(shown, q.command) : null;
      if (p && 'events' in p) shown = fold(shown, p.events);
    }
    this.stop = null;
    this.changed();
    await this.flush();
  }

  // The scorer's explicit choice after a refusal or a conflict, never done silently.
  async discardFirst(): Promise<void> {
    const q = this.queue.shift();
    if (q) await remove(q.seq!);
    this.stop = null;
    this.changed();
    await this.flush();
  }
}
