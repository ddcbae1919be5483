import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

// Outside production a fresh machine must start with no setup: when LEDGER_JWT_SECRET is not set,
// a random secret is created once in the data directory (mode 0600) and reused, so tokens issued
// by `npm run ledger -- token` keep working across restarts. Production must set the variable.
export function ensureDevelopmentSecret(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.LEDGER_JWT_SECRET || env.NODE_ENV === 'production') return null;
  const file = join(env.LEDGER_DATA_DIR || join(process.cwd(), 'data'), 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  }
  env.LEDGER_JWT_SECRET = readFileSync(file, 'utf8').trim();
  return file;
}
