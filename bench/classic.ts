import 'reflect-metadata';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decide, evolve, type LedgerEvent, type MatchState } from '../src/domain';
import { matchStream, toAppend, toDomain } from '../src/ledger/envelope';
import { NO_STREAM, type StoredEvent } from '../src/ledger/event-store';
import { SqliteEventStore } from '../src/ledger/sqlite/sqlite-event-store';
import { simulateMatch, type SimulatedMatch } from '../test/support/simulator';
import { median, RUNS } from './common';

// Replay in memory and appends through the store, each beside a baseline of the same run.

const MATCHES = Number(process.env.BENCH_MATCHES ?? 300);

// Runs fn RUNS times after a warm-up and returns the median events per second.
function rate(events: number, fn: () => unknown): number {
  fn();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = process.hrtime.bigint();
    fn();
    times.push(Number(process.hrtime.bigint() - t0) / 1e9);
  }
  return events / median(times);
}

const fmt = (n: number) => `${Math.round(n).toLocaleString('en-US')}/s`;
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;

const metadata = {
  recordedBy: 'bench',
  role: 'SCORER' as const,
  recordedAt: '2026-11-29T12:00:00.000Z',
  occurredAt: '2026-11-29T12:00:00.000Z',
  origin: '127.0.0.1',
  commandId: '',
  correlationId: 'bench',
  causationId: null,
  engineVersion: 'bench',
  ruleProfile: 'FPB',
};

export async function benchClassic(): Promise<void> {
  const matches: SimulatedMatch[] = Array.from({ length: MATCHES }, (_, i) =>
    simulateMatch(i + 1, { matchId: `bench-${i + 1}` }),
  );
  const totalEvents = matches.reduce((n, m) => n + m.events.length, 0);
  const totalCommands = matches.reduce((n, m) => n + m.commands.length, 0);
  console.log(
    `Cue Ledger benchmarks — node ${process.version}, ${MATCHES} simulated 8-ball matches, ${totalEvents.toLocaleString('en-US')} events, ${totalCommands.toLocaleString('en-US')} commands; median of ${RUNS} runs (BENCH_RUNS)\n`,
  );

  benchReplay(matches, totalEvents);
  await benchAppend(matches);
}

// Replay from the stored form and re-adjudication, each beside a parse-only baseline.
function benchReplay(matches: SimulatedMatch[], totalEvents: number): void {
  // Stored form: the rows a replay reads back from the ledger (data and metadata as JSON text).
  const rows = matches.map((m) =>
    m.events.map((e, i) => ({
      stream: `match-${m.state.id}`,
      revision: i,
      type: e.type,
      data: JSON.stringify(e.data),
      metadata: JSON.stringify({ ...metadata, schemaVersion: e.version }),
    })),
  );

  const baseline = rate(totalEvents, () => {
    let n = 0;
    for (const stream of rows)
      for (const r of stream)
        n +=
          (JSON.parse(r.data) as object) &&
          (JSON.parse(r.metadata) as { schemaVersion: number }).schemaVersion;
    return n;
  });
  const replay = rate(totalEvents, () => {
    let last: MatchState | null = null;
    for (const stream of rows) {
      let state: MatchState | null = null;
      for (const r of stream) {
        const event: StoredEvent = {
          streamId: r.stream,
          revision: r.revision,
          position: 0n,
          eventId: '',
          type: r.type,
          data: JSON.parse(r.data),
          metadata: JSON.parse(r.metadata),
        };
        state = evolve(state, toDomain(event));
      }
      last = state;
    }
    return last;
  });
  const readjudicate = rate(totalEvents, () => {
    for (const m of matches) {
      let state: MatchState | null = null;
      for (const c of m.commands) for (const e of decide(c, state)) state = evolve(state, e);
    }
  });
  console.log('Replay (one core, in memory)');
  console.log(`  baseline: JSON.parse of each row + trivial fold  ${fmt(baseline)}`);
  console.log(
    `  replay: JSON.parse + evolve (projection)         ${fmt(replay)}   ${ratio(replay, baseline)} of baseline`,
  );
  console.log(
    `  re-adjudicate: decide + evolve, no parsing      ${fmt(readjudicate)}   ${ratio(readjudicate, baseline)} of baseline\n`,
  );
}

// Appends through the store beside raw better-sqlite3 inserts of the same rows, per sync mode.
async function benchAppend(matches: SimulatedMatch[]): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'cue-ledger-bench-'));
  try {
    console.log('Append to a SQLite file (one transaction per command, as the API writes)');
    for (const sync of ['NORMAL', 'FULL'] as const) {
      // FULL fsyncs each commit; fewer matches keep the run short while staying comparable.
      const subset =
        sync === 'FULL' ? matches.slice(0, Math.max(1, Math.floor(MATCHES / 10))) : matches;
      const rows = subset.map((m) =>
        m.batches.map((batch, i) =>
          toAppend(batch as LedgerEvent[], { ...metadata, commandId: `${m.state.id}-${i}` }),
        ),
      );
      const events = subset.reduce((n, m) => n + m.events.length, 0);
      let run = 0;

      const raw = await rateOnce(events, () =>
        rawInserts(join(dir, `raw-${sync}-${run++}.sqlite`), sync, subset, rows),
      );
      const store = await rateOnce(events, () =>
        storeAppends(join(dir, `store-${sync}-${run++}.sqlite`), sync, subset, rows),
      );
      console.log(
        `  synchronous=${sync.padEnd(6)} raw better-sqlite3 inserts ${fmt(raw)}; SqliteEventStore.append ${fmt(store)}   ${ratio(store, raw)} of raw (${events.toLocaleString('en-US')} events)`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

type Sync = 'NORMAL' | 'FULL';
type Batches = ReturnType<typeof toAppend>[][];

// The baseline: the same rows inserted with plain statements, one transaction per command.
function rawInserts(file: string, sync: Sync, subset: SimulatedMatch[], rows: Batches): void {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${sync}`);
  db.exec(`CREATE TABLE events (position INTEGER PRIMARY KEY AUTOINCREMENT, stream_id TEXT NOT NULL, revision INTEGER NOT NULL,
      event_id TEXT NOT NULL UNIQUE, type TEXT NOT NULL, data TEXT NOT NULL, metadata TEXT NOT NULL, UNIQUE (stream_id, revision))`);
  const insert = db.prepare(
    'INSERT INTO events (stream_id, revision, event_id, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const tx = db.transaction(
    (stream: string, first: number, batch: (typeof rows)[number][number]) => {
      batch.forEach((e, i) =>
        insert.run(
          stream,
          first + i,
          e.eventId,
          e.type,
          JSON.stringify(e.data),
          JSON.stringify(e.metadata),
        ),
      );
    },
  );
  subset.forEach((m, mi) => {
    let revision = 0;
    for (const batch of rows[mi]) {
      tx.immediate(matchStream(m.state.id), revision, batch);
      revision += batch.length;
    }
  });
  db.close();
}

async function storeAppends(
  file: string,
  sync: Sync,
  subset: SimulatedMatch[],
  rows: Batches,
): Promise<void> {
  const s = new SqliteEventStore({
    filename: file,
    synchronous: sync,
  });
  for (let mi = 0; mi < subset.length; mi++) {
    let head = -1;
    for (const batch of rows[mi]) {
      // Awaited as the API awaits it (the port is async for KurrentDB).
      await s.append(matchStream(subset[mi].state.id), batch, head < 0 ? NO_STREAM : head);
      head += batch.length;
    }
  }
  await s.close();
}

// Database runs write fresh files each time, so they are timed individually (median of RUNS).
async function rateOnce(events: number, fn: () => void | Promise<void>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = process.hrtime.bigint();
    await fn();
    times.push(Number(process.hrtime.bigint() - t0) / 1e9);
  }
  return events / median(times);
}
