import Database from 'better-sqlite3';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { NO_STREAM, type StoredEvent } from '../src/ledger/event-store';
import { SqliteEventStore } from '../src/ledger/sqlite/sqlite-event-store';
import { ratio, RUNS, seconds, spread, spreadOf } from './common';

// Single-event appends at synchronous=FULL (one durable commit per event), ours against a peer:
// Emmett's SQLite event store, installed for the bench only (npm install --prefix bench/peer),
// else raw better-sqlite3 single-row INSERT transactions.

const APPENDS = Number(process.env.BENCH_APPENDS ?? 1000);
// Events per stream: appends go to a stream at a time, as a match is recorded.
const PER_STREAM = 100;

type Payload = Pick<StoredEvent, 'type' | 'data' | 'metadata'>;

interface EmmettConnection {
  command(sql: string): Promise<unknown>;
  close(): void;
}
interface EmmettStore {
  appendToStream(stream: string, events: Payload[]): Promise<unknown>;
}
interface EmmettSqlite {
  getSQLiteEventStore(options: object): EmmettStore;
  sqliteConnection(options: { fileName: string }): EmmettConnection;
}

function loadEmmett(): EmmettSqlite | null {
  try {
    const load = createRequire(join(__dirname, 'peer', 'package.json'));
    return load('@event-driven-io/emmett-sqlite') as EmmettSqlite;
  } catch {
    return null;
  }
}

async function ours(file: string, events: Payload[]): Promise<number> {
  const store = new SqliteEventStore({ filename: file, synchronous: 'FULL' });
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < events.length; i++) {
    const revision = i % PER_STREAM;
    await store.append(
      `match-append-${Math.floor(i / PER_STREAM)}`,
      [{ eventId: `append-${i}`, ...events[i] }],
      revision === 0 ? NO_STREAM : revision - 1,
    );
  }
  const s = seconds(t0);
  await store.close();
  return events.length / s;
}

// Emmett at FULL with one shared connection: its default pool opens a connection per call (and
// here failed with SQLITE_BUSY on closing one under load).
async function emmett(peer: EmmettSqlite, file: string, events: Payload[]): Promise<number> {
  const connection = peer.sqliteConnection({ fileName: file });
  await connection.command('PRAGMA synchronous = FULL');
  const store = peer.getSQLiteEventStore({
    fileName: file,
    connectionOptions: { singleton: true, connection },
  });
  await store.appendToStream('match-warm-up', [events[0]]);
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < events.length; i++)
    await store.appendToStream(`match-append-${Math.floor(i / PER_STREAM)}`, [events[i]]);
  const s = seconds(t0);
  connection.close();
  return events.length / s;
}

function rawInserts(file: string, events: Payload[]): number {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec(`CREATE TABLE events (position INTEGER PRIMARY KEY, stream_id TEXT NOT NULL,
    revision INTEGER NOT NULL, type TEXT NOT NULL, data TEXT NOT NULL, metadata TEXT NOT NULL)`);
  const insert = db.prepare(
    'INSERT INTO events (stream_id, revision, type, data, metadata) VALUES (?, ?, ?, ?, ?)',
  );
  const one = db.transaction((i: number) => {
    const e = events[i];
    insert.run(
      `match-append-${Math.floor(i / PER_STREAM)}`,
      i % PER_STREAM,
      e.type,
      JSON.stringify(e.data),
      JSON.stringify(e.metadata),
    );
  });
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < events.length; i++) one.immediate(i);
  const s = seconds(t0);
  db.close();
  return events.length / s;
}

export async function benchPeerAppend(dir: string, sample: Payload[]): Promise<void> {
  const events = Array.from({ length: APPENDS }, (_, i) => sample[i % sample.length]);
  const peer = loadEmmett();
  const peers: [string, (file: string) => Promise<number> | number][] = peer
    ? [
        [
          "Emmett's SQLite store (emmett-sqlite 0.42, one shared connection)",
          (f) => emmett(peer, f, events),
        ],
      ]
    : [
        [
          'raw better-sqlite3 single-row INSERT transactions (Emmett not installed: npm install --prefix bench/peer)',
          (f) => rawInserts(f, events),
        ],
      ];
  const mine: number[] = [];
  const theirs = peers.map(() => [] as number[]);
  for (let run = 0; run < RUNS; run++) {
    mine.push(await ours(join(dir, `ours-${run}.sqlite`), events));
    for (const [i, [, append]] of peers.entries())
      theirs[i].push(await append(join(dir, `peer-${i}-${run}.sqlite`)));
  }
  console.log(
    `\nSingle-event appends at synchronous=FULL (${APPENDS} events, ${PER_STREAM} per stream; BENCH_APPENDS)`,
  );
  console.log(`  SqliteEventStore.append, one event per call   ${spread(spreadOf(mine))}/s`);
  for (const [i, [name]] of peers.entries()) {
    const ratios = spreadOf(mine.map((m, run) => m / theirs[i][run]));
    console.log(
      `  peer: ${name}  ${spread(spreadOf(theirs[i]))}/s; ours ${spread(ratios, (r) => ratio(r, 1))} of it`,
    );
  }
}
