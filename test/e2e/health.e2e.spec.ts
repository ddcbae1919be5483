import { join } from 'node:path';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import { LedgerClient } from '../support/ledger-client';
import { removeDir, startServer, type TestServer } from '../support/server';

async function probe(server: TestServer, path: string): Promise<{ status: number; body: any }> {
  const res = await fetch(server.url.replace('/graphql', path));
  return { status: res.status, body: await res.json() };
}

// Readiness follows the projector: events appended by another writer (here a second connection
// to the same SQLite ledger, which this server's projector does not follow) put the read model
// behind until the server catches up on its next write.
describe('health probes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(undefined, { LEDGER_READY_MAX_LAG: '2' });
  });
  afterAll(async () => {
    await server.close();
    removeDir(server.dataDir);
  });

  it('is live, and ready when caught up', async () => {
    expect(await probe(server, '/health/live')).toMatchObject({
      status: 200,
      body: { status: 'ok' },
    });
    const ready = await probe(server, '/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.info).toMatchObject({
      store: { status: 'up' },
      readModel: { status: 'up', lagEvents: 0, maxLagEvents: 2 },
      shutdown: { status: 'up' },
    });
  });

  it('turns unready when the projector falls behind and ready again once it catches up', async () => {
    const other = new SqliteEventStore({ filename: join(server.dataDir, 'ledger.sqlite') });
    const probeEvent = (i: number) => ({
      eventId: `00000000-0000-4000-8000-00000000000${i}`,
      type: 'OperatorProbe',
      data: { i },
      metadata: {},
    });
    await other.append('operator-probe', [1, 2, 3].map(probeEvent), 'no_stream');
    await other.close();

    const behind = await probe(server, '/health/ready');
    expect(behind.status).toBe(503);
    expect(behind.body.error).toMatchObject({
      readModel: { status: 'down', lagEvents: 3, maxLagEvents: 2 },
    });
    expect(behind.body.details.store).toEqual({ status: 'up' });
    // Liveness does not depend on the read model.
    expect((await probe(server, '/health/live')).status).toBe(200);

    // A write through the API catches the projector up with everything before it.
    const admin = new LedgerClient(server, 'ADMIN', 'admin-1');
    await admin.scheduleMatch({
      raceTo: 3,
      players: [
        { id: 'ana', name: 'Ana' },
        { id: 'bruno', name: 'Bruno' },
      ],
    });
    const caughtUp = await probe(server, '/health/ready');
    expect(caughtUp.status).toBe(200);
    expect(caughtUp.body.info.readModel).toMatchObject({ status: 'up', lagEvents: 0 });
  });
});
