import { performance } from 'node:perf_hooks';

// Background reads (replays of a match, re-rulings, exports, whole-ledger scans, reads of many
// aliases, subscription replays) share one budget of a few milliseconds per turn of the event
// loop: between two slices the server reads its sockets and serves other requests, however many
// of them are asked for at once and of whatever kind. One millisecond: a write needs several turns,
// each behind a slice; under the attack mix of bench/attack.ts, 1 ms rather than 2 about halved
// the writer's p99 (300 to 150 ms on the shared machine), for little more turns' overhead.
export const SLICE_MS = 1;

// A slice held by one piece of work: `due()` once its time is spent, then `next()` waits for the
// next turn (other work and pending I/O go first); `away()` lets go while awaiting other I/O.
export interface Slice {
  due(): boolean;
  next(): Promise<void>;
  away<T>(io: Promise<T>): Promise<T>;
}

// Work waits in lanes (one per request when the caller names it; a string names a client, so all
// its requests share one lane), served in turn: an operation of a hundred aliases is one lane, so
// a request behind it waits for one slice, not a hundred.
export type Lane = object | string;

export class SliceQueue {
  // Held by the work running, or by a pending setImmediate that opens the next slice.
  private held = false;
  private endsAt = -Infinity;
  // Lanes with waiting work, in turn order; each lane's work oldest first.
  private readonly lanes = new Map<Lane, (() => void)[]>();

  // Slices that were spent and waited for the next turn (a test reads it).
  slices = 0;

  // Public so a test can set zero: every due() is then a slice boundary, whatever the machine.
  constructor(public sliceMs = SLICE_MS) {}

  async run<T>(work: (slice: Slice) => Promise<T>, lane: Lane = {}): Promise<T> {
    await this.take(lane);
    const slice: Slice = {
      due: () => performance.now() >= this.endsAt,
      next: async () => {
        this.give();
        await this.take(lane);
      },
      away: async (io) => {
        this.give();
        try {
          return await io;
        } finally {
          await this.take(lane);
        }
      },
    };
    try {
      return await work(slice);
    } finally {
      this.give();
    }
  }

  // Free with time left: go on in this turn. Free but spent (maybe by a replay's item a moment ago): wait
  // for the next turn, as when busy.
  private take(lane: Lane): Promise<void> {
    if (!this.held && performance.now() < this.endsAt) {
      this.held = true;
      return Promise.resolve();
    }
    const taken = new Promise<void>((resolve) => {
      const waiting = this.lanes.get(lane);
      if (waiting) waiting.push(resolve);
      else this.lanes.set(lane, [resolve]);
    });
    if (!this.held) this.rest();
    return taken;
  }

  // With time left in the slice, the next lane's work goes on in this turn; once it is spent, the
  // next holder starts from setImmediate, after the event loop has polled for I/O (the slice stays
  // held until then, so nothing else slips into this turn).
  private give(): void {
    if (performance.now() < this.endsAt) {
      if (!this.handOff()) this.held = false;
      return;
    }
    this.rest();
  }

  private rest(): void {
    this.held = true;
    this.slices += 1;
    setImmediate(() => {
      this.endsAt = performance.now() + this.sliceMs;
      if (!this.handOff()) this.held = false;
    });
  }

  // Wakes the oldest work of the lane whose turn it is; that lane goes to the back.
  private handOff(): boolean {
    const first = this.lanes.entries().next();
    if (first.done) return false;
    const [lane, waiting] = first.value;
    this.lanes.delete(lane);
    const next = waiting.shift()!;
    if (waiting.length > 0) this.lanes.set(lane, waiting);
    next();
    return true;
  }
}

// A GraphQL document longer than this (in characters) waits for a turn of the queue in its
// client's lane before it is parsed and validated: over HTTP (src/api/graphql/document-turns.ts)
// and over the WebSocket (src/live/live-gate.ts). Every document the apps send is shorter.
export const LONG_DOCUMENT = 4096;

// The server's one queue: every long read shares it.
export const longReads = new SliceQueue();
