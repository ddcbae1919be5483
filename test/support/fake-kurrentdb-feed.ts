import type { Position } from '@kurrent/kurrentdb-client';

// The fake client's records and its live feed (subscribeToAll), kept apart from the streams.

export interface Rec {
  streamId: string;
  id: string;
  revision: bigint;
  type: string;
  data: unknown;
  metadata: unknown;
  position: Position;
}

export const cmp = (a: Position, b: Position): number =>
  a.commit !== b.commit
    ? a.commit < b.commit
      ? -1
      : 1
    : a.prepare === b.prepare
      ? 0
      : a.prepare < b.prepare
        ? -1
        : 1;

export function matches(r: Rec, filter?: { prefixes?: string[] }): boolean {
  return !filter?.prefixes || filter.prefixes.some((p) => r.streamId.startsWith(p));
}

export function resolved(r: Rec) {
  return {
    event: {
      streamId: r.streamId,
      id: r.id,
      isJson: true,
      revision: r.revision,
      type: r.type,
      created: new Date(0),
      // Stored as JSON text and parsed back, as the server does.
      data: JSON.parse(JSON.stringify(r.data)) as unknown,
      metadata: JSON.parse(JSON.stringify(r.metadata ?? {})) as unknown,
      position: r.position,
    },
  };
}

// Live subscriptions over the fake's log: woken on every write, ended by a drop.
export class FakeFeed {
  private readonly listeners = new Set<() => void>();
  private readonly drops = new Set<(err: Error) => void>();

  wake(): void {
    for (const l of this.listeners) l();
  }

  drop(err: Error): void {
    for (const d of [...this.drops]) d(err);
  }

  subscribe(
    log: readonly Rec[],
    options: { fromPosition?: Position | 'start'; filter?: { prefixes?: string[] } },
  ) {
    let after = options.fromPosition === 'start' ? undefined : options.fromPosition;
    let closed = false;
    let dropped: Error | null = null;
    let wake: (() => void) | null = null;
    const notify = () => wake?.();
    const drop = (err: Error) => {
      dropped = err;
      notify();
    };
    this.listeners.add(notify);
    this.drops.add(drop);
    const { listeners, drops } = this;
    const iterator = (async function* () {
      try {
        while (!closed) {
          if (dropped) throw dropped;
          const fresh = log.filter(
            (r) =>
              (after === undefined || cmp(r.position, after) > 0) && matches(r, options.filter),
          );
          for (const r of fresh) {
            after = r.position;
            yield resolved(r);
          }
          if (!fresh.length && !closed && !dropped)
            await new Promise<void>((resolve) => (wake = resolve));
        }
      } finally {
        listeners.delete(notify);
        drops.delete(drop);
      }
    })();
    return {
      [Symbol.asyncIterator]: () => iterator,
      unsubscribe: () => {
        closed = true;
        notify();
        return Promise.resolve();
      },
    };
  }
}
