export type Settled<R> = { ok: R } | { err: unknown };

interface Waiting<T, R> {
  request: T;
  resolve: (result: R) => void;
  reject: (err: unknown) => void;
}

// Group commit: appends requested while the previous group is being committed, or in the same
// turn of the event loop, share one transaction, so one fsync makes all of them durable.
// `commit` runs the whole group in one transaction, each request in its own savepoint: a request
// that fails (a conflict) is rolled back alone and the others commit. Nobody is answered before
// the transaction has committed, so an acknowledged write is a durable one. One group at a time.
export class GroupCommit<T, R> {
  private waiting: Waiting<T, R>[] = [];
  private inFlight: Promise<void> | null = null;
  private scheduled = false;
  // Transactions committed and the requests they carried, for metrics.
  readonly stats = { commits: 0, requests: 0 };

  constructor(private readonly commit: (requests: T[]) => Settled<R>[] | Promise<Settled<R>[]>) {}

  submit(request: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ request, resolve, reject });
      // setImmediate runs after the I/O callbacks of this turn: every request they carried joins.
      if (!this.scheduled && !this.inFlight) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          void this.flush();
        });
      }
    });
  }

  // Commits whatever is waiting, after the group in flight; resolves once nothing is waiting.
  async flush(): Promise<void> {
    while (this.inFlight || this.waiting.length > 0) {
      if (this.inFlight) {
        await this.inFlight;
        continue;
      }
      this.inFlight = this.run(this.waiting).finally(() => (this.inFlight = null));
      this.waiting = [];
    }
  }

  private async run(group: Waiting<T, R>[]): Promise<void> {
    let settled: Settled<R>[];
    try {
      settled = await this.commit(group.map((w) => w.request));
      this.stats.commits += 1;
      this.stats.requests += group.length;
    } catch (err) {
      // The commit itself failed (disk, lock timeout): nothing of the group was written.
      for (const w of group) w.reject(err);
      return;
    }
    settled.forEach((s, i) => ('ok' in s ? group[i].resolve(s.ok) : group[i].reject(s.err)));
  }
}

// Runs one request, turning its failure into a value so the rest of the group goes on.
export function settle<R>(run: () => R): Settled<R> {
  try {
    return { ok: run() };
  } catch (err) {
    return { err };
  }
}
