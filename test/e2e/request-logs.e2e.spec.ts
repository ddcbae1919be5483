import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer, waitForExit, type ChildServer } from '../support/child-server';
import { removeDir, testTokens } from '../support/server';

const SCHEDULE = `mutation Schedule($input: ScheduleMatchInput!) { scheduleMatch(input: $input) { matchId } }`;

// The production log format: one JSON line per request, read from the server's own output.
describe('request logs', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cue-ledger-logs-'));
  let server: ChildServer;
  beforeAll(async () => {
    server = await spawnServer(dataDir, {
      LEDGER_LOG_FORMAT: 'json',
      LEDGER_CORS_ORIGINS: 'https://desk.example',
    });
  }, 60_000);
  afterAll(async () => {
    server.proc.kill('SIGTERM');
    await waitForExit(server.proc);
    removeDir(dataDir);
  });

  const all = (): Record<string, any>[] =>
    server
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, any>);
  // The request lines (each write also gets a line of its own, with the same correlation id).
  const lines = () => all().filter((l) => !l.write);

  async function send(body: unknown, headers: Record<string, string>) {
    return fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  }

  it('logs each request once with its operation, status, duration, correlation id and subject', async () => {
    const token = testTokens.issue('ADMIN', 'admin-7');
    const players = [
      { id: 'ana', name: 'Ana' },
      { id: 'bruno', name: 'Bruno' },
    ];
    const res = await send(
      { query: SCHEDULE, variables: { input: { commandId: randomUUID(), raceTo: 3, players } } },
      { authorization: `Bearer ${token}`, 'x-correlation-id': 'desk-4.call-17' },
    );
    expect(res.headers.get('x-correlation-id')).toBe('desk-4.call-17');
    const { matchId } = ((await res.json()) as any).data.scheduleMatch;
    // Without the header: a new id, returned, logged, and stored in the event metadata.
    const query = await send(
      {
        query: 'query($id: String!) { matchHistory(matchId: $id) { metadata { correlationId } } }',
        variables: { id: matchId },
      },
      {},
    );
    const generated = query.headers.get('x-correlation-id');
    expect(generated).toMatch(/^[0-9a-f-]{36}$/);
    expect(((await query.json()) as any).data.matchHistory[0].metadata.correlationId).toBe(
      'desk-4.call-17',
    );
    await new Promise((r) => setTimeout(r, 300));

    const write = lines().filter((l) => l.correlationId === 'desk-4.call-17');
    expect(write).toHaveLength(1);
    expect(write[0]).toMatchObject({
      level: 30,
      operation: 'Schedule',
      subject: 'admin-7',
      req: { method: 'POST', path: '/graphql' },
      res: { status: 200 },
    });
    expect(typeof write[0].responseTime).toBe('number');
    // Each field once in the line (JSON.parse would hide a duplicate).
    // (The write's own line, below, carries the correlation id too.)
    const raw = server
      .output()
      .split('\n')
      .filter((l) => l.includes('desk-4.call-17') && !l.includes('"write"'));
    expect(raw).toHaveLength(1);
    expect(raw[0].match(/"correlationId"/g)).toHaveLength(1);
    const read = lines().filter((l) => l.correlationId === generated);
    expect(read).toHaveLength(1);
    expect(read[0]).toMatchObject({ operation: 'query matchHistory', subject: null });
    // Never a token or a header in the log.
    expect(server.output()).not.toContain(token);
    expect(server.output()).not.toMatch(/authorization/i);
  });

  it('logs a refused write with its error codes and leaves probes out', async () => {
    await fetch(server.url.replace('/graphql', '/health/ready'));
    const res = await send(
      {
        query: SCHEDULE,
        variables: { input: { commandId: randomUUID(), raceTo: 3, players: [] } },
      },
      { 'x-correlation-id': 'anon-1' },
    );
    expect(res.status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    const [line] = lines().filter((l) => l.correlationId === 'anon-1');
    expect(line.errors?.length).toBeGreaterThan(0);
    expect(lines().some((l) => l.req?.path === '/health/ready')).toBe(false);
  });

  const BREAK = `mutation($input: DecideBreakOrderInput!) { decideBreakOrder(input: $input) { matchId } }`;
  const writeLines = (correlationId: string) =>
    all().filter((l) => l.correlationId === correlationId && l.write);

  it('logs one line per write with match, command, revision and outcome (ok, conflict, refused with code)', async () => {
    const admin = { authorization: `Bearer ${testTokens.issue('ADMIN', 'admin-8')}` };
    const players = [
      { id: 'ana', name: 'Ana' },
      { id: 'bruno', name: 'Bruno' },
    ];
    const scheduled = await send(
      { query: SCHEDULE, variables: { input: { commandId: randomUUID(), raceTo: 3, players } } },
      { ...admin, 'x-correlation-id': 'w-1' },
    );
    const { matchId } = ((await scheduled.json()) as any).data.scheduleMatch;
    const decide = (expectedRevision: number, correlationId: string, auth = admin) =>
      send(
        {
          query: BREAK,
          variables: {
            input: {
              commandId: randomUUID(),
              matchId,
              expectedRevision,
              method: 'COIN_TOSS',
              winner: 'ana',
            },
          },
        },
        { ...auth, 'x-correlation-id': correlationId },
      );
    // The selection holds no revision: the line has it all the same.
    await decide(0, 'w-2');
    await decide(0, 'w-3');
    await decide(1, 'w-4', {} as typeof admin);
    await new Promise((r) => setTimeout(r, 300));

    expect(writeLines('w-1')).toHaveLength(1);
    expect(writeLines('w-1')[0]).toMatchObject({
      level: 30,
      context: 'Writes',
      write: { command: 'scheduleMatch', matchId, revision: 0, outcome: 'ok' },
      msg: `write scheduleMatch ${matchId}@0 ok`,
    });
    const [ok] = writeLines('w-2');
    expect(ok.write).toEqual({
      command: 'decideBreakOrder',
      matchId,
      revision: 1,
      expectedRevision: 0,
      outcome: 'ok',
    });
    // Stale: refused as a conflict, with the match's current revision.
    const [conflict] = writeLines('w-3');
    expect(conflict.write).toEqual({
      command: 'decideBreakOrder',
      matchId,
      revision: 1,
      expectedRevision: 0,
      outcome: 'conflict',
      code: 'CONFLICT',
    });
    expect(conflict.msg).toBe(`write decideBreakOrder ${matchId}@1 conflict CONFLICT`);
    // No token: refused before the resolver, still one line, with the match from the input.
    const [anonymous] = writeLines('w-4');
    expect(anonymous.write).toEqual({
      command: 'decideBreakOrder',
      matchId,
      revision: null,
      expectedRevision: 1,
      outcome: 'refused',
      code: 'UNAUTHENTICATED',
    });
    for (const id of ['w-1', 'w-2', 'w-3', 'w-4']) expect(writeLines(id)).toHaveLength(1);
    // Reads get none.
    expect(all().filter((l) => l.write && l.write.command === 'matchHistory')).toEqual([]);
  });

  it('lets a browser client of an allowed origin read X-Correlation-Id (CORS exposed header)', async () => {
    const res = await send(
      { query: '{ __typename }' },
      { origin: 'https://desk.example', 'x-correlation-id': 'cors-1' },
    );
    expect(res.headers.get('access-control-allow-origin')).toBe('https://desk.example');
    expect(res.headers.get('access-control-expose-headers')).toMatch(/x-correlation-id/i);
    expect(res.headers.get('x-correlation-id')).toBe('cors-1');
  });
});
