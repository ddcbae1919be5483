/// <reference lib="dom" />
import { openDB, type IDBPDatabase } from 'idb';
import type { ConsoleCommand } from './commands';

// The device's outbox in IndexedDB: every command is stored here before it is sent, with the
// commandId made on the device and the revision it was decided on, and removed only once the
// server has answered it. A reload, a dropped connection or a closed tab loses nothing.
export interface Queued {
  seq?: number;
  matchId: string;
  commandId: string;
  expectedRevision: number;
  occurredAt: string;
  command: ConsoleCommand;
}

const DB = 'cue-ledger-console';
const STORE = 'outbox';

let db: Promise<IDBPDatabase> | null = null;
function open(): Promise<IDBPDatabase> {
  db ??= openDB(DB, 1, {
    upgrade(d) {
      const s = d.createObjectStore(STORE, { keyPath: 'seq', autoIncrement: true });
      s.createIndex('match', 'matchId');
    },
  });
  return db;
}

export async function enqueue(q: Queued): Promise<Queued> {
  const seq = (await (await open()).add(STORE, q)) as number;
  return { ...q, seq };
}

// In the order they were made (the key is an increasing counter).
export async function pending(matchId: string): Promise<Queued[]> {
  return (await (await open()).getAllFromIndex(STORE, 'match', matchId)) as Queued[];
}

export async function remove(seq: number): Promise<void> {
  await (await open()).delete(STORE, seq);
}

export async function replace(q: Queued): Promise<void> {
  await (await open()).put(STORE, q);
}
