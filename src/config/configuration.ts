import { join } from 'node:path';

export interface LedgerConfig {
  port: number;
  store: 'sqlite';
  ledgerFile: string;
  readModelFile: string;
  synchronous: 'FULL' | 'NORMAL';
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
  const store = env.LEDGER_STORE ?? 'sqlite';
  if (store !== 'sqlite') problems.push(`LEDGER_STORE must be "sqlite" (got "${store}")`);
  const synchronous = (env.LEDGER_SQLITE_SYNCHRONOUS ?? 'FULL').toUpperCase();
  if (synchronous !== 'FULL' && synchronous !== 'NORMAL')
    problems.push(`LEDGER_SQLITE_SYNCHRONOUS must be FULL or NORMAL (got "${synchronous}")`);
  if (problems.length) throw new ConfigurationError(problems);
  return {
    port,
    store: 'sqlite',
    ledgerFile: env.LEDGER_FILE ?? join(dataDir, 'ledger.sqlite'),
    readModelFile: env.READ_MODEL_FILE ?? join(dataDir, 'read-model.sqlite'),
    synchronous: synchronous as 'FULL' | 'NORMAL',
    production: env.NODE_ENV === 'production',
  };
}

export const LEDGER_CONFIG = Symbol('LEDGER_CONFIG');
