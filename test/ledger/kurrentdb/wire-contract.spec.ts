import { KurrentDbEventStore } from '../../../src/ledger/kurrentdb/kurrentdb-event-store';
import { WireKurrentDb, type WireKurrentDbOptions } from '../../support/wire-kurrentdb/server';
import { eventStoreContract } from '../contract/event-store.contract';

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
