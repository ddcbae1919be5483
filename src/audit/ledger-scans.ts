import { extname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { EventStoreError, type EventStore, type EventStoreErrorCode } from '../ledger/event-store';
import { longReads } from '../ledger/slices';
import { verifyLedger, type Verification } from '../ledger/ledger-verifier';
import { readjudicateLedger, type Readjudication } from './readjudication';
import type { ScanKind, ScanReply, ScanWorkerData } from './scan-worker';

// The whole-ledger scans (hash chains, re-adjudication of every shot): the audit service runs
// them one at a time; where they run is chosen here.
export interface LedgerScans {
  verify(): Promise<Verification>;
  readjudicate(): Promise<Readjudication>;
  close(): Promise<void>;
}

// Any store: on the event loop, in slices of the long-read queue.
export function slicedScans(store: EventStore): LedgerScans {
  return {
    verify: () => longReads.run((slice) => verifyLedger(store, { slice })),
    readjudicate: () => longReads.run((slice) => readjudicateLedger(store, slice)),
    close: () => Promise.resolve(),
  };
}

// A SQLite file: on a worker thread with its own read-only connection, started at the first scan
// and kept for the next; the event loop only waits for the answer.
export class WorkerScans implements LedgerScans {
  // The running worker and the scans asked of it (a worker that dies fails only its own).
  private current: { worker: Worker; asked: Map<number, (reply: ScanReply) => void> } | null = null;
  private next = 0;
  private closed = false;

  constructor(private readonly filename: string) {}

  verify(): Promise<Verification> {
    return this.ask('verify') as Promise<Verification>;
  }

  readjudicate(): Promise<Readjudication> {
    return this.ask('readjudicate') as Promise<Readjudication>;
  }

  async close(): Promise<void> {
    this.closed = true;
    const current = this.current;
    this.current = null;
    await current?.worker.terminate();
  }

  private async ask(kind: ScanKind): Promise<unknown> {
    if (this.closed) throw new EventStoreError('UNAVAILABLE', 'The ledger is closed');
    const { worker, asked } = (this.current ??= this.start());
    const id = this.next++;
    const reply = await new Promise<ScanReply>((resolve) => {
      asked.set(id, resolve);
      // Held while it scans; idle, it does not keep the process alive.
      worker.ref();
      worker.postMessage({ id, kind });
    });
    if ('result' in reply) return reply.result;
    const { message, code, store } = reply.error;
    if (store && code) throw new EventStoreError(code as EventStoreErrorCode, message);
    throw Object.assign(new Error(message), code ? { code } : {});
  }

  private start(): NonNullable<WorkerScans['current']> {
    // Compiled, the worker is a .js file; under ts-node (tests, development) it is compiled too.
    const ext = extname(__filename);
    const file = join(__dirname, `scan-worker${ext}`);
    const boot = ext === '.ts' ? "require('ts-node/register/transpile-only');" : '';
    const worker = new Worker(`${boot}require(${JSON.stringify(file)});`, {
      eval: true,
      workerData: { filename: this.filename } satisfies ScanWorkerData,
    });
    const started = { worker, asked: new Map<number, (reply: ScanReply) => void>() };
    const { asked } = started;
    worker.unref();
    worker.on('message', (reply: ScanReply) => {
      asked.get(reply.id)?.(reply);
      asked.delete(reply.id);
      if (asked.size === 0) worker.unref();
    });
    // A worker that dies fails the scans it was running; the next scan starts a new one.
    const fail = (why: string) => {
      if (this.current === started) this.current = null;
      void worker.terminate();
      for (const answer of asked.values())
        answer({
          id: -1,
          error: { message: `The scan stopped: ${why}`, code: 'UNAVAILABLE', store: true },
        });
      asked.clear();
    };
    worker.on('error', (err) => fail(err.message));
    worker.on('messageerror', (err) => fail(err.message));
    worker.on('exit', (code) => fail(`its worker exited (${code})`));
    return started;
  }
}
