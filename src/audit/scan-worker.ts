import { parentPort, workerData } from 'node:worker_threads';
import { EventStoreError } from '../ledger/event-store';
import { SqliteEventStore } from '../ledger/sqlite/sqlite-event-store';
import { verifyLedger } from '../ledger/ledger-verifier';
import { readjudicateLedger } from './readjudication';

// Whole-ledger scans of a SQLite ledger on a thread of their own (./ledger-scans.ts), so the
// server's event loop goes on answering while one runs. Each scan opens the file read-only.
export interface ScanWorkerData {
  filename: string;
}

export type ScanKind = 'verify' | 'readjudicate';

export interface ScanRequest {
  id: number;
  kind: ScanKind;
}

export type ScanReply =
  | { id: number; result: unknown }
  // `store`: an EventStoreError, rebuilt with its code on the other side.
  | { id: number; error: { message: string; code?: string; store?: boolean } };

async function scan(filename: string, kind: ScanKind): Promise<unknown> {
  const store = new SqliteEventStore({ filename, readOnly: true });
  try {
    return kind === 'verify' ? await verifyLedger(store) : await readjudicateLedger(store);
  } finally {
    await store.close();
  }
}

if (parentPort) {
  const port = parentPort;
  const { filename } = workerData as ScanWorkerData;
  port.on('message', (request: ScanRequest) => {
    scan(filename, request.kind).then(
      (result) => port.postMessage({ id: request.id, result } satisfies ScanReply),
      (err: unknown) => {
        const e = err as { message?: unknown; code?: unknown };
        const error = {
          message: typeof e.message === 'string' ? e.message : String(err),
          code: typeof e.code === 'string' ? e.code : undefined,
          store: err instanceof EventStoreError,
        };
        port.postMessage({ id: request.id, error } satisfies ScanReply);
      },
    );
  });
}
