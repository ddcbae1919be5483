import { SingleBar } from 'cli-progress';
import type { EventStore } from '../ledger/event-store';
import type { MatchProjector } from './match-projector';

// How many events the ledger holds, from the store's head record (null when the store keeps
// none, e.g. KurrentDB: the rebuild then reports its count and rate without an end).
export async function ledgerSize(store: EventStore): Promise<number | null> {
  if (!store.readHeads) return null;
  const { heads } = await store.readHeads();
  return heads.reduce((n, h) => n + h.revision + 1, 0);
}

export interface Output {
  isTTY?: boolean;
  write(text: string): unknown;
}

export interface Progress {
  // The events done so far (a running total).
  update(done: number): void;
  stop(): void;
}

// Reports a long pass over the ledger (rebuild, verify, migrate): a bar with rate and ETA on a
// terminal, a plain line every `everyMs` otherwise (logs, CI), and a last line when it stops.
export function startProgress(
  label: string,
  total: number | null,
  out: Output = process.stdout,
  everyMs = 5000,
): Progress {
  const started = Date.now();
  let done = 0;
  const rate = () => Math.round(done / Math.max((Date.now() - started) / 1000, 0.001));
  if (out.isTTY) {
    const bar = new SingleBar({
      stream: out as NodeJS.WriteStream,
      format: `${label} {bar} {value}/{total} events | {rate}/s | ETA {eta_formatted}`,
      etaBuffer: 50,
    });
    bar.start(total ?? 0, 0, { rate: 0 });
    return {
      update: (n) => {
        done = n;
        if (total === null) bar.setTotal(done);
        bar.update(done, { rate: rate() });
      },
      stop: () => bar.stop(),
    };
  }
  let last = started;
  const line = () => {
    const eta =
      total && done ? Math.round(((total - done) / done) * ((Date.now() - started) / 1000)) : null;
    const of =
      total === null ? '' : `/${total} (${Math.floor((done / Math.max(total, 1)) * 100)}%)`;
    out.write(
      `${label}: ${done}${of} events, ${rate()}/s${eta === null ? '' : `, ETA ${eta} s`}\n`,
    );
  };
  return {
    update: (n) => {
      done = n;
      if (Date.now() - last < everyMs) return;
      last = Date.now();
      line();
    },
    stop: line,
  };
}

// Reports a rebuild as the projector commits it. Returns the function that ends the report.
export function reportRebuild(
  projector: MatchProjector,
  total: number | null,
  out: Output = process.stdout,
  everyMs = 5000,
): () => void {
  const progress = startProgress('rebuild', total, out, everyMs);
  let done = 0;
  const off = projector.onCommitted((b) => {
    done += b.events.length;
    progress.update(done);
  });
  return () => {
    off();
    progress.stop();
  };
}
