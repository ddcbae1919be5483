import { performance } from 'node:perf_hooks';

// Long reads (replays of a match, re-rulings, whole-ledger scans) run in slices of a few
// milliseconds, one slice per turn of the event loop across all of them: between two slices the
// server reads its sockets and serves other requests, however many replays are asked for at once.
export const SLICE_MS = 4;

// A slice held by one piece of work: `due()` once its time is spent, then `next()` waits for the
// next slice (other work and pending I/O go first); `away()` lets go while awaiting other I/O.
export interface Slice {
  due(): boolean;
  next(): Promise<void>;
  away<T>(io: Promise<T>): Promise<T>;
}

export class SliceQueue {
  private held = false;
  private endsAt = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly sliceMs = SLICE_MS) {}

  // Runs `work` in slices; work already waiting goes first.
  async run<T>(work: (slice: Slice) => Promise<T>): Promise<T> {
    await this.take();
    const slice: Slice = {
      due: () => performance.now() >= this.endsAt,
      next: async () => {
        this.give();
        await this.take();
      },
      away: async (io) => {
        this.give();
        try {
          return await io;
        } finally {
          await this.take();
        }
      },
    };
    try {
      return await work(slice);
    } finally {
      this.give();
    }
  }

  private take(): Promise<void> {
    if (!this.held) {
      this.held = true;
      this.endsAt = performance.now() + this.sliceMs;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  // The next holder starts from setImmediate, i.e. after the event loop has polled for I/O; the
  // slice stays held until then, so no other work slips into this turn.
  private give(): void {
    setImmediate(() => {
      const next = this.waiting.shift();
      if (!next) {
        this.held = false;
        return;
      }
      this.endsAt = performance.now() + this.sliceMs;
      next();
    });
  }
}

// The server's one queue: every long read shares it.
export const longReads = new SliceQueue();
