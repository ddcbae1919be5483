import { createClient, type Client } from 'graphql-ws';
import { get } from 'node:http';
import WebSocket from 'ws';
import { demoCompetitions } from '../src/demo/demo-people';

// The attackers of BENCH_ONLY=attack, run in a process of their own (attack-child.ts), so their
// own client work does not delay the writer being measured. BENCH_ATTACK_MIX=feeds,statsCsv…:
// only those attackers (to see which one costs what).
const MIX = process.env.BENCH_ATTACK_MIX?.split(',').map((s) => s.trim());

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

// The mix is paused between the writer's blocks under attack (see attack.ts): `running` says
// whether the attackers go on, `done` ends them; `idle()` resolves once no attack is in flight.
export class AttackSwitch {
  running = false;
  done = false;
  private busy = 0;
  private waiters: (() => void)[] = [];

  set(running: boolean): void {
    this.running = running;
    this.wake();
  }

  end(): void {
    this.done = true;
    this.wake();
  }

  // Resolves when the attackers may go on (or are to end).
  go(): Promise<void> {
    if (this.running || this.done) return Promise.resolve();
    return new Promise((r) => this.waiters.push(r));
  }

  async step(work: () => Promise<unknown>): Promise<void> {
    this.busy += 1;
    try {
      await work().catch(() => undefined);
    } finally {
      this.busy -= 1;
      this.wake();
    }
  }

  async idle(): Promise<void> {
    while (this.busy > 0) await new Promise<void>((r) => this.waiters.push(r));
  }

  private wake(): void {
    this.waiters.splice(0).forEach((w) => w());
  }
}

// Up to `ms` while the switch stays on.
async function hold(on: AttackSwitch, ms: number): Promise<void> {
  for (let t = 0; t < ms && on.running && !on.done; t += 100)
    await new Promise((r) => setTimeout(r, 100));
}

// Every attacker loops while the switch is on, until it is ended; the mix is bounded (one of each
// at a time).
export function attack(url: string, seed: number, on: AttackSwitch): Promise<unknown> {
  const base = url.replace(/\/graphql$/, '');
  const competition = demoCompetitions(seed)[0].competitionId;
  const anon = (query: string) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    }).then((r) => r.arrayBuffer());
  const loop = async (name: string, step: () => Promise<unknown>) => {
    if (MIX && !MIX.includes(name)) return;
    for (await on.go(); !on.done; await on.go()) if (on.running) await on.step(step);
  };
  const exportsWs = wsClient(url);
  const feeds = wsClient(url);
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
      await hold(on, 2000);
      stops.forEach((s) => s());
    }),
    loop('statsCsv', () => anon(aliases(590, 'statsCsv'))),
    loop('standings', () =>
      anon(aliases(300, `standings(competitionId: "${competition}") { played }`)),
    ),
    loop('exports', () => anon(aliases(9, `ledgerExport(competitionId: "${competition}")`))),
    loop('oversized', () => oversized(url, 2_000_000)),
    loop('download', () => download(base, competition)),
  ]).finally(() => Promise.all([exportsWs.dispose(), feeds.dispose()]));
}
