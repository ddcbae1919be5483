import { longReads, type SliceQueue } from './slices';

// Hands a long list to graphql-js an item at a time, in slices of the long-read queue: each item
// is a promise resolved in its turn, so graphql-js completes it (every field of every item) in
// that turn, not the whole list in one piece. After each item the loop lets that completion run
// before it asks whether the slice's time is spent, so the completion counts toward the slice.
// `shape` makes each item (in its slice too).
export function inSlices<S, T>(
  items: readonly S[],
  shape: (item: S) => T,
  lane: object,
  queue: SliceQueue = longReads,
): Promise<T>[] {
  const settle: { resolve(item: T): void; reject(err: unknown): void }[] = [];
  const out = items.map(
    (): Promise<T> => new Promise<T>((resolve, reject) => settle.push({ resolve, reject })),
  );
  void queue.run(async (slice) => {
    for (let i = 0; i < items.length; i++) {
      if (slice.due()) await slice.next();
      try {
        settle[i].resolve(shape(items[i]));
      } catch (err) {
        // A shape that fails fails its item (graphql-js reports it), not the rest.
        settle[i].reject(err);
      }
      // graphql-js's completion of item i is queued ahead of this continuation.
      await Promise.resolve();
    }
  }, lane);
  return out;
}
