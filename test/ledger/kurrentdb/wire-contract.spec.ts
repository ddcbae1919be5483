import { KurrentDbEventStore } from '../../../src/ledger/kurrentdb/kurrentdb-event-store';
import { WireKurrentDb, type WireKurrentDbOptions } from '../../support/wire-kurrentdb/server';
import { eventStoreContract } from '../contract/event-store.contract';
import { NO_STREAM } from '../../../src/ledger/event-store';

// The shared contract through the real client, over gRPC on loopback, against the wire-level
// server: insecure (appends through BatchAppend, as the client does without per-call
// credentials), with TLS and basic auth from the connection string, and through the unary
// Append path a server without BatchAppend leaves the client.
const setups: [string, WireKurrentDbOptions, string | undefined][] = [
  ['insecure', {}, undefined],
  ['TLS with credentials', { tls: true, users: { admin: 'changeit' } }, 'admin:changeit'],
  ['insecure, unary Append', { batchAppend: false }, undefined],
];

for (const [name, options, credentials] of setups) {
  describe(`wire-level KurrentDB, ${name}`, () => {
    let wire: WireKurrentDb;
    beforeAll(async () => {
      wire = await WireKurrentDb.start(options);
    });
    afterAll(() => wire.stop());
    eventStoreContract(
      `KurrentDB adapter over the wire (${name})`,
      () =>
        Promise.resolve(
          KurrentDbEventStore.fromConnectionString({
            connectionString: wire.connectionString(credentials),
          }),
        ),
      { live: true },
    );
  });
}

describe('wire-level KurrentDB with users', () => {
  let wire: WireKurrentDb;
  beforeAll(async () => {
    wire = await WireKurrentDb.start({ tls: true, users: { admin: 'changeit' } });
  });
  afterAll(() => wire.stop());

  it('refuses a wrong password with ACCESS_DENIED on reads and writes, and sends the right one on every call', async () => {
    const wrong = KurrentDbEventStore.fromConnectionString({
      connectionString: wire.connectionString('admin:wrong'),
    });
    const event = { eventId: crypto.randomUUID(), type: 'A', data: {}, metadata: {} };
    await expect(wrong.readStream('match-x')).rejects.toMatchObject({ code: 'ACCESS_DENIED' });
    await expect(wrong.append('match-x', [event], NO_STREAM)).rejects.toMatchObject({
      code: 'ACCESS_DENIED',
    });
    await wrong.close();
    const right = KurrentDbEventStore.fromConnectionString({
      connectionString: wire.connectionString('admin:changeit'),
    });
    await right.append('match-x', [event], NO_STREAM);
    await right.close();
    const sent = wire.nodes[0].calls.map((c) => c.authorization);
    const basic = `Basic ${Buffer.from('admin:changeit').toString('base64')}`;
    expect(sent.filter((a) => a === basic).length).toBeGreaterThan(0);
    expect(sent.every((a) => a !== undefined)).toBe(true);
  });
});
