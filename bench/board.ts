import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { collect, liveClient } from '../test/support/live-client';
import { bearer, removeDir, startServer, type TestServer } from '../test/support/server';
import { RUNS, spread, spreadOf } from './common';

// The public board: what one page load costs the server (requests, in Debian's Chromium when it
// is there), and how long a write takes to reach a board following it (a graphql-ws client, as
// the page's own, subscribed to boardUpdated): p50 and p99 per run, min/median/max of the runs.

const WRITES = Number(process.env.BENCH_BOARD_WRITES ?? 60);
const VENUE = 'Bench Hall';
const CHROMIUM = '/usr/bin/chromium';
const ADMIN = bearer('ADMIN', 'admin-1');
const SCORER = bearer('SCORER', 'scorer-1');
const FIELDS = `revision currentGame { shooter ballsOnTable }`;

async function write(server: TestServer, name: string, input: Record<string, unknown>) {
  const type = `${name[0].toUpperCase()}${name.slice(1)}Input`;
  const res = await server.gql(
    `mutation($i: ${type}!) { ${name}(input: $i) { matchId match { ${FIELDS} } } }`,
    { i: { commandId: randomUUID(), ...input } },
    name === 'scheduleMatch' || name === 'assignOfficials' ? ADMIN : SCORER,
  );
  if (res.errors) throw new Error(`${name}: ${JSON.stringify(res.errors)}`);
  return res.data![name] as { matchId: string; match: { revision: number; currentGame: any } };
}

// A 9-ball match at the venue, broken and in play: each later write is a legal miss.
async function matchInPlay(server: TestServer, table: number) {
  const { matchId } = await write(server, 'scheduleMatch', {
    raceTo: 9,
    discipline: 'NINE_BALL',
    venue: VENUE,
    tableNumber: table,
    players: [
      { id: `a${table}`, name: `Player A${table}` },
      { id: `b${table}`, name: `Player B${table}` },
    ],
  });
  let r = await write(server, 'assignOfficials', {
    matchId,
    expectedRevision: 0,
    scorers: ['scorer-1'],
    referees: [],
  });
  const at = (rev: number) => ({ matchId, expectedRevision: rev });
  r = await write(server, 'decideBreakOrder', {
    ...at(r.match.revision),
    method: 'LAG',
    winner: `a${table}`,
  });
  r = await write(server, 'chooseOption', {
    ...at(r.match.revision),
    player: `a${table}`,
    option: 'BREAK',
  });
  r = await write(server, 'recordShot', {
    ...at(r.match.revision),
    shooter: `a${table}`,
    firstContact: 1,
    objectBallsDrivenToRail: 4,
    pocketed: [{ ball: 1, pocket: 'FR' }],
  });
  let state = r.match;
  // G1.19: the lowest ball hit first and a cushion after it; the turn passes, nothing ends.
  const miss = async () => {
    const next = await write(server, 'recordShot', {
      ...at(state.revision),
      shooter: state.currentGame.shooter,
      firstContact: Math.min(...state.currentGame.ballsOnTable),
      railContactsAfterFirstContact: [{ ball: 0 }],
    });
    state = next.match;
  };
  return { matchId, miss };
}

async function requestsPerLoad(origin: string, miss: () => Promise<void>): Promise<string> {
  if (!existsSync(CHROMIUM)) return `skipped (${CHROMIUM} is missing)`;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic'],
  });
  const totals: number[] = [];
  const queries: number[] = [];
  const sockets: number[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      let all = 0;
      let posts = 0;
      let ws = 0;
      page.on('request', (r) => {
        all += 1;
        if (r.method() === 'POST') posts += 1;
      });
      page.on('websocket', () => (ws += 1));
      await page.goto(`${origin}/board?venue=${encodeURIComponent(VENUE)}`);
      await page.waitForSelector('#live-state[data-state="connected"]');
      await page.waitForSelector('#playing [data-match]');
      // Writes while the page is open cost it nothing more.
      for (let i = 0; i < 10; i++) await miss();
      await page.waitForTimeout(200);
      totals.push(all + ws);
      queries.push(posts);
      sockets.push(ws);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return `${spread(spreadOf(totals))} (of which GraphQL queries ${spread(spreadOf(queries))}, WebSockets ${spread(spreadOf(sockets))}; empty cache, 10 writes during each load)`;
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

export async function benchBoard(): Promise<void> {
  const server = await startServer(undefined, { LEDGER_LOG_LEVEL: 'warn' });
  try {
    const origin = new URL(server.url).origin;
    const tables = await Promise.all([1, 2, 3, 4].map((t) => matchInPlay(server, t)));
    console.log(`\nboard (a venue of ${tables.length} matches in play; ${RUNS} runs)`);
    console.log(`  requests per board page load: ${await requestsPerLoad(origin, tables[0].miss)}`);
    const p50: number[] = [];
    const p99: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const live = liveClient(server.url);
      await live.connected;
      const sub = collect(
        live.client,
        `subscription($v: String) { boardUpdated(venue: $v) { cursor item { match { id revision } } } }`,
        { v: VENUE },
      );
      // The subscription is registered once an update reaches it.
      await tables[1].miss();
      await sub.until(1);
      const latencies: number[] = [];
      for (let i = 0; i < WRITES; i++) {
        const seen = sub.items.length;
        const t0 = process.hrtime.bigint();
        await tables[i % tables.length].miss();
        await sub.until(seen + 1);
        latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
      sub.stop();
      await live.client.dispose();
      p50.push(percentile(latencies, 50));
      p99.push(percentile(latencies, 99));
    }
    const ms = (n: number) => `${n.toFixed(1)} ms`;
    console.log(
      `  write to board (recordShot sent → boardUpdated received, ${WRITES} writes a run): p50 ${spread(spreadOf(p50), ms)}, p99 ${spread(spreadOf(p99), ms)}`,
    );
  } finally {
    await server.close();
    removeDir(server.dataDir);
  }
}
