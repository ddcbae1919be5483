import Database from 'better-sqlite3';
import { packData, shapeOf, unpackData, type Shape } from '../src/ledger/sqlite/data-codec';
import { RECORD, RecordReader } from '../src/ledger/sqlite/record-codec';
import { int, RUNS, rates, ratio, spread, spreadOf } from './common';

// The ledger's event data codec, records (msgpackr records with shared structures, what the
// write path stores: src/ledger/sqlite/record-codec.ts), against the packed codec it replaced
// (./data-codec.ts) on the same events: stored size of an event's data and the rate each decodes
// it at. Every event's data must come back equal from both, or the section fails.

const DECODES = Number(process.env.BENCH_CODEC_DECODES ?? 300_000);

// The template ledger's record rows, and the same data packed as the previous build stored it.
function bothCodecs(file: string) {
  const db = new Database(file, { readonly: true });
  const blobs = db
    .prepare<[number], Buffer>('SELECT data FROM events WHERE shape = ? ORDER BY position')
    .pluck()
    .all(RECORD);
  const structBytes = db
    .prepare<[], number>('SELECT COALESCE(SUM(length(keys)), 0) FROM structures')
    .pluck()
    .get()!;
  const records = new RecordReader(db);
  records.reset(true);
  const values = blobs.map((b) => records.decode(b));
  const lists: Shape[] = [];
  const ids = new Map<string, number>();
  const idOf = (keys: string[]) => {
    const json = JSON.stringify(keys);
    if (!ids.has(json)) ids.set(json, lists.push(shapeOf(keys)));
    return ids.get(json)!;
  };
  const packed = values.map((v) => packData(JSON.stringify(v), idOf)!);
  const shapeBytes = [...ids.keys()].reduce((s, k) => s + Buffer.byteLength(k), 0);
  return {
    db,
    blobs,
    records,
    values,
    packed,
    shapeOf: (id: number) => lists[id - 1],
    structBytes,
    shapeBytes,
  };
}

export async function benchCodec(file: string): Promise<void> {
  const c = bothCodecs(file);
  c.values.forEach((v, i) => {
    const back = unpackData(c.packed[i].shape, c.packed[i].data, c.shapeOf);
    if (JSON.stringify(back) !== JSON.stringify(v))
      throw new Error(`the packed codec gave back event ${i} otherwise`);
  });
  const n = c.blobs.length;
  const packedBytes = c.packed.reduce((s, p) => s + Buffer.byteLength(p.data), 0) / n;
  const recordBytes = c.blobs.reduce((s, b) => s + b.length, 0) / n;
  // Each run decodes the events over and over (about DECODES in all), after a warm-up pass.
  const reps = Math.max(1, Math.round(DECODES / n));
  const timed = async (decode: () => void) => {
    decode();
    return spreadOf(await rates(n * reps, () => Array.from({ length: reps }, decode)));
  };
  const packed = await timed(() => {
    for (const p of c.packed) unpackData(p.shape, p.data, c.shapeOf);
  });
  const records = await timed(() => {
    for (const b of c.blobs) c.records.decode(b);
  });
  c.db.close();
  console.log(
    `\nEvent data codec (${int(n)} events of the template ledger, recorded through the write path, each decoded ${int(reps)} times a run; BENCH_CODEC_DECODES; min/median/max of ${RUNS} runs)`,
  );
  console.log(
    `  packed (JSON values + shapes table), before   ${int(packedBytes)} B/event + ${int(c.shapeBytes)} B of key lists; decode ${spread(packed)}/s`,
  );
  console.log(
    `  records (msgpackr + structures table), now    ${int(recordBytes)} B/event + ${int(c.structBytes)} B of key lists; decode ${spread(records)}/s`,
  );
  console.log(
    `  records ÷ packed: size ${ratio(recordBytes, packedBytes)}, decode rate ${ratio(records.median, packed.median)} (median)`,
  );
}
