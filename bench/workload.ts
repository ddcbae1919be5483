import Database from 'better-sqlite3';
import { copyFileSync } from 'node:fs';
import { type MatchCommand } from '../src/domain';
import type { Discipline } from '../src/domain/table/vocabulary';
import { eventIdFor, matchStream } from '../src/ledger/envelope';
import { NO_STREAM, type EventToAppend, type StoredEvent } from '../src/ledger/event-store';
import { sealEvents } from '../src/ledger/hash-chain';
import { SqliteEventStore } from '../src/ledger/sqlite/sqlite-event-store';
import type { CommandContext } from '../src/kernel/command-context';
import type { DataCodec } from '../src/ledger/sqlite/row-writer';
import { MatchCommandService } from '../src/matches/match-commands.service';
import { MatchProjector } from '../src/projections/match-projector';
import { ReadModel } from '../src/projections/read-model';
import { simulateMatch } from '../test/support/simulator';

// The bench workload: simulated matches recorded through the real write path (command service,
// decider, metadata, hash chain), then copied under new match ids into a ledger of any size.

const DISCIPLINES: Discipline[] = ['EIGHT_BALL', 'NINE_BALL', 'TEN_BALL'];
// What a browser sends; the write path keeps it in the origin log, out of the events.
const BROWSER =
  '203.0.113.7 Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const ctx = (commandId: string): CommandContext => ({
  actor: 'scorer-7',
  role: 'SCORER',
  access: { scope: 'ANY' },
  origin: BROWSER,
  commandId,
  correlationId: `corr-${commandId}`,
  causationId: null,
  occurredAt: null,
  expectedRevision: null,
});

// Records `count` matches (the three disciplines in turn) into a SQLite ledger file.
export async function recordTemplates(file: string, count: number): Promise<number> {
  const store = new SqliteEventStore({ filename: file, synchronous: 'NORMAL' });
  const readModel = new ReadModel(':memory:');
  let t = Date.parse('2026-11-29T12:00:00.000Z');
  const clock = { now: () => new Date((t += 1500)) };
  const service = new MatchCommandService(store, new MatchProjector(store, readModel), clock);
  for (let i = 0; i < count; i++) {
    const matchId = `tpl-${i}`;
    const sim = simulateMatch(1000 + i, { matchId, discipline: DISCIPLINES[i % 3] });
    for (const [c, command] of sim.commands.entries()) {
      const id = `${matchId}-${c}`;
      if (c === 0)
        await service.schedule(
          command as Extract<MatchCommand, { type: 'ScheduleMatch' }>,
          ctx(id),
        );
      else await service.handle(matchId, command, ctx(id));
    }
  }
  const n = (await store.readHeads()).heads.reduce((s, h) => s + h.revision + 1, 0);
  readModel.close();
  await store.close();
  return n;
}

// The template ledger's match streams, each as its commands' event groups.
async function templateCommands(file: string): Promise<StoredEvent[][][]> {
  const store = new SqliteEventStore({ filename: file, readOnly: true });
  const { heads } = await store.readHeads();
  const matches: StoredEvent[][][] = [];
  for (const h of heads.filter((x) => x.streamId.startsWith('match-'))) {
    const groups: StoredEvent[][] = [];
    for (const e of await store.readStream(h.streamId)) {
      const last = groups[groups.length - 1];
      const command = (e.metadata as { commandId?: string }).commandId;
      if (last && (last[0].metadata as { commandId?: string }).commandId === command) last.push(e);
      else groups.push([e]);
    }
    matches.push(groups);
  }
  await store.close();
  return matches;
}

// A template command copied into another match: new match id, command id, event ids and hash chain.
function copyOf(group: StoredEvent[], matchId: string): EventToAppend[] {
  return group.map((e, i) => {
    const meta = e.metadata as Record<string, unknown>;
    const commandId = `${String(meta.commandId)}~${matchId}`;
    const data =
      e.type === 'MatchScheduled' ? { ...(e.data as object), matchId } : (e.data as object);
    const { prevHash: _p, hash: _h, ...rest } = meta;
    return {
      eventId: eventIdFor(commandId, i),
      type: e.type,
      data,
      metadata: { ...rest, commandId, correlationId: `corr-${commandId}` },
    };
  });
}

// Commands per append when copying: a few round trips per match instead of one per command.
const CHUNK = 48;

// Writes at least `events` events into a new ledger file through the store's own append (so the
// stored form is exactly what the adapter writes), `tables` matches at a time, interleaved a few
// commands at a time as a venue records them. Hash chains are sealed again: the copy verifies.
// In the packed codec for a baseline that reads no records: then `baseline` is set to that file
// and `ledger` to a copy converted to records, as a writable open of this tree converts it.
export async function generateLedger(
  templateFile: string,
  files: { ledger: string; baseline: string },
  events: number,
  dataCodec: DataCodec = 'records',
  tables = 16,
): Promise<number> {
  const templates = await templateCommands(templateFile);
  const target = dataCodec === 'packed' ? `${files.ledger}.packed` : files.ledger;
  const store = new SqliteEventStore({ filename: target, synchronous: 'NORMAL', dataCodec });
  let written = 0;
  for (let copy = 0; written < events; copy++) {
    const cursors = Array.from({ length: tables }, (_, i) => ({
      commands: templates[(copy * tables + i) % templates.length],
      next: 0,
      matchId: `m${copy * tables + i}`,
      head: null as StoredEvent | null,
    }));
    while (written < events && cursors.some((c) => c.next < c.commands.length)) {
      const round = cursors.map(async (c) => {
        if (c.next >= c.commands.length) return;
        const stream = matchStream(c.matchId);
        const chunk = c.commands.slice(c.next, (c.next += CHUNK));
        const fresh = chunk.flatMap((g) => copyOf(g, c.matchId));
        const sealed = sealEvents(stream, c.head, fresh);
        const result = await store.append(stream, sealed, c.head?.revision ?? NO_STREAM);
        c.head = result.events[result.events.length - 1];
        written += sealed.length;
      });
      await Promise.all(round);
    }
  }
  await store.close();
  if (dataCodec === 'packed') {
    files.baseline = target;
    copyFileSync(target, files.ledger);
    await new SqliteEventStore({ filename: files.ledger, synchronous: 'NORMAL' }).close();
  }
  return written;
}

// Bytes per stored event as the adapter lays it out: its data (its stored values and its share of
// the key lists: the shapes and structures tables), its metadata (its own fields, its hashes, its share of its command's row).
export function storedSize(file: string): {
  data: number;
  packed: number;
  shapes: number;
  metadata: number;
  own: number;
  hashes: number;
  command: number;
  events: number;
} {
  const db = new Database(file, { readonly: true });
  const row = db
    .prepare<[], { packed: number; own: number; hashes: number; events: number }>(
      `SELECT AVG(LENGTH(CAST(data AS BLOB))) AS packed, AVG(LENGTH(CAST(metadata AS BLOB))) AS own,
       AVG(COALESCE(LENGTH(prev_hash), 0) + COALESCE(LENGTH(hash), 0)) AS hashes, COUNT(*) AS events FROM events`,
    )
    .get()!;
  const columns = (db.pragma('table_info(commands)') as { name: string }[])
    .filter((c) => c.name !== 'id')
    .map((c) => `COALESCE(LENGTH(CAST(${c.name} AS BLOB)), 0)`);
  const commands = db
    .prepare<[], number>(`SELECT COALESCE(SUM(${columns.join(' + ')}), 0) FROM commands`)
    .pluck()
    .get()!;
  const shapeBytes = db
    .prepare<[], number>(
      `SELECT COALESCE(SUM(8 + LENGTH(CAST(keys AS BLOB))), 0) FROM
         (SELECT keys FROM shapes UNION ALL SELECT keys FROM structures)`,
    )
    .pluck()
    .get()!;
  db.close();
  const command = commands / row.events;
  const shapes = shapeBytes / row.events;
  return {
    ...row,
    data: row.packed + shapes,
    shapes,
    command,
    metadata: row.own + row.hashes + command,
  };
}
