import { registerAs } from '@nestjs/config';
import { join } from 'node:path';
import { CodedError } from '../domain/coded-error';
import {
  connectionStringProblem,
  redactConnectionString,
} from '../ledger/kurrentdb/connection-string';
import { checkpointSettings, type CheckpointSettings } from './checkpoint-settings';
import { deviceSettings, type DeviceSettings } from './device-settings';
import { opsSettings, type OpsSettings } from './ops-settings';
import { privacySettings, type PrivacySettings } from './privacy-settings';
import { perReplica, replicaSettings, type ReplicaSettings } from './replica-settings';
import { tokenSettings, type TokenSettings } from './token-settings';
import { webhookSettings, type WebhookSettings } from './webhook-settings';

import type { StoreConfig } from '../ledger/store-config';

export type { StoreConfig };

export interface LedgerConfig {
  port: number;
  store: StoreConfig;
  // For the start-up log line: where the events live (credentials redacted).
  storeDescription: string;
  // The read model: a SQLite file per API instance, or ':memory:'.
  readModelFile: string;
  production: boolean;
  privacy: PrivacySettings;
  checkpoints: CheckpointSettings;
  ops: OpsSettings;
  replicas: ReplicaSettings;
  devices: DeviceSettings;
  auth: {
    // HS256 signing secret of the bearer tokens; whoever holds it can mint any token.
    jwtSecret: string;
    issuer: string;
  } & TokenSettings;
  limits: {
    bodyLimitBytes: number;
    maxDepth: number;
    // Tokens in one document: bounds the parse and validation work before any cost is counted.
    maxTokens: number;
    maxComplexity: number;
    // Requests (GraphQL root fields) per client per window.
    rateLimit: number;
    rateWindowMs: number;
    // Complexity points (and replayed events) per client per window.
    rateCostLimit: number;
  };
  graphql: {
    introspection: boolean;
    landingPage: boolean;
  };
  // Subscriptions (graphql-ws), CORS and webhooks.
  live: LiveConfig;
}

export interface LiveConfig {
  // false: anyone may subscribe; true: a connection needs a valid token (an invalid one is always refused).
  requireToken: boolean;
  maxConnections: number;
  maxSubscriptionsPerConnection: number;
  // Updates waiting for one slow subscriber before its connection is dropped.
  queueLimit: number;
  // Origins allowed by CORS (HTTP) and on the WebSocket upgrade; '*' allows any.
  corsOrigins: string[];
  webhooks: WebhookSettings;
}

export class ConfigurationError extends CodedError<'INVALID_CONFIGURATION'> {
  readonly code = 'INVALID_CONFIGURATION';
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
}

const SIZE = /^(\d+)\s*(b|kb|mb)?$/i;
const UNIT: Record<string, number> = { b: 1, kb: 1024, mb: 1024 * 1024 };

// Read once at start; a bad setting stops the server with every problem listed.
export function loadConfig(env: NodeJS.ProcessEnv = process.env): LedgerConfig {
  const problems: string[] = [];
  const production = env.NODE_ENV === 'production';

  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!/^\d+$/.test(raw.trim()) || !Number.isInteger(n) || n < min || n > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return n;
  };
  const bool = (name: string, fallback: boolean): boolean => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    if (/^(true|1|yes|on)$/i.test(raw)) return true;
    if (/^(false|0|no|off)$/i.test(raw)) return false;
    problems.push(`${name} must be true or false (got "${raw}")`);
    return fallback;
  };

  const dataDir = env.LEDGER_DATA_DIR || join(process.cwd(), 'data');
  const port = int('PORT', 3000, 0, 65535);

  const store = storeSettings(env, dataDir, int, problems);

  const jwtSecret = jwtSecretOf(env, problems);
  const issuer = env.LEDGER_JWT_ISSUER || 'cue-ledger';

  const bodyLimitBytes = bodyLimitOf(env, problems);

  const replicas = replicaSettings(env, problems);
  const config: LedgerConfig = {
    port,
    store,
    storeDescription:
      store.kind === 'kurrentdb'
        ? `KurrentDB ${redactConnectionString(store.connectionString)}`
        : `SQLite ${store.ledgerFile}`,
    readModelFile: env.READ_MODEL_FILE || join(dataDir, 'read-model.sqlite'),
    production,
    privacy: privacySettings(env, dataDir, problems),
    checkpoints: checkpointSettings(env, dataDir, problems),
    ops: opsSettings(env, problems),
    replicas,
    devices: deviceSettings(env, dataDir, problems),
    auth: { jwtSecret, issuer, ...tokenSettings(env, dataDir, problems) },
    limits: {
      bodyLimitBytes,
      maxDepth: int('LEDGER_GRAPHQL_MAX_DEPTH', 10, 2, 50),
      maxTokens: int('LEDGER_GRAPHQL_MAX_TOKENS', 4000, 200, 1_000_000),
      maxComplexity: int('LEDGER_GRAPHQL_MAX_COMPLEXITY', 5000, 10, 1_000_000),
      rateLimit: perReplica(int('LEDGER_RATE_LIMIT', 600, 1, 1_000_000), replicas.count),
      rateWindowMs: int('LEDGER_RATE_WINDOW_MS', 60_000, 100, 86_400_000),
      rateCostLimit: perReplica(
        int('LEDGER_RATE_COST_LIMIT', 50_000, 10, 1_000_000_000),
        replicas.count,
      ),
    },
    graphql: {
      introspection: bool('LEDGER_GRAPHQL_INTROSPECTION', !production),
      landingPage: bool('LEDGER_GRAPHQL_LANDING_PAGE', !production),
    },
    live: liveConfig(env, dataDir, production, int, bool, problems),
  };
  // Replicas share the endpoints' sealed secrets through the ledger: production names the key.
  if (production && store.kind === 'kurrentdb' && config.live.webhooks.secretKeys.length === 0)
    problems.push(
      'LEDGER_WEBHOOK_SECRET_KEY is missing: on KurrentDB every replica needs the same key (e.g. `openssl rand -hex 32`) to seal and open webhook signing secrets',
    );
  if (problems.length) throw new ConfigurationError(problems);
  return config;
}

type IntReader = (name: string, fallback: number, min: number, max: number) => number;

function storeSettings(
  env: NodeJS.ProcessEnv,
  dataDir: string,
  int: IntReader,
  problems: string[],
): StoreConfig {
  // The store: the embedded SQLite ledger by default, KurrentDB in production.
  const kind = env.LEDGER_STORE ?? 'sqlite';
  if (kind !== 'sqlite' && kind !== 'kurrentdb')
    problems.push(`LEDGER_STORE must be "sqlite" or "kurrentdb" (got "${kind}")`);
  const synchronous = (env.LEDGER_SQLITE_SYNCHRONOUS ?? 'FULL').toUpperCase();
  if (synchronous !== 'FULL' && synchronous !== 'NORMAL')
    problems.push(`LEDGER_SQLITE_SYNCHRONOUS must be FULL or NORMAL (got "${synchronous}")`);
  const connectionString = env.KURRENTDB_CONNECTION_STRING ?? '';
  const timeoutMs = int('KURRENTDB_TIMEOUT_MS', 5000, 1, 600_000);
  if (kind === 'kurrentdb') {
    const problem = connectionStringProblem(connectionString);
    if (problem) problems.push(problem);
  }
  const ledgerFile = env.LEDGER_FILE || join(dataDir, 'ledger.sqlite');
  return kind === 'kurrentdb'
    ? { kind, connectionString, timeoutMs }
    : { kind: 'sqlite', ledgerFile, synchronous: synchronous as 'FULL' | 'NORMAL' };
}

function jwtSecretOf(env: NodeJS.ProcessEnv, problems: string[]): string {
  const jwtSecret = env.LEDGER_JWT_SECRET ?? '';
  if (jwtSecret.length === 0)
    problems.push(
      'LEDGER_JWT_SECRET is missing: set it to at least 32 random characters (e.g. `openssl rand -hex 32`); tokens are signed with it',
    );
  else if (jwtSecret.length < 32)
    problems.push(
      `LEDGER_JWT_SECRET is too short (${jwtSecret.length} characters): use at least 32 random characters`,
    );
  return jwtSecret;
}

function bodyLimitOf(env: NodeJS.ProcessEnv, problems: string[]): number {
  let bodyLimitBytes = 100 * 1024;
  const body = env.LEDGER_BODY_LIMIT;
  if (body !== undefined && body !== '') {
    const m = SIZE.exec(body.trim());
    const bytes = m ? Number(m[1]) * UNIT[(m[2] ?? 'b').toLowerCase()] : NaN;
    if (!m || bytes < 1024 || bytes > 10 * 1024 * 1024)
      problems.push(
        `LEDGER_BODY_LIMIT must be a size from 1kb to 10mb, e.g. 100kb (got "${body}")`,
      );
    else bodyLimitBytes = bytes;
  }
  return bodyLimitBytes;
}

// An origin is scheme://host[:port] exactly as a browser sends it.
const ORIGIN = /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/;

function liveConfig(
  env: NodeJS.ProcessEnv,
  dataDir: string,
  production: boolean,
  int: IntReader,
  bool: (name: string, fallback: boolean) => boolean,
  problems: string[],
): LiveConfig {
  // None by default outside development (any in development): a browser app on another origin
  // is allowed explicitly. Tokens travel in a header, never in cookies: no credentials mode.
  const development = !production && env.NODE_ENV !== 'test';
  const raw = env.LEDGER_CORS_ORIGINS ?? (development ? '*' : '');
  const corsOrigins = raw
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o.length > 0);
  for (const o of corsOrigins)
    if (o !== '*' && !ORIGIN.test(o))
      problems.push(`LEDGER_CORS_ORIGINS: "${o}" is not an origin like https://board.example.org`);
  return {
    requireToken: bool('LEDGER_LIVE_REQUIRE_TOKEN', false),
    maxConnections: int('LEDGER_LIVE_MAX_CONNECTIONS', 1000, 1, 1_000_000),
    maxSubscriptionsPerConnection: int('LEDGER_LIVE_MAX_SUBSCRIPTIONS', 20, 1, 1000),
    queueLimit: int('LEDGER_LIVE_QUEUE_LIMIT', 500, 1, 100_000),
    corsOrigins,
    webhooks: webhookSettings(env, dataDir, int, bool, problems),
  };
}

export const LEDGER_CONFIG = Symbol('LEDGER_CONFIG');

// The @nestjs/config namespace: validated when the application module initialises, so a bad or
// missing setting stops the server before it listens (main.ts also checks first, to print it plainly).
export const ledgerConfig = registerAs('ledger', () => loadConfig(process.env));
