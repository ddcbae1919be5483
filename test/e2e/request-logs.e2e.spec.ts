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
    server = await spawnServer(dataDir, { LEDGER_LOG_FORMAT: 'json' });
  }, 60_000);
  afterAll(async () => {
    server.proc.kill('SIGTERM');
    await waitForExit(server.proc);
    removeDir(dataDir);
  });

  const lines = (): Record<string, any>[] =>
    server
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, any>);

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
    const raw = server
      .output()
      .split('\n')
      .filter((l) => l.includes('desk-4.call-17'));
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
});
