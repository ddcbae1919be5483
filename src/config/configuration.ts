import { join } from 'node:path';
import {
  connectionStringProblem,
  redactConnectionString,
} from '../ledger/kurrentdb/connection-string';

export type StoreConfig =
  | { kind: 'sqlite'; ledgerFile: string; synchronous: 'FULL' | 'NORMAL' }
  | { kind: 'kurrentdb'; connectionString: string; timeoutMs: number };

export interface LedgerConfig {
  port: number;
  store: StoreConfig;
  // For the start-up log line: where the events live (credentials redacted).
  storeDescription: string;
  // The read model: a SQLite file per API instance, or ':memory:'.
  readModelFile: string;
  production: boolean;
}

export class ConfigurationError extends Error {
  constructor(problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigurationError';
  }
}

// Read once at start; a bad setting stops the server with every problem listed.
export function loadConfig(env: NodeJS.ProcessEnv = process.env): LedgerConfig {
  const problems: string[] = [];
  const dataDir = env.LEDGER_DATA_DIR ?? join(process.cwd(), 'data');
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    problems.push(`PORT must be a port number, got "${env.PORT}"`);
  const kind = env.LEDGER_STORE ?? 'sqlite';
  if (kind !== 'sqlite' && kind !== 'kurrentdb')
    problems.push(`LEDGER_STORE must be "sqlite" or "kurrentdb" (got "${kind}")`);
  const synchronous = (env.LEDGER_SQLITE_SYNCHRONOUS ?? 'FULL').toUpperCase();
  if (synchronous !== 'FULL' && synchronous !== 'NORMAL')
    problems.push(`LEDGER_SQLITE_SYNCHRONOUS must be FULL or NORMAL (got "${synchronous}")`);
  const connectionString = env.KURRENTDB_CONNECTION_STRING ?? '';
  const timeoutMs = Number(env.KURRENTDB_TIMEOUT_MS ?? 5000);
  if (kind === 'kurrentdb') {
    const problem = connectionStringProblem(connectionString);
    if (problem) problems.push(problem);
    if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
      problems.push(
        `KURRENTDB_TIMEOUT_MS must be a positive integer (got "${env.KURRENTDB_TIMEOUT_MS}")`,
      );
  }
  if (problems.length) throw new ConfigurationError(problems);
  const ledgerFile = env.LEDGER_FILE ?? join(dataDir, 'ledger.sqlite');
  const store: StoreConfig =
    kind === 'kurrentdb'
      ? { kind, connectionString, timeoutMs }
      : { kind: 'sqlite', ledgerFile, synchronous: synchronous as 'FULL' | 'NORMAL' };
  return {
    port,
    store,
    storeDescription:
      store.kind === 'kurrentdb'
        ? `KurrentDB ${redactConnectionString(store.connectionString)}`
        : `SQLite ${store.ledgerFile}`,
    readModelFile: env.READ_MODEL_FILE ?? join(dataDir, 'read-model.sqlite'),
    production: env.NODE_ENV === 'production',
  };
}

export const LEDGER_CONFIG = Symbol('LEDGER_CONFIG');
