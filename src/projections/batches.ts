const IDLE = Symbol('idle');

// Groups a live feed into batches: whatever has already arrived, up to `max`, is handed over as
// soon as the source has nothing more ready (one event loop turn), so a catch-up commits in large
// transactions and a quiet live feed commits each event without waiting.
export async function* batches<T>(source: AsyncIterable<T>, max: number): AsyncGenerator<T[]> {
  const it = source[Symbol.asyncIterator]();
  let pending: Promise<IteratorResult<T>> | null = null;
  let batch: T[] = [];
  try {
    for (;;) {
      pending ??= it.next();
      const next = batch.length === 0 ? await pending : await Promise.race([pending, idle()]);
      if (next === IDLE) {
        yield batch;
        batch = [];
        continue;
      }
      pending = null;
      if (next.done) {
        if (batch.length) yield batch;
        return;
      }
      batch.push(next.value);
      if (batch.length >= max) {
        yield batch;
        batch = [];
      }
    }
  } finally {
    await it.return?.();
  }
}

function idle(): Promise<typeof IDLE> {
  return new Promise((resolve) => setImmediate(() => resolve(IDLE)));
}
