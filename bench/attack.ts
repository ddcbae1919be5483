import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
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
// min/median/max of three runs. BENCH_ATTACK_MATCHES sizes the ledger (default 100 demo matches,
// about 34,000 events), BENCH_ATTACK_WRITES the writer's requests per phase (default 300).

const SECRET = 'bench-attack-secret-0123456789abcdef0123456789';
const SEED = 1;
const MATCHES = Number(process.env.BENCH_ATTACK_MATCHES ?? 100);
const WRITES = Number(process.env.BENCH_ATTACK_WRITES ?? 300);
const RUNS = Number(process.env.BENCH_ATTACK_RUNS ?? 3);

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
        const alone = percentile(await writer(http, token, WRITES), 99);
        const attackers = spawn(
          process.execPath,
          [
            '-r',
            'ts-node/register/transpile-only',
            join(__dirname, 'attack-child.ts'),
            server.url,
            String(SEED),
          ],
          { stdio: 'inherit', env: process.env },
        );
        await new Promise((r) => setTimeout(r, 3000));
        const attacked = percentile(await writer(http, token, WRITES), 99);
        attackers.kill('SIGTERM');
        await new Promise((r) => attackers.once('exit', r));
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
