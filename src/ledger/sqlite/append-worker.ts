import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { EventStoreError, WrongExpectedRevisionError } from '../event-store';
import { Appender, type AppendRequest } from './appender';
import type { DataCodec } from './row-writer';

// The append worker: the ledger's write connection on a thread of its own, so the server goes on
// deciding and answering while a group commit waits for its fsync (synchronous=FULL).
export interface AppendWorkerData {
  filename: string;
  synchronous: 'FULL' | 'NORMAL';
  headsTable: boolean;
  dataCodec: DataCodec;
}

// An error as it crosses the thread boundary: its kind and what rebuilds it on the other side.
export type WireError =
  | { kind: 'conflict'; streamId: string; expected: unknown; actual: number }
  | { kind: 'store'; code: string; message: string }
  | { kind: 'other'; message: string; code?: string };

export function toWire(err: unknown): WireError {
  if (err instanceof WrongExpectedRevisionError)
    return { kind: 'conflict', streamId: err.streamId, expected: err.expected, actual: err.actual };
  if (err instanceof EventStoreError)
    return { kind: 'store', code: err.code, message: err.message };
  const e = err as { message?: string; code?: string };
  return { kind: 'other', message: e.message ?? String(err), code: e.code };
}

if (parentPort) {
  const data = workerData as AppendWorkerData;
  const db = new Database(data.filename, { fileMustExist: true });
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${data.synchronous}`);
  db.pragma('busy_timeout = 5000');
  const appender = new Appender(db, data.headsTable, data.dataCodec);
  const port = parentPort;
  port.on('message', (msg: { id: number; requests?: AppendRequest[]; close?: true }) => {
    if (msg.close) {
      db.close();
      port.postMessage({ id: msg.id, closed: true });
      return;
    }
    try {
      const settled = appender.commit(msg.requests!);
      port.postMessage({
        id: msg.id,
        settled: settled.map((s) => ('ok' in s ? s : { err: toWire(s.err) })),
      });
    } catch (err) {
      port.postMessage({ id: msg.id, failed: toWire(err) });
    }
  });
}
