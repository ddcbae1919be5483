import { removeDir, startServer, type TestServer } from './server';
import { WireKurrentDb } from './wire-kurrentdb/server';

export interface TwoReplicas {
  wire: WireKurrentDb;
  one: TestServer;
  two: TestServer;
}

// Two API instances in this process over one wire-level KurrentDB, each with its own data
// directory (read model, webhook outbox): only the ledger carries anything from one to the other.
// Started before the calling describe's tests (and its later beforeAll hooks), closed after them;
// `env` adds settings to both.
export function twoReplicas(env: Record<string, string> = {}): TwoReplicas {
  const replicas = {} as TwoReplicas;
  beforeAll(async () => {
    replicas.wire = await WireKurrentDb.start();
    const settings = {
      LEDGER_STORE: 'kurrentdb',
      KURRENTDB_CONNECTION_STRING: replicas.wire.connectionString(),
      ...env,
    };
    replicas.one = await startServer(undefined, settings);
    replicas.two = await startServer(undefined, settings);
  }, 60_000);
  afterAll(async () => {
    const { wire, one, two } = replicas;
    await one?.close();
    await two?.close();
    await wire?.stop();
    for (const s of [one, two]) if (s) removeDir(s.dataDir);
  });
  return replicas;
}
