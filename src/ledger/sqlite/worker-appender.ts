import { extname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  EventStoreError,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStoreErrorCode,
  type ExpectedRevision,
} from '../event-store';
import type { AppendRequest } from './appender';
import type { AppendWorkerData, WireError } from './append-worker';
import type { Settled } from './group-commit';

type Reply =
  | { id: number; settled: ({ ok: AppendResult } | { err: WireError })[] }
  | { id: number; failed: WireError }
  | { id: number; closed: true };

// The main thread's side of the append worker: one group in flight at a time (GroupCommit
// waits), answered once the worker's transaction has committed.
export class WorkerAppender {
  private readonly worker: Worker;
  private readonly pending = new Map<number, (reply: Reply) => void>();
  private next = 0;
  private dead: EventStoreError | null = null;

  constructor(data: AppendWorkerData) {
    // Compiled, the worker is a .js file; under ts-node (tests, development) it is compiled too.
    const ext = extname(__filename);
    const file = join(__dirname, `append-worker${ext}`);
    const boot = ext === '.ts' ? "require('ts-node/register/transpile-only');" : '';
    this.worker = new Worker(`${boot}require(${JSON.stringify(file)});`, {
      eval: true,
      workerData: data,
    });
    this.worker.on('message', (reply: Reply) => {
      this.pending.get(reply.id)?.(reply);
      this.pending.delete(reply.id);
    });
    // A worker that dies fails what it was asked and everything after: the store is unusable.
    const fail = (why: string) => {
      this.dead = unavailable(`The ledger cannot append: ${why}`);
      for (const answer of this.pending.values())
        answer({
          id: -1,
          failed: { kind: 'store', code: 'UNAVAILABLE', message: this.dead.message },
        });
      this.pending.clear();
    };
    this.worker.on('error', (err) => fail(err.message));
    this.worker.on('exit', (code) => fail(`the append worker exited (${code})`));
  }

  async commit(requests: AppendRequest[]): Promise<Settled<AppendResult>[]> {
    const reply = await this.ask({ requests });
    if ('failed' in reply) throw fromWire(reply.failed);
    if (!('settled' in reply)) throw new Error('the append worker answered nothing');
    return reply.settled.map((s) => ('ok' in s ? s : { err: fromWire(s.err) }));
  }

  async close(): Promise<void> {
    if (this.dead) return;
    await this.ask({ close: true });
    // An append asked after this fails at once instead of waiting for a worker that is gone.
    this.dead = unavailable('The ledger is closed');
    this.worker.removeAllListeners('exit');
    await this.worker.terminate();
  }

  private ask(message: { requests?: AppendRequest[]; close?: true }): Promise<Reply> {
    if (this.dead) return Promise.reject(this.dead);
    const id = this.next++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.worker.postMessage({ id, ...message });
    });
  }
}

const unavailable = (message: string) => new EventStoreError('UNAVAILABLE', message);

function fromWire(w: WireError): Error {
  if (w.kind === 'conflict')
    return new WrongExpectedRevisionError(w.streamId, w.expected as ExpectedRevision, w.actual);
  if (w.kind === 'store') return new EventStoreError(w.code as EventStoreErrorCode, w.message);
  return Object.assign(new Error(w.message), w.code ? { code: w.code } : {});
}
