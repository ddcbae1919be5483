import { randomUUID } from 'node:crypto';
import { LedgerClient } from '../support/ledger-client';
import { bearer, removeDir, startServer, type TestServer } from '../support/server';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

// Prometheus text format, one sample a line (label order does not matter here).
function parse(text: string): Sample[] {
  return text
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(l)!;
      const labels = Object.fromEntries(
        [...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]),
      );
      return { name: m[1], labels, value: Number(m[3]) };
    });
}

function value(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  return found.reduce((sum, s) => sum + s.value, 0);
}

const SCHEDULE = `mutation($input: ScheduleMatchInput!) { scheduleMatch(input: $input) { matchId revision } }`;
const BREAK = `mutation($input: DecideBreakOrderInput!) { decideBreakOrder(input: $input) { revision } }`;
const PLAYERS = [
  { id: 'ana', name: 'Ana' },
  { id: 'bruno', name: 'Bruno' },
];
const TOKEN = 'metrics-scrape-token-0123456789';

describe('/metrics', () => {
  let server: TestServer;
  const metricsUrl = () => server.url.replace('/graphql', '/metrics');
  beforeAll(async () => {
    // A small rate limit so that the script can hit it; the scrape itself is outside it.
    server = await startServer(undefined, { LEDGER_RATE_LIMIT: '8', LEDGER_METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await server.close();
    removeDir(server.dataDir);
  });

  it('refuses a scrape without the configured token', async () => {
    expect((await fetch(metricsUrl())).status).toBe(401);
    const wrong = await fetch(metricsUrl(), { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
  });

  it('counts a scripted set of writes, queries and refusals', async () => {
    const admin = new LedgerClient(server, 'ADMIN', 'admin-1');
    const { matchId } = await admin.scheduleMatch({ raceTo: 3, players: PLAYERS });
    const decided = await admin.decideBreakOrder({ matchId, method: 'COIN_TOSS', winner: 'ana' });
    // Revisions count from 0: the match stream holds revision + 1 events.
    const eventsWritten = decided.revision + 1;
    // A stale expected revision: the command is refused as a conflict.
    const stale = await server.gql(
      BREAK,
      {
        input: {
          commandId: randomUUID(),
          matchId,
          expectedRevision: 0,
          method: 'COIN_TOSS',
          winner: 'bruno',
        },
      },
      bearer('ADMIN', 'admin-1'),
    );
    expect(stale.errors?.[0].extensions?.code).toBe('CONFLICT');
    // No token: refused before any work.
    const anonymous = await server.gql(SCHEDULE, {
      input: { commandId: randomUUID(), raceTo: 3, players: PLAYERS },
    });
    expect(anonymous.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const verified = await server.gql('{ verifyLedger { ok } }', {}, bearer('ADMIN', 'other-1'));
    expect(verified.data?.verifyLedger.ok).toBe(true);
    // The same anonymous client until the limit refuses it (8 root fields per window).
    let limited = 0;
    for (let i = 0; i < 10; i++) {
      const r = await server.gql('query($id: String!) { match(id: $id) { id } }', { id: matchId });
      if (r.errors?.some((e) => e.extensions?.code === 'RATE_LIMITED')) limited++;
    }
    expect(limited).toBeGreaterThan(0);

    const res = await fetch(metricsUrl(), { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const m = parse(await res.text());
    const writes = 'cue_ledger_writes_total';
    expect(value(m, writes, { command: 'scheduleMatch', outcome: 'ok' })).toBe(1);
    expect(value(m, writes, { command: 'decideBreakOrder', outcome: 'ok' })).toBe(1);
    expect(
      value(m, writes, { command: 'decideBreakOrder', outcome: 'conflict', code: 'CONFLICT' }),
    ).toBe(1);
    expect(
      value(m, writes, { command: 'scheduleMatch', outcome: 'refused', code: 'UNAUTHENTICATED' }),
    ).toBe(1);
    expect(value(m, writes)).toBe(4);
    expect(value(m, 'cue_ledger_write_duration_seconds_count')).toBe(4);
    expect(
      value(m, 'cue_ledger_write_duration_seconds_count', { command: 'decideBreakOrder' }),
    ).toBe(2);
    expect(value(m, 'cue_ledger_query_duration_seconds_count', { field: 'verifyLedger' })).toBe(1);
    expect(value(m, 'cue_ledger_query_duration_seconds_count', { field: 'match' })).toBe(10);
    expect(value(m, 'cue_ledger_rate_limit_hits_total')).toBe(limited);
    expect(value(m, 'cue_ledger_auth_failures_total', { code: 'UNAUTHENTICATED' })).toBe(1);
    expect(value(m, 'cue_ledger_verify_runs_total', { result: 'ok' })).toBe(1);
    expect(value(m, 'cue_ledger_projector_lag_events')).toBe(0);
    // The two accepted writes each made one append; the conflict and the anonymous one none.
    const appends = 'cue_ledger_append_duration_seconds';
    expect(value(m, `${appends}_count`, { outcome: 'ok' })).toBe(2);
    expect(value(m, `${appends}_count`)).toBe(2);
    expect(value(m, `${appends}_sum`)).toBeGreaterThan(0);
    expect(value(m, `${appends}_bucket`, { outcome: 'ok', le: '+Inf' })).toBe(2);
    // Written one after the other: each append its own transaction.
    expect(value(m, 'cue_ledger_commits_total')).toBe(2);
    expect(value(m, 'cue_ledger_committed_appends_total')).toBe(2);
    // Caught up: no lag in seconds, the rebuild gauge at its end, both writes' events applied.
    expect(value(m, 'cue_ledger_projector_lag_seconds')).toBe(0);
    expect(value(m, 'cue_ledger_rebuild_progress_ratio')).toBe(1);
    expect(value(m, 'cue_ledger_projected_events_total')).toBe(eventsWritten);
    expect(value(m, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(m.some((s) => s.name === 'nodejs_eventloop_lag_seconds')).toBe(true);
  });
});
