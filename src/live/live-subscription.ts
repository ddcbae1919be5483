// One subscriber's stream: first the replay (pulled page by page as the client reads, so it never
// piles up), then live updates pushed by the hub into a bounded queue. A queue at its limit means
// the client reads slower than the ledger moves: the stream ends and `onOverflow` drops it.
export class LiveSubscription<T> implements AsyncIterableIterator<T> {
  private readonly queue: T[] = [];
  private waiter: ((result: IteratorResult<T>) => void) | null = null;
  private closed = false;

  constructor(
    private replay: Iterator<T> | AsyncIterator<T> | null,
    private readonly limit: number,
    private readonly onOverflow: (reason: string) => void,
    private readonly onClose: () => void,
  ) {}

  get depth(): number {
    return this.queue.length;
  }

  push(item: T): void {
    if (this.closed) return;
    if (this.waiter && this.replay === null) {
      const wake = this.waiter;
      this.waiter = null;
      wake({ value: item, done: false });
      return;
    }
    if (this.queue.length >= this.limit) {
      const reason = `Slow consumer: ${this.limit} updates were waiting to be sent`;
      this.end();
      this.onOverflow(reason);
      return;
    }
    this.queue.push(item);
  }

  async next(): Promise<IteratorResult<T>> {
    if (this.replay) {
      try {
        const r = await this.replay.next();
        // Closed while the page was read: nothing more is sent.
        if (this.closed) return { value: undefined, done: true };
        if (!r.done) return { value: r.value, done: false };
        this.replay = null;
      } catch (err) {
        this.end();
        throw err instanceof Error ? err : new Error(String(err));
      }
    }
    if (this.queue.length > 0) return Promise.resolve({ value: this.queue.shift()!, done: false });
    if (this.closed) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => (this.waiter = resolve));
  }

  return(): Promise<IteratorResult<T>> {
    this.end();
    return Promise.resolve({ value: undefined, done: true });
  }

  throw(err?: unknown): Promise<IteratorResult<T>> {
    this.end();
    return Promise.reject(err instanceof Error ? err : new Error(String(err)));
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  // Frees the queue at once (memory stays bounded even if the socket lingers) and unregisters.
  private end(): void {
    if (this.closed) return;
    this.closed = true;
    this.queue.length = 0;
    this.replay = null;
    this.waiter?.({ value: undefined, done: true });
    this.waiter = null;
    this.onClose();
  }
}
