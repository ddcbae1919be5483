import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer, waitForExit, type ChildServer } from '../support/child-server';
import { liveClient } from '../support/live-client';
import { bearer, post, removeDir } from '../support/server';

const ADMIN = bearer('ADMIN', 'admin-1');
const CLIENTS = 6;

interface Outcome {
  commandId: string;
  matchId?: string;
  status?: number;
  code?: string;
  acknowledged: boolean;
  // A request that got no complete HTTP response (reset, hang-up, refused connection).
  networkError?: string;
}

// SIGTERM the real server process while several clients write: every request still gets a
// complete answer (the late ones a 503 UNAVAILABLE), every acknowledged write is in the ledger
// after a restart, readiness goes false at once, subscriptions are closed and the process exits 0.
describe('graceful shutdown: SIGTERM under load', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cue-ledger-shutdown-'));
  const outcomes: Outcome[] = [];
  let server: ChildServer | null = null;

  afterAll(async () => {
    if (server && server.proc.exitCode === null) {
      server.proc.kill('SIGKILL');
      await waitForExit(server.proc);
    }
    removeDir(dataDir);
  });

  async function write(url: string, name: string, input: Record<string, unknown>) {
    const commandId = randomUUID();
    const type = `${name[0].toUpperCase()}${name.slice(1)}Input`;
    const o: Outcome = { commandId, acknowledged: false };
    outcomes.push(o);
    try {
      const res = await post(
        url,
        JSON.stringify({
          query: `mutation($input: ${type}!) { ${name}(input: $input) { matchId revision } }`,
          variables: { input: { ...input, commandId } },
        }),
        ADMIN,
      );
      o.status = res.status;
      const data = res.body?.data?.[name];
      o.code = res.body?.errors?.[0]?.extensions?.code;
      if (data) Object.assign(o, { acknowledged: true, matchId: data.matchId });
      return data as { matchId: string; revision: number } | undefined;
    } catch (err) {
      o.networkError = String((err as { cause?: unknown }).cause ?? err);
      return undefined;
    }
  }

  // Schedules a match, then keeps assigning officials to it until a write is not acknowledged.
  async function client(url: string): Promise<void> {
    const players = [
      { id: 'ana', name: 'Ana' },
      { id: 'bruno', name: 'Bruno' },
    ];
    const m = await write(url, 'scheduleMatch', { raceTo: 3, players });
    if (!m) return;
    let rev = m.revision;
    for (let i = 0; ; i++) {
      const r = await write(url, 'assignOfficials', {
        matchId: m.matchId,
        expectedRevision: rev,
        scorers: [`s-${i}`],
        referees: [],
      });
      if (!r) return;
      rev = r.revision;
    }
  }

  it('loses no acknowledged write, answers every request, and exits 0', async () => {
    server = await spawnServer(dataDir);
    const url = server.url;
    const live = liveClient(url, { connectionParams: { authorization: ADMIN.Authorization } });
    await live.connected;
    const clients = Array.from({ length: CLIENTS }, () => client(url));
    while (outcomes.filter((o) => o.acknowledged).length < 200)
      await new Promise((r) => setTimeout(r, 5));
    const exited = new Promise<number | null>((r) => server!.proc.once('exit', (c) => r(c)));
    server.proc.kill('SIGTERM');
    // From the moment the signal is handled (its log line), readiness is down.
    while (!/SIGTERM: refusing new writes/.test(server.output()))
      await new Promise((r) => setTimeout(r, 5));
    const ready = await fetch(url.replace('/graphql', '/health/ready'));
    expect(ready.status).toBe(503);
    const report = (await ready.json()) as { error: Record<string, unknown> };
    expect(report.error.shutdown).toEqual({ status: 'down', shuttingDown: true });
    await Promise.all(clients);
    expect(await exited).toBe(0);
    // The subscription socket got graphql-ws's close frame (1001 going away), not a dropped
    // connection (1006).
    expect(await live.closed).toEqual({ code: 1001, reason: 'Going away' });
    expect(server.output()).toMatch(/Stopped/);

    const acknowledged = outcomes.filter((o) => o.acknowledged);
    const refused = outcomes.filter((o) => !o.acknowledged && !o.networkError);
    console.log(
      `shutdown: ${outcomes.length} writes sent, ${acknowledged.length} acknowledged, ${refused.length} refused, ${outcomes.length - acknowledged.length - refused.length} without a response`,
    );
    expect(outcomes.filter((o) => o.networkError)).toEqual([]);
    // Each client stops at its first refusal, which is the shutdown's.
    expect(refused).toHaveLength(CLIENTS);
    for (const r of refused) expect([r.status, r.code]).toEqual([503, 'UNAVAILABLE']);

    // Reopen the ledger: every acknowledged command is there.
    server = await spawnServer(dataDir);
    const seen = new Set<string>();
    for (const matchId of new Set(acknowledged.map((o) => o.matchId!))) {
      const res = await post(
        server.url,
        JSON.stringify({
          query: `query($m: String!) { matchHistory(matchId: $m) { metadata { commandId } } }`,
          variables: { m: matchId },
        }),
        ADMIN,
      );
      for (const e of res.body.data.matchHistory) seen.add(e.metadata.commandId);
    }
    expect(acknowledged.filter((o) => !seen.has(o.commandId))).toEqual([]);
    server.proc.kill('SIGTERM');
    expect(await new Promise((r) => server!.proc.once('exit', (c) => r(c)))).toBe(0);
  }, 120_000);
});

// Steady traffic that does not stop at a refusal (a balancer still routing here, clients
// retrying): the server stops listening a bounded grace after the signal rather than waiting for a
// quiet moment that never comes, and no request is cut off: each gets a complete answer (a write
// a 503) or, once the listener is closed, a refused connection, never a reset.
describe('graceful shutdown: SIGTERM under steady traffic', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cue-ledger-shutdown-steady-'));
  let server: ChildServer | null = null;
  afterAll(async () => {
    if (server && server.proc.exitCode === null) {
      server.proc.kill('SIGKILL');
      await waitForExit(server.proc);
    }
    removeDir(dataDir);
  });

  interface Sent {
    at: number;
    write: boolean;
    status?: number;
    code?: string;
    failure?: string;
  }

  it('answers every request until the listener closes, resets none, and exits well within the drain time', async () => {
    server = await spawnServer(dataDir);
    const url = server.url;
    const sent: Sent[] = [];
    let exitedAt = 0;
    const exited = new Promise<number | null>((r) =>
      server!.proc.once('exit', (c) => {
        exitedAt = Date.now();
        r(c);
      }),
    );
    const players = [
      { id: 'ana', name: 'Ana' },
      { id: 'bruno', name: 'Bruno' },
    ];
    // Each client alternates a write and a read, whatever the answer, until the process is gone.
    const client = async () => {
      for (let i = 0; exitedAt === 0; i++) {
        const write = i % 2 === 0;
        const s: Sent = { at: Date.now(), write };
        sent.push(s);
        const body = write
          ? {
              query: `mutation($i: ScheduleMatchInput!) { scheduleMatch(input: $i) { matchId } }`,
              variables: { i: { commandId: randomUUID(), raceTo: 3, players } },
            }
          : { query: '{ matches(first: 1) { totalCount } }' };
        try {
          const res = await post(url, JSON.stringify(body), ADMIN);
          s.status = res.status;
          s.code = res.body?.errors?.[0]?.extensions?.code;
        } catch (err) {
          const cause = (err as { cause?: { code?: string; message?: string } }).cause;
          s.failure = cause?.code ?? cause?.message ?? String(err);
          if (s.failure === 'ECONNREFUSED') await new Promise((r) => setTimeout(r, 20));
        }
      }
    };
    const clients = Array.from({ length: 4 }, () => client());
    while (sent.filter((s) => s.status === 200).length < 100)
      await new Promise((r) => setTimeout(r, 5));
    const signalledAt = Date.now();
    server.proc.kill('SIGTERM');
    expect(await exited).toBe(0);
    await Promise.all(clients);

    const after = sent.filter((s) => s.at > signalledAt);
    const failures = after.filter((s) => s.failure).map((s) => s.failure);
    console.log(
      `steady shutdown: exit after ${exitedAt - signalledAt} ms, ${after.length} requests after the signal: ${after.filter((s) => s.status === 503).length} refused with 503, ${after.filter((s) => s.status === 200).length} answered, failures ${JSON.stringify([...new Set(failures)])}`,
    );
    // Bounded by the grace period, not the 10 s maximum.
    expect(exitedAt - signalledAt).toBeLessThan(6_000);
    // Only refused connections (the listener closed), never a reset or a hang-up.
    expect(failures.filter((f) => f !== 'ECONNREFUSED')).toEqual([]);
    expect(sent.filter((s) => s.failure && s.failure !== 'ECONNREFUSED')).toEqual([]);
    // Writes that came after the shutdown began were refused with a 503.
    const refused = after.filter((s) => s.write && s.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const s of refused) expect(s.code).toBe('UNAVAILABLE');
    expect(after.filter((s) => s.status !== undefined && ![200, 503].includes(s.status))).toEqual(
      [],
    );
  }, 120_000);
});
