import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TokenService } from '../src/api/auth/tokens';
import { DemoSeeder, seasonClock } from '../src/demo/seed-demo';
import { SqliteEventStore } from '../src/ledger/sqlite/sqlite-event-store';
import { MatchCommandService } from '../src/matches/match-commands.service';
import { MatchProjector } from '../src/projections/match-projector';
import { ReadModel } from '../src/projections/read-model';
import { featureProjections } from '../src/read-models';
import { RegistryCommandService } from '../src/registry/registry-commands.service';
import { ensureBuilt, startBuiltServer } from '../test/support/built-server';
import { GqlHttp } from './load/http';
import { percentile, spread } from './load/stats';

// BENCH_ONLY=attack: a writer's latency while anonymous clients send the attacks an earlier probe
// used to stall the server (aliased exports over the WebSocket, twenty feed backfills on one
// connection, aliased statsCsv and standings, competition exports, oversized WebSocket messages,
// downloads), against the compiled server with its default limits. Prints the writer's p99 under
// attack ÷ its p99 alone (target ≤ 3×) and the server's peak resident memory (target < 1 GB),
// min/median/max of three runs; the writes alone and under attack go in blocks in turn.
// BENCH_ATTACK_MATCHES sizes the ledger (default 100 demo matches, about 34,000 events),
// BENCH_ATTACK_WRITES the writer's requests per phase (default 300).

const SECRET = 'bench-attack-secret-0123456789abcdef0123456789';
const SEED = 1;
const MATCHES = Number(process.env.BENCH_ATTACK_MATCHES ?? 100);
const WRITES = Number(process.env.BENCH_ATTACK_WRITES ?? 300);
const RUNS = Number(process.env.BENCH_ATTACK_RUNS ?? 3);
// The writes of a phase go in this many blocks, alone and under attack in turn, so both phases
// see the same machine (other load on it comes and goes during a run).
const BLOCKS = 5;
const WARM_UP_MS = 1000;

async function seed(dir: string): Promise<number> {
  const store = new SqliteEventStore({
    filename: join(dir, 'ledger.sqlite'),
    synchronous: 'NORMAL',
  });
  const readModel = new ReadModel(':memory:', featureProjections());
  const projector = new MatchProjector(store, readModel);
  const clock = seasonClock();
  const report = await new DemoSeeder(
    new MatchCommandService(store, projector, clock),
    new RegistryCommandService(store, projector, clock),
  ).run({ players: 64, matches: MATCHES, seed: SEED });
  readModel.close();
  await store.close();
  return report.events;
}

const SCHEDULE = `mutation($input: ScheduleMatchInput!) { scheduleMatch(input: $input) { matchId revision } }`;

// The writer: one request at a time, each a new match; its latencies in ms.
async function writer(http: GqlHttp, token: string, n: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const input = {
      commandId: randomUUID(),
      raceTo: 3,
      players: [
        { id: `w-${i}-a`, name: 'Writer A' },
        { id: `w-${i}-b`, name: 'Writer B' },
      ],
    };
    const t = performance.now();
    const r = await http.post(SCHEDULE, { input }, token);
    times.push(performance.now() - t);
    if (!r.data?.scheduleMatch) throw new Error(`the writer was refused: ${JSON.stringify(r)}`);
  }
  return times;
}

// The child's word, or a failure when it exits first (the bench must not wait for ever).
const said = (child: ChildProcess, what: string) =>
  new Promise<void>((resolve, reject) => {
    const died = () => reject(new Error(`attacker exited before it said ${what}`));
    const heard = (m: unknown) => {
      if (m !== what) return;
      child.off('message', heard);
      child.off('exit', died);
      resolve();
    };
    child.once('exit', died);
    child.on('message', heard);
  });

// The writer's p99 alone and under attack: blocks of writes in turn, the attackers (a process of
// their own, attack-child.ts) switched on a moment before each block under attack and off, with
// nothing of theirs in flight, before each block alone.
async function alternate(url: string, http: GqlHttp, token: string) {
  const child = spawn(
    process.execPath,
    [
      '-r',
      'ts-node/register/transpile-only',
      join(__dirname, 'attack-child.ts'),
      url,
      String(SEED),
    ],
    { stdio: ['inherit', 'inherit', 'inherit', 'ipc'], env: process.env },
  );
  const alone: number[] = [];
  const attacked: number[] = [];
  try {
    await said(child, 'ready');
    const n = Math.ceil(WRITES / BLOCKS);
    for (let b = 0; b < BLOCKS; b++) {
      alone.push(...(await writer(http, token, n)));
      child.send('on');
      await new Promise((r) => setTimeout(r, WARM_UP_MS));
      attacked.push(...(await writer(http, token, n)));
      const off = said(child, 'off');
      child.send('off');
      await off;
    }
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  }
  return { alone: percentile(alone, 99), attacked: percentile(attacked, 99) };
}

// The server's peak resident memory so far (VmHWM), in MB.
function peakMb(pid: number): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

export async function benchAttack(): Promise<void> {
  ensureBuilt();
  const template = mkdtempSync(join(tmpdir(), 'cue-ledger-attack-'));
  const ratios: number[] = [];
  const peaks: number[] = [];
  try {
    const events = await seed(template);
    console.log(
      `attack: a ledger of ${MATCHES} demo matches, ${events} events; ${WRITES} writes a phase`,
    );
    const token = new TokenService({ secret: SECRET, issuer: 'cue-ledger' }).issue(
      'ADMIN',
      'bench-writer',
    );
    for (let run = 1; run <= RUNS; run++) {
      const dir = mkdtempSync(join(tmpdir(), 'cue-ledger-attack-run-'));
      cpSync(template, dir, { recursive: true });
      const server = await startBuiltServer({ dataDir: dir, env: { LEDGER_JWT_SECRET: SECRET } });
      try {
        const http = new GqlHttp(server.url, 1);
        await writer(http, token, 20);
        const { alone, attacked } = await alternate(server.url, http, token);
        const peak = peakMb(server.pid);
        ratios.push(attacked / alone);
        peaks.push(peak);
        console.log(
          `  run ${run}: writer p99 ${alone.toFixed(1)} ms alone, ${attacked.toFixed(1)} ms under attack (${(attacked / alone).toFixed(2)}×); server peak ${peak.toFixed(0)} MB`,
        );
      } finally {
        await server.stop();
        rmSync(dir, { recursive: true, force: true });
      }
    }
  } finally {
    rmSync(template, { recursive: true, force: true });
  }
  const r = spread(ratios);
  const p = spread(peaks);
  console.log(
    `attack: writer p99 under attack ÷ alone min/median/max ${r.min.toFixed(2)} / ${r.median.toFixed(2)} / ${r.max.toFixed(2)}× (target ≤ 3×); server peak memory ${p.min.toFixed(0)} / ${p.median.toFixed(0)} / ${p.max.toFixed(0)} MB (target < 1024)`,
  );
}
