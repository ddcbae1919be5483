import Database from 'better-sqlite3';
import { Packr } from 'msgpackr';
import { unpackData } from '../src/ledger/sqlite/data-codec';
import { ShapeCache } from '../src/ledger/sqlite/shapes';
import { int, RUNS, rates, ratio, spread, spreadOf } from './common';

// The packed codec (src/ledger/sqlite/data-codec.ts) against msgpackr with records and shared
// structures (each key list stored once, as the shapes table does) on the same events: stored
// size of an event's data and the rate each decodes it at. Every event's data must come back
// equal from both, or the section fails.

const DECODES = Number(process.env.BENCH_CODEC_DECODES ?? 300_000);

interface Row {
  data: string;
  shape: number;
}

function packedRows(file: string): { rows: Row[]; shapesBytes: number; db: Database.Database } {
  const db = new Database(file, { readonly: true });
  const rows = db
    .prepare<[], Row>('SELECT data, shape FROM events WHERE shape IS NOT NULL ORDER BY position')
    .all();
  const shapesBytes = db
    .prepare<[], number>('SELECT COALESCE(SUM(length(keys)), 0) FROM shapes')
    .pluck()
    .get()!;
  return { rows, shapesBytes, db };
}

export async function benchCodec(file: string): Promise<void> {
  const { rows, shapesBytes, db } = packedRows(file);
  const cache = new ShapeCache(db);
  cache.reset(true);
  const values = rows.map((r) => unpackData(r.shape, r.data, cache.shapeOf));
  // Shared structures grow as the writer meets new key lists, as the shapes table does.
  const structures: string[][] = [];
  const writer = new Packr({ structures, maxSharedStructures: 8160, useRecords: true });
  const buffers = values.map((v) => writer.pack(v));
  const reader = new Packr({ structures, maxSharedStructures: 8160, useRecords: true });
  values.forEach((v, i) => {
    if (JSON.stringify(reader.unpack(buffers[i])) !== JSON.stringify(v))
      throw new Error(`msgpackr gave back event ${i} otherwise`);
  });
  const n = rows.length;
  const packedBytes = rows.reduce((s, r) => s + Buffer.byteLength(r.data), 0) / n;
  const msgBytes = buffers.reduce((s, b) => s + b.length, 0) / n;
  const structBytes = Buffer.byteLength(JSON.stringify(structures));
  // Each run decodes the events over and over (about DECODES in all), after a warm-up pass.
  const reps = Math.max(1, Math.round(DECODES / n));
  const timed = async (decode: () => void) => {
    decode();
    return spreadOf(await rates(n * reps, () => Array.from({ length: reps }, decode)));
  };
  const packed = await timed(() => {
    for (const r of rows) unpackData(r.shape, r.data, cache.shapeOf);
  });
  const msg = await timed(() => {
    for (const b of buffers) reader.unpack(b);
  });
  db.close();
  console.log(
    `\nEvent data codec (${int(n)} events of the template ledger, recorded through the write path, each decoded ${int(reps)} times a run; BENCH_CODEC_DECODES; min/median/max of ${RUNS} runs)`,
  );
  console.log(
    `  packed (JSON values + shapes table)   ${int(packedBytes)} B/event + ${int(shapesBytes)} B of key lists; decode ${spread(packed)}/s`,
  );
  console.log(
    `  msgpackr records, shared structures   ${int(msgBytes)} B/event + ${int(structBytes)} B of structures; decode ${spread(msg)}/s`,
  );
  console.log(
    `  msgpackr ÷ packed: size ${ratio(msgBytes, packedBytes)}, decode rate ${ratio(msg.median, packed.median)} (median)`,
  );
}
