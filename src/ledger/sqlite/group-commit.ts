type Settled<R> = { ok: R } | { err: unknown };

interface Waiting<T, R> {
  request: T;
  resolve: (result: R) => void;
  reject: (err: unknown) => void;
}

// Group commit: appends requested in the same turn of the event loop (concurrent commands on
// different matches) share one transaction, so one fsync makes all of them durable. `commit`
// runs the whole group in one transaction, each request in its own savepoint: a request that
// fails (a conflict) is rolled back alone and the others commit. Nobody is answered before the
// transaction has committed, so an acknowledged write is a durable one.
export class GroupCommit<T, R> {
  private waiting: Waiting<T, R>[] = [];
  // Transactions committed and the requests they carried, for metrics.
  readonly stats = { commits: 0, requests: 0 };

  constructor(private readonly commit: (requests: T[]) => Settled<R>[]) {}

  submit(request: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ request, resolve, reject });
      // setImmediate runs after the I/O callbacks of this turn: every request they carried joins.
      if (this.waiting.length === 1) setImmediate(() => this.flush());
    });
  }

  // Commits whatever is waiting now (before closing the database); a no-op when nothing is.
  flush(): void {
    const group = this.waiting;
    if (group.length === 0) return;
    this.waiting = [];
    let settled: Settled<R>[];
    try {
      settled = this.commit(group.map((w) => w.request));
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
