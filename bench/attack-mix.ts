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

// Every attacker loops until `stop` is set; the mix is bounded (one of each at a time).
export function attack(url: string, seed: number, stop: { done: boolean }): Promise<unknown> {
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
    while (!stop.done) await step().catch(() => undefined);
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
      await new Promise((r) => setTimeout(r, 2000));
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
