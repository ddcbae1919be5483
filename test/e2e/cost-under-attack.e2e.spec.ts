import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import { appendRecorded } from '../support/recorded-ledger';
import { ensureBuilt, startBuiltServer } from '../support/built-server';
import {
  bearer,
  post,
  removeDir,
  startServer,
  TEST_JWT_SECRET,
  type TestServer,
} from '../support/server';
import { simulateMatch } from '../support/simulator';

const LONG = 'long-match';
const MAX_COMPLEXITY = 5000;

// A ledger with one long match (the costliest replay) and a few short ones, written offline.
async function seedLedger(dataDir: string): Promise<number> {
  const store = new SqliteEventStore({
    filename: join(dataDir, 'ledger.sqlite'),
    synchronous: 'NORMAL',
  });
  const long = simulateMatch(11, { matchId: LONG, raceTo: 9 });
  await appendRecorded(store, LONG, long.batches);
  for (const seed of [1, 2, 3, 4, 5])
    await appendRecorded(
      store,
      `short-${seed}`,
      simulateMatch(seed, { matchId: `short-${seed}`, raceTo: 2 }).batches,
    );
  await store.close();
  return long.events.length;
}

// The heaviest reads an anonymous client can still send: as many aliased replays of the longest
// match as the complexity limit lets through (the attacker below also sends the same number of
// re-rulings, histories and exports of it, each priced as dearly).
function heaviestAnonymousQuery(aliases: number, revision: number, kind = 'matchAt'): string {
  const field: Record<string, string> = {
    matchAt: `matchAt(matchId: "${LONG}", revision: ${revision}) { id revision }`,
    readjudicate: `readjudicate(matchId: "${LONG}") { shotsChecked }`,
    matchHistory: `matchHistory(matchId: "${LONG}") { revision }`,
    ledgerExport: `ledgerExport(matchId: "${LONG}")`,
  };
  const fields = Array.from({ length: aliases }, (_, i) => `a${i}: ${field[kind]}`);
  return JSON.stringify({ query: `{ ${fields.join(' ')} }` });
}

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

describe('cost that matches the work', () => {
  let server: TestServer;
  let longEvents: number;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cue-ledger-cost-'));
    longEvents = await seedLedger(dir);
    // The default cost budget per client (50,000 points a minute).
    server = await startServer(dir, { LEDGER_RATE_COST_LIMIT: '' });
  }, 120_000);
  afterAll(async () => {
    await server.close();
    removeDir(server.dataDir);
  });

  it('whole-ledger scans need an ADMIN or APPEALS_COMMITTEE token', async () => {
    const q = '{ verifyLedger { ok } }';
    expect((await server.gql(q)).errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    expect((await server.gql(q, {}, bearer('PLAYER', 'ana'))).errors?.[0].extensions.code).toBe(
      'FORBIDDEN',
    );
    const wide = '{ readjudicate { shotsChecked } }';
    expect((await server.gql(wide)).errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    const admin = await server.gql(q, {}, bearer('ADMIN', 'admin-1'));
    expect(admin.data?.verifyLedger).toEqual({ ok: true });
    const committee = await server.gql(wide, {}, bearer('APPEALS_COMMITTEE', 'ac-1'));
    expect(committee.errors).toBeUndefined();
    // One match stays public, priced by its events.
    const one = await server.gql(`{ readjudicate(matchId: "short-1") { shotsChecked } }`);
    expect(one.errors).toBeUndefined();
  });

  it('nine aliased scans by an admin run as one', async () => {
    const aliases = Array.from({ length: 9 }, (_, i) => `v${i}: verifyLedger { ok events }`);
    const res = await server.gql(`{ ${aliases.join(' ')} }`, {}, bearer('ADMIN', 'admin-1'));
    expect(res.errors).toBeUndefined();
    expect(new Set(Object.values(res.data!).map((v) => JSON.stringify(v))).size).toBe(1);
  });

  it('prices a replay by the events it folds: aliased replays stop at the complexity limit', async () => {
    // 3 static points an alias, then one point per event replayed.
    const fits = Math.floor(MAX_COMPLEXITY / (longEvents + 3));
    const ok = await post(server.url, heaviestAnonymousQuery(fits, longEvents - 1));
    expect(ok.body.errors).toBeUndefined();
    expect(Object.keys(ok.body.data)).toHaveLength(fits);
    // 100 aliases: the most a document may hold.
    for (const aliases of [fits + 1, 100]) {
      const over = await post(server.url, heaviestAnonymousQuery(aliases, longEvents - 1));
      expect(over.body.errors?.[0].extensions).toMatchObject({
        code: 'QUERY_TOO_COMPLEX',
        maximum: MAX_COMPLEXITY,
      });
    }
  });

  it('refuses a document of more than 4,000 tokens while parsing, before validating it', async () => {
    // 1,200 aliases of a replay (about 17,000 tokens): the repro of one request holding the server.
    const huge = await post(server.url, heaviestAnonymousQuery(1200, longEvents - 1));
    expect(huge.status).toBe(400);
    expect(huge.body.errors).toHaveLength(1);
    expect(huge.body.errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
    expect(huge.body.errors[0].message).toMatch(/4000 tokens/);
    // The same 4,000 tokens of cheap fields are refused as well: the count is of the document.
    const cheap = Array.from({ length: 1400 }, (_, i) => `a${i}: __typename`).join(' ');
    const refused = await post(server.url, JSON.stringify({ query: `{ ${cheap} }` }));
    expect(refused.body.errors?.[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
    // Just under the token cap, a document of 1,300 aliases parses, and is refused for its aliases
    // (at most 100) before it is validated.
    const many = Array.from({ length: 1300 }, (_, i) => `a${i}: __typename`).join(' ');
    const aliased = await post(server.url, JSON.stringify({ query: `{ ${many} }` }));
    expect(aliased.status).toBe(400);
    expect(aliased.body.errors?.[0].extensions).toMatchObject({
      code: 'QUERY_TOO_COMPLEX',
      aliases: 1300,
      maximum: 100,
    });
    const fits = Array.from({ length: 100 }, (_, i) => `a${i}: __typename`).join(' ');
    const served = await post(server.url, JSON.stringify({ query: `{ ${fits} }` }));
    expect(served.body.errors).toBeUndefined();
    expect(Object.keys(served.body.data)).toHaveLength(100);
  });

  it('prices a match history and a match export by the events they read', async () => {
    for (const field of [
      `matchHistory(matchId: "${LONG}") { revision }`,
      `ledgerExport(matchId: "${LONG}")`,
    ]) {
      const one = await server.gql(`{ a0: ${field} }`);
      expect(one.errors).toBeUndefined();
      // Nine of them would read 9 × 605 events: over the limit, refused before the reads.
      const nine = Array.from({ length: 9 }, (_, i) => `a${i}: ${field}`).join(' ');
      const over = await server.gql(`{ ${nine} }`);
      expect(over.errors?.[0].extensions).toMatchObject({
        code: 'QUERY_TOO_COMPLEX',
        maximum: MAX_COMPLEXITY,
      });
    }
  });

  // Rounds of 20 concurrent requests (half writes, half reads, from token holders).
  async function rounds(url: string, n: number): Promise<number[]> {
    const admin = bearer('ADMIN', 'admin-1');
    const reader = bearer('PLAYER', 'reader-1');
    const timings: number[] = [];
    const schedule = `mutation($input: ScheduleMatchInput!) { scheduleMatch(input: $input) { matchId } }`;
    const players = [
      { id: 'ana', name: 'Ana' },
      { id: 'bruno', name: 'Bruno' },
    ];
    for (let round = 0; round < n; round++) {
      const calls = Array.from({ length: 20 }, async (_, i) => {
        const started = performance.now();
        const body =
          i % 2 === 0
            ? {
                query: schedule,
                variables: { input: { commandId: randomUUID(), raceTo: 2, players } },
              }
            : { query: `{ match(id: "short-${1 + (i % 5)}") { id revision } }` };
        const res = await post(url, JSON.stringify(body), i % 2 === 0 ? admin : reader);
        timings.push(performance.now() - started);
        expect(res.body.errors).toBeUndefined();
      });
      await Promise.all(calls);
    }
    return timings;
  }

  // Warm-up, a round without the attack, then the rounds under it.
  async function underAttack(url: string) {
    // Warm first (the first requests compile the server's code paths), then the same load
    // without an attack, as the yardstick: 400 requests each, so p99 is not just the slowest two.
    await rounds(url, 10);
    const quiet = await rounds(url, 20);
    const kinds = ['matchAt', 'readjudicate', 'matchHistory', 'ledgerExport'];
    const attacks = kinds.map((kind) =>
      heaviestAnonymousQuery(Math.floor(MAX_COMPLEXITY / (longEvents + 3)), longEvents - 1, kind),
    );
    let attacking = true;
    let served = 0;
    let limited = 0;
    // It keeps asking; its budget runs out after ten of them and the rest are refused cheaply.
    const attacker = (async () => {
      while (attacking) {
        const res = await post(url, attacks[(served + limited) % attacks.length]);
        if (res.body.errors?.[0]?.extensions.code === 'RATE_LIMITED') limited += 1;
        else {
          expect(res.body.errors).toBeUndefined();
          served += 1;
        }
      }
    })();
    await new Promise((r) => setTimeout(r, 50));
    const timings = await rounds(url, 20);
    attacking = false;
    await attacker;
    return { quiet, timings, served, limited };
  }

  // A latency target only means something on a machine that is not already saturated: this
  // test runs when LATENCY_TEST=1 (on a quiet machine) and is skipped with a message otherwise.
  // `bash .ci/node24 npx jest …` runs it on the production image's runtime.
  const latency = process.env.LATENCY_TEST === '1' ? it : it.skip;
  if (process.env.LATENCY_TEST !== '1')
    console.log(
      'latency-under-attack test skipped: set LATENCY_TEST=1 on a quiet machine to run it',
    );

  latency(
    '20 concurrent writes and reads answer with p99 under 100 ms while the heaviest anonymous operation runs',
    async () => {
      // The server as an operator runs it (compiled, NODE_ENV=production, its own process, its
      // log in a file, synchronous=FULL), on a ledger of its own; in this process, the clients'
      // own work would queue behind its slices and count in its latency.
      ensureBuilt();
      const dir = mkdtempSync(join(tmpdir(), 'cue-ledger-latency-'));
      const measured = await (async () => {
        await seedLedger(dir);
        const server = await startBuiltServer({
          dataDir: dir,
          // One address sends every request here; the cost budget is the default one.
          env: { LEDGER_JWT_SECRET: TEST_JWT_SECRET, LEDGER_RATE_LIMIT: '1000000' },
        });
        return underAttack(server.url).finally(() => server.stop());
      })().finally(() => removeDir(dir));
      const { quiet, timings, served, limited } = measured;
      const p99 = percentile(timings, 99);
      console.log(
        `under attack (${served} heaviest anonymous operations of ${longEvents}-event replays served, ${limited} refused RATE_LIMITED): ${timings.length} requests, p50 ${percentile(timings, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms; without it p50 ${percentile(quiet, 50).toFixed(1)} ms, p99 ${percentile(quiet, 99).toFixed(1)} ms`,
      );
      expect(served).toBeGreaterThan(0);
      expect(p99).toBeLessThan(100);
    },
    180_000,
  );
});
