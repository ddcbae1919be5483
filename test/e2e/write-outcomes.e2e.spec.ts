import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer, waitForExit, type ChildServer } from '../support/child-server';
import { bearer, removeDir } from '../support/server';

const SCHEDULE = `mutation Schedule($input: ScheduleMatchInput!) { scheduleMatch(input: $input) { matchId } }`;
const BREAK = `mutation Break($input: DecideBreakOrderInput!) { decideBreakOrder(input: $input) { revision } }`;
const PLAYERS = [
  { id: 'ana', name: 'Ana' },
  { id: 'bruno', name: 'Bruno' },
];
const ADMIN = bearer('ADMIN', 'admin-1');

// The outcome counted in cue_ledger_writes_total and written in each write's log line is what the
// client received, whatever the error's shape: a field's own error, or an error of the whole
// request (no path) such as invalid variables, a query too complex or the shutdown's 503.
describe('write outcomes: counted and logged as the client received them', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cue-ledger-outcomes-'));
  let server: ChildServer;
  beforeAll(async () => {
    server = await spawnServer(dataDir, {
      LEDGER_LOG_FORMAT: 'json',
      LEDGER_GRAPHQL_MAX_COMPLEXITY: '10',
    });
  }, 60_000);
  afterAll(async () => {
    if (server.proc.exitCode === null) server.proc.kill('SIGKILL');
    await waitForExit(server.proc);
    removeDir(dataDir);
  });

  const lines = (): Record<string, any>[] =>
    server
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, any>);

  async function send(query: string, variables: unknown, correlationId: string, auth = ADMIN) {
    const res = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-correlation-id': correlationId, ...auth },
      body: JSON.stringify({ query, variables }),
    });
    return { status: res.status, body: (await res.json()) as any };
  }

  async function scrape(): Promise<string> {
    return (await fetch(server.url.replace('/graphql', '/metrics'))).text();
  }

  function count(metrics: string, labels: string): number {
    const line = metrics
      .split('\n')
      .find((l) => l.startsWith(`cue_ledger_writes_total{${labels}}`));
    return line ? Number(line.split(' ').pop()) : 0;
  }

  // The write line and the request line of one correlation id, once both are written.
  async function logged(correlationId: string) {
    for (let i = 0; i < 50; i++) {
      const mine = lines().filter((l) => l.correlationId === correlationId);
      const write = mine.filter((l) => l.write);
      const request = mine.filter((l) => !l.write && l.req);
      if (write.length && request.length) return { write, request };
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no log lines for ${correlationId}:\n${server.output().slice(-2000)}`);
  }

  const schedule = (raceTo: unknown = 3) => ({
    input: { commandId: randomUUID(), raceTo, players: PLAYERS },
  });

  it('starts without the framework boot noise: no module or route lines, the start-up line kept', () => {
    const boot = lines().filter((l) =>
      ['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer'].includes(l.context),
    );
    expect(boot).toEqual([]);
    expect(lines().filter((l) => /^GraphQL at /.test(l.msg))).toHaveLength(1);
  });

  it('counts and logs each kind of refusal with its code, and the accepted write as ok', async () => {
    const ok = await send(SCHEDULE, schedule(), 'o-ok');
    const matchId = ok.body.data.scheduleMatch.matchId as string;
    const cases: [string, () => Promise<{ status: number; body: any }>, string, string][] = [
      // A field's own error: input validation, a missing token, a stale expected revision.
      ['o-invalid', () => send(SCHEDULE, schedule(0), 'o-invalid'), 'refused', 'BAD_USER_INPUT'],
      ['o-anon', () => send(SCHEDULE, schedule(), 'o-anon', {}), 'refused', 'UNAUTHENTICATED'],
      [
        'o-conflict',
        () =>
          send(
            BREAK,
            {
              input: {
                commandId: randomUUID(),
                matchId,
                expectedRevision: 7,
                method: 'COIN_TOSS',
                winner: 'ana',
              },
            },
            'o-conflict',
          ),
        'conflict',
        'CONFLICT',
      ],
      // Whole-request refusals, no path: variables that do not coerce, a query too complex.
      [
        'o-variables',
        () => send(SCHEDULE, schedule('three'), 'o-variables'),
        'refused',
        'BAD_USER_INPUT',
      ],
      [
        'o-complex',
        () =>
          send(
            `mutation Many($input: ScheduleMatchInput!) { ${Array.from({ length: 40 }, (_, i) => `m${i}: scheduleMatch(input: $input) { matchId }`).join(' ')} }`,
            schedule(),
            'o-complex',
          ),
        'refused',
        'QUERY_TOO_COMPLEX',
      ],
    ];
    for (const [id, run, outcome, code] of cases) {
      const res = await run();
      const sent = res.body.errors?.[0];
      expect({ id, code: sent?.extensions?.code }).toEqual({ id, code });
      const { write, request } = await logged(id);
      // One write line per root field, each with the outcome and the code sent.
      for (const w of write) {
        expect(w.write).toMatchObject({ outcome, code });
        expect(w.msg).toContain(` ${outcome} ${code}`);
      }
      expect(request[0].errors).toContain(code);
      expect(request[0].err).toBeUndefined();
    }
    const m = await scrape();
    expect(count(m, 'command="scheduleMatch",outcome="ok",code=""')).toBe(1);
    expect(count(m, 'command="scheduleMatch",outcome="refused",code="BAD_USER_INPUT"')).toBe(2);
    expect(count(m, 'command="scheduleMatch",outcome="refused",code="UNAUTHENTICATED"')).toBe(1);
    expect(count(m, 'command="decideBreakOrder",outcome="conflict",code="CONFLICT"')).toBe(1);
    // Every one of the 40 fields of the refused request, none of them as ok.
    expect(count(m, 'command="scheduleMatch",outcome="refused",code="QUERY_TOO_COMPLEX"')).toBe(40);
  });

  it('counts and logs the shutdown 503 as refused UNAVAILABLE, a warning without a stack trace', async () => {
    server.proc.kill('SIGTERM');
    // The server keeps answering (refusing writes) while requests keep coming.
    let accepted = 0;
    let res = await send(SCHEDULE, schedule(), 'o-shutdown');
    for (let i = 0; res.status !== 503 && i < 20; i++) {
      accepted += 1;
      res = await send(SCHEDULE, schedule(), 'o-shutdown');
    }
    expect(res.status).toBe(503);
    expect(res.body.errors[0].extensions.code).toBe('UNAVAILABLE');
    const m = await scrape();
    expect(count(m, 'command="scheduleMatch",outcome="refused",code="UNAVAILABLE"')).toBe(1);
    await waitForExit(server.proc);
    const { write, request } = await logged('o-shutdown');
    expect(write.at(-1)!.write).toMatchObject({ outcome: 'refused', code: 'UNAVAILABLE' });
    expect(write.at(-1)!.msg).toMatch(/ refused UNAVAILABLE$/);
    const refused = request.find((l) => l.res?.status === 503)!;
    expect(refused).toMatchObject({ level: 40, errors: ['UNAVAILABLE'] });
    expect(refused.err).toBeUndefined();
    expect(server.output()).not.toContain('failed with status code');
    expect(lines().filter((l) => l.write && l.write.outcome === 'ok')).toHaveLength(1 + accepted);
  }, 30_000);
});
