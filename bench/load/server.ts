import { startBuiltServer, type BuiltServer } from '../../test/support/built-server';

export { ensureBuilt } from '../../test/support/built-server';

process.once('SIGINT', () => process.exit(130));

export interface ServerOptions {
  // The checkout whose dist/main.js runs (with its own node_modules).
  root: string;
  synchronous: 'FULL' | 'NORMAL';
  jwtSecret: string;
}

// The compiled server on a throwaway ledger, with only what the bench means to set.
export function startServer(options: ServerOptions): Promise<BuiltServer> {
  return startBuiltServer({
    root: options.root,
    env: {
      LEDGER_JWT_SECRET: options.jwtSecret,
      LEDGER_SQLITE_SYNCHRONOUS: options.synchronous,
      // One address sends everything; the limits are not what is measured.
      LEDGER_RATE_LIMIT: '1000000',
      LEDGER_RATE_COST_LIMIT: '1000000000',
      ...(process.env.BENCH_LOG_LEVEL ? { LEDGER_LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {}),
    },
    // BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof": to profile the server under load.
    nodeArgs: (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
  });
}
