/// <reference lib="dom" />
import { openDB, type IDBPDatabase } from 'idb';
import type { ConsoleCommand, ServedEvent } from './commands';

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
// The match's events as last seen, so a reload offline still shows the game.
const HISTORY = 'history';

let db: Promise<IDBPDatabase> | null = null;
function open(): Promise<IDBPDatabase> {
  db ??= openDB(DB, 2, {
    upgrade(d, from) {
      if (from < 1) {
        const s = d.createObjectStore(STORE, { keyPath: 'seq', autoIncrement: true });
        s.createIndex('match', 'matchId');
      }
      if (from < 2) d.createObjectStore(HISTORY);
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

export async function saveHistory(matchId: string, events: ServedEvent[]): Promise<void> {
  await (await open()).put(HISTORY, events, matchId);
}

export async function savedHistory(matchId: string): Promise<ServedEvent[] | undefined> {
  return (await (await open()).get(HISTORY, matchId)) as ServedEvent[] | undefined;
}
