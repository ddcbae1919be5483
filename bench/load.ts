import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { TokenService } from '../src/api/auth/tokens';
import { ceilingLoad, longStream, writeLoad, type PhaseResult, type Tokens } from './load/clients';
import { GqlHttp } from './load/http';
import {
  addLatencies,
  Figures,
  key,
  report,
  SYNC_MODES,
  type Sync,
  type Target,
} from './load/report';
import { longMatch, matchPool, type MatchScript } from './load/scripts';
import { ensureBuilt, startServer } from './load/server';
import { num, percentile } from './load/stats';

// npm run bench:load [-- --against DIR]: the real server over real HTTP, K clients writing
// matches, beside the {__typename} ceiling measured on the same server in the same run.

const ROOT = join(__dirname, '..');

// A setting from the environment, refused unless it is a number from min up.
function setting(name: string, fallback: string, min: number, integer = true): number[] {
  const values = (process.env[name] || fallback).split(',').map(Number);
  if (values.some((v) => !(v >= min) || (integer && !Number.isInteger(v))))
    throw new Error(`${name} must be ${integer ? 'whole numbers' : 'numbers'} from ${min} up`);
  return values;
}
// BENCH_CLIENTS: the concurrencies, in order (e.g. "1,8,32").
const KS = setting('BENCH_CLIENTS', '1,8,32', 1);
const [SECONDS] = setting('BENCH_SECONDS', '10', 0.1, false);
const [WARMUP] = setting('BENCH_WARMUP', '2', 0, false);
const [RUNS] = setting('BENCH_RUNS', '3', 1);
const LONG_PAST = 2000;
const POOL = 60;

interface Setup {
  secret: string;
  tokens: Tokens;
  pool: MatchScript[];
  long: MatchScript;
  figures: Figures;
}

function mintTokens(secret: string, clients: number): Tokens {
  const service = new TokenService({ secret, issuer: 'cue-ledger' });
  // The longest an admin token may live by default: long enough for many runs.
  const lifetime = 12 * 3600;
  const role = (r: string, prefix: string) =>
    Array.from({ length: clients }, (_, i) => {
      const subject = `${prefix}-${i + 1}`;
      return { subject, token: service.issue(r, subject, lifetime) };
    });
  return {
    admin: service.issue('ADMIN', 'bench-admin', lifetime),
    scorers: role('SCORER', 'bench-scorer'),
    referees: role('REFEREE', 'bench-referee'),
  };
}

function progress(what: string, r: PhaseResult, unit: string): void {
  const rate = r.latencies.length / r.seconds;
  const [p50, p99] = [50, 99].map((p) => num(percentile(r.latencies, p), 1));
  const errors = r.errors ? `, ${r.errors} refused (first: ${r.firstError})` : '';
  console.error(`  ${what}: ${num(rate)} ${unit}, p50 ${p50} ms, p99 ${p99} ms${errors}`);
}

// One server (fresh ledger) of one checkout at one synchronous setting: every K in turn, the
// ceiling before the writes; at FULL, the long stream last.
async function runServer(s: Setup, t: Target, sync: Sync, run: number): Promise<void> {
  const server = await startServer({ root: t.root, synchronous: sync, jwtSecret: s.secret });
  const http = new GqlHttp(server.url, Math.max(...KS) + 1);
  const f = s.figures;
  const warm = WARMUP * 1000;
  const measure = SECONDS * 1000;
  let errors = 0;
  try {
    for (const k of KS) {
      const label = `run ${run} ${t.label} ${sync} K=${k}`;
      if (sync === 'FULL') {
        const c = await ceilingLoad(http, s.tokens, k, warm, measure);
        f.add(key.ceiling(t.label, k), c.latencies.length / c.seconds);
        addLatencies(f, t.label, 'CEILING', k, c.latencies);
        errors += c.errors;
        progress(`${label} {__typename}`, c, 'req/s');
      }
      const w = await writeLoad(http, s.tokens, s.pool, k, warm, measure);
      f.add(key.writes(t.label, sync, k), w.latencies.length / w.seconds);
      addLatencies(f, t.label, sync, k, w.latencies);
      errors += w.errors;
      progress(`${label} writes`, w, 'writes/s');
    }
    if (sync === 'FULL') {
      const l = await longStream(http, s.tokens, s.long, LONG_PAST);
      const [early, late] = [percentile(l.early, 50), percentile(l.late, 50)];
      f.add(key.early(t.label), early);
      f.add(key.late(t.label), late);
      console.error(
        `  run ${run} ${t.label} long stream: p50 ${num(early, 1)} ms at revisions 0–499, ${num(late, 1)} ms past ${num(LONG_PAST)} (${l.late.length} writes)`,
      );
    }
  } finally {
    http.close();
    await server.stop();
  }
  f.add(key.errors(t.label), errors);
}

function targets(): Target[] {
  const { values } = parseArgs({ options: { against: { type: 'string' } }, strict: true });
  const against = values.against ?? process.env.BENCH_AGAINST;
  const list: Target[] = [{ label: 'new', root: ROOT }];
  if (against) {
    const root = resolve(against);
    if (!existsSync(join(root, 'dist', 'main.js')))
      throw new Error(`${root}/dist/main.js is missing: build that checkout first (npm run build)`);
    list.push({ label: 'old', root });
  }
  return list;
}

async function main(): Promise<void> {
  const list = targets();
  ensureBuilt(ROOT);
  const secret = randomBytes(32).toString('hex');
  const pool = matchPool(POOL);
  const long = longMatch(LONG_PAST);
  const setup: Setup = {
    secret,
    tokens: mintTokens(secret, Math.max(...KS)),
    pool,
    long,
    figures: new Figures(),
  };
  const writes = pool.reduce((n, m) => n + m.writes.length + 2, 0);
  console.log(
    [
      `Cue Ledger load bench — node ${process.version}, ${availableParallelism()} cores shared by the server and the load generator (this process)`,
      `K = ${KS.join(', ')} clients, ${SECONDS} s measured after ${WARMUP} s warm-up (BENCH_SECONDS, BENCH_WARMUP); ${RUNS === 1 ? '1 run' : `${RUNS} runs, figures min/median/max`} (BENCH_RUNS)`,
      `Writes: ${POOL} simulated league matches in turn (8-, 9- and 10-ball, races to 2–5, ${num(writes / POOL)} writes a match on average, schedule and officials included); long stream: one ${long.label}, ${num(long.finalRevision)} revisions`,
      `Each run: a fresh ledger per server (NODE_ENV=production, log to a file), FULL then NORMAL, every checkout in turn`,
    ].join('\n'),
  );
  for (let run = 1; run <= RUNS; run++)
    for (const sync of SYNC_MODES) for (const t of list) await runServer(setup, t, sync, run);
  console.log(`\n${report(setup.figures, list, KS)}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
