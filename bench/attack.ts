import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { TokenService } from '../src/api/auth/tokens';
import { demoCompetitions } from '../src/demo/demo-people';
import { DemoSeeder, seasonClock } from '../src/demo/seed-demo';
import { SqliteEventStore } from '../src/ledger/sqlite/sqlite-event-store';
import { MatchCommandService } from '../src/matches/match-commands.service';
import { MatchProjector } from '../src/projections/match-projector';
import { ReadModel } from '../src/projections/read-model';
import { featureProjections } from '../src/read-models';
import { RegistryCommandService } from '../src/registry/registry-commands.service';
import { ensureBuilt, startBuiltServer, type BuiltServer } from '../test/support/built-server';
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
// BENCH_ATTACK_MIX=feeds,statsCsv…: only those attackers (to see which one costs what).
const MIX = process.env.BENCH_ATTACK_MIX?.split(',').map((s) => s.trim());

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

const aliases = (n: number, field: string) =>
  `{ ${Array.from({ length: n }, (_, i) => `a${i}: ${field}`).join(' ')} }`;

function wsClient(url: string): Client {
  return createClient({
    url: url.replace(/^http/, 'ws'),
    webSocketImpl: WebSocket,
    lazy: true,
    retryAttempts: 0,
  });
}

// One operation over graphql-ws until it completes or fails.
function wsOnce(client: Client, query: string): Promise<void> {
  return new Promise((resolve) => {
    client.subscribe(
      { query },
      { next: () => undefined, error: () => resolve(), complete: resolve },
    );
  });
}

// A raw graphql-ws session that sends one message of `bytes` bytes.
function oversized(url: string, bytes: number): Promise<void> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url.replace(/^http/, 'ws'), 'graphql-transport-ws');
    ws.on('open', () => {
      ws.send(JSON.stringify({ type: 'connection_init' }));
      const pad = '#'.padEnd(bytes, 'x');
      ws.send(
        JSON.stringify({
          id: '1',
          type: 'subscribe',
          payload: { query: `{ __typename }\n${pad}` },
        }),
      );
    });
    ws.on('close', () => resolve());
    ws.on('error', () => resolve());
  });
}

function download(base: string, competitionId: string): Promise<void> {
  return new Promise((resolve) => {
    get(`${base}/exports/ledger.ndjson?competitionId=${competitionId}`, (res) => {
      res.resume();
      res.on('end', resolve);
      res.on('error', () => resolve());
    }).on('error', () => resolve());
  });
}

// Every attacker loops until `stop` is set; the mix is bounded (one of each at a time).
function attack(server: BuiltServer, stop: { done: boolean }): Promise<unknown> {
  const base = server.url.replace(/\/graphql$/, '');
  const competition = demoCompetitions(SEED)[0].competitionId;
  const anon = (query: string) =>
    fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    }).then((r) => r.arrayBuffer());
  const loop = async (name: string, step: () => Promise<unknown>) => {
    if (MIX && !MIX.includes(name)) return;
    while (!stop.done) await step().catch(() => undefined);
  };
  const exportsWs = wsClient(server.url);
  const feeds = wsClient(server.url);
  return Promise.all([
    loop('wsExports', () =>
      wsOnce(exportsWs, aliases(20, `ledgerExport(competitionId: "${competition}")`)),
    ),
    loop('feeds', async () => {
      // Twenty backfills from the start on one connection, read for a while, then again.
      const stops = Array.from({ length: 20 }, () =>
        feeds.subscribe(
          { query: 'subscription { ledgerFeed(after: "0") { cursor event { type } } }' },
          { next: () => undefined, error: () => undefined, complete: () => undefined },
        ),
      );
      await new Promise((r) => setTimeout(r, 2000));
      stops.forEach((s) => s());
    }),
    loop('statsCsv', () => anon(aliases(590, 'statsCsv'))),
    loop('standings', () =>
      anon(aliases(300, `standings(competitionId: "${competition}") { played }`)),
    ),
    loop('exports', () => anon(aliases(9, `ledgerExport(competitionId: "${competition}")`))),
    loop('oversized', () => oversized(server.url, 2_000_000)),
    loop('download', () => download(base, competition)),
  ]).finally(() => Promise.all([exportsWs.dispose(), feeds.dispose()]));
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
        const stop = { done: false };
        const attackers = attack(server, stop);
        await new Promise((r) => setTimeout(r, 500));
        const attacked = percentile(await writer(http, token, WRITES), 99);
        stop.done = true;
        await attackers;
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
