import { join } from 'node:path';

export interface WebhookSettings {
  // The durable outbox (its own SQLite file, never the disposable read model).
  outboxFile: string;
  maxAttempts: number;
  timeoutMs: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  // Loopback, private and link-local targets are refused unless this is on (tests, labs).
  allowPrivateTargets: boolean;
  // Keys sealing the endpoints' signing secrets in the ledger (KurrentDB), 32 bytes each: the
  // first seals, every one opens (a rotation lists the new key first, the old after it).
  secretKeys: Buffer[];
  // Outside production, without keys: one generated here (0600) and reused. Beside the outbox,
  // so replicas sharing the outbox's volume share the key too.
  secretKeyFile: string;
}

type IntReader = (name: string, fallback: number, min: number, max: number) => number;

// 64 hex digits or the base64 of 32 bytes; null when it is neither.
export function parseSecretKey(raw: string): Buffer | null {
  const s = raw.trim();
  if (/^[0-9a-f]{64}$/i.test(s)) return Buffer.from(s, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(s)) return null;
  const key = Buffer.from(s, 'base64');
  return key.length === 32 ? key : null;
}

export function webhookSettings(
  env: NodeJS.ProcessEnv,
  dataDir: string,
  int: IntReader,
  bool: (name: string, fallback: boolean) => boolean,
  problems: string[],
): WebhookSettings {
  const outboxFile = env.LEDGER_WEBHOOK_OUTBOX_FILE || join(dataDir, 'webhooks.sqlite');
  const secretKeys: Buffer[] = [];
  for (const raw of (env.LEDGER_WEBHOOK_SECRET_KEY ?? '').split(',')) {
    if (raw.trim() === '') continue;
    const key = parseSecretKey(raw);
    if (key) secretKeys.push(key);
    else
      problems.push(
        'LEDGER_WEBHOOK_SECRET_KEY must be keys of 32 bytes, each 64 hex digits or base64 (e.g. `openssl rand -hex 32`), separated by commas',
      );
  }
  return {
    outboxFile,
    maxAttempts: int('LEDGER_WEBHOOK_MAX_ATTEMPTS', 8, 1, 50),
    timeoutMs: int('LEDGER_WEBHOOK_TIMEOUT_MS', 10_000, 100, 120_000),
    backoffBaseMs: int('LEDGER_WEBHOOK_BACKOFF_MS', 2_000, 10, 3_600_000),
    backoffMaxMs: int('LEDGER_WEBHOOK_BACKOFF_MAX_MS', 3_600_000, 10, 86_400_000),
    allowPrivateTargets: bool('LEDGER_WEBHOOK_ALLOW_PRIVATE', false),
    secretKeys,
    secretKeyFile: join(outboxFile, '..', 'webhook-secret-key'),
  };
}
