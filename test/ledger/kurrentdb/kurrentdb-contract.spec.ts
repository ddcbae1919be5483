import { KurrentDbEventStore } from '../../../src/ledger/kurrentdb/kurrentdb-event-store';
import { FakeKurrentDbClient } from '../../support/fake-kurrentdb-client';
import { eventStoreContract } from '../contract/event-store.contract';

// No KurrentDB server runs on the machines this project is built on (./wire-contract.spec.ts runs
// the contract through the real client against the wire-level test server); point this at a real
// one to run the same contract the SQLite adapter passes, e.g.
//   KURRENTDB_CONNECTION_STRING='kurrentdb://localhost:2113?tls=false' npm test -- kurrentdb
const connectionString = process.env.KURRENTDB_CONNECTION_STRING;

if (connectionString) {
  eventStoreContract(
    'KurrentDB',
    () => Promise.resolve(KurrentDbEventStore.fromConnectionString({ connectionString })),
    { live: true },
  );
} else {
  console.log('KurrentDB contract suite skipped: set KURRENTDB_CONNECTION_STRING to run it');
  describe.skip('KurrentDB: event store contract (needs KURRENTDB_CONNECTION_STRING)', () => {
    it('runs the shared contract against a live server', () => undefined);
  });
}

// The adapter's own logic (exclusive feed, duplicate ids, missing streams, position packing) is
// run through the same contract against an in-memory fake of the client: not a server.
eventStoreContract(
  'KurrentDB adapter over an in-memory fake client',
  () => Promise.resolve(new KurrentDbEventStore(new FakeKurrentDbClient().asClient())),
  { live: true },
);
