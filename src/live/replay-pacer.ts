import { performance } from 'node:perf_hooks';
import { SLICE_MS } from '../ledger/slices';

// Replays of subscriptions (a backfill after a cursor, a match's history before its live updates)
// share a budget of a few milliseconds per turn of the event loop. An item is produced only while
// this turn's budget lasts (the time between two items counts: graphql-ws shapes and sends the
// previous one in between, often without a turn, since a fast socket's write completes at once);
// once it is spent, replays wait for the next turn, one replay per turn in order, after the
// server has read its sockets, so HTTP requests and writes are served between slices.
export class ReplayPacer {
  private endsAt = -Infinity;
  private holder: object | null = null;
  private readonly waiting: { replay: object; go: () => void }[] = [];
  private scheduled = false;
  // Slices that began, for tests and /metrics-like counts.
  slices = 0;

  constructor(public sliceMs = SLICE_MS) {}

  // Resolves when `replay` may produce its next item: at once while the slice it holds (or a
  // slice nobody waits for) has time left, else on a later turn.
  turn(replay: object): Promise<void> {
    const free = this.holder === replay || this.waiting.length === 0;
    if (free && performance.now() < this.endsAt) {
      this.holder = replay;
      return Promise.resolve();
    }
    return new Promise((go) => {
      this.waiting.push({ replay, go });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      const next = this.waiting.shift();
      if (!next) return;
      this.slices += 1;
      this.holder = next.replay;
      this.endsAt = performance.now() + this.sliceMs;
      next.go();
      if (this.waiting.length > 0) this.schedule();
    });
  }
}

// The server's one pacer: every subscription's replay shares it.
export const replayPacer = new ReplayPacer();
