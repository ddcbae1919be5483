import { trustProxySetting, type TrustProxy } from './proxy-settings';

export interface OpsSettings {
  // Readiness fails while the read model is more than this many events behind the ledger.
  readyMaxLagEvents: number;
  // When set, GET /metrics answers only `Authorization: Bearer <token>`; empty: open.
  metricsToken: string;
  // pino's level; the format is JSON lines in production, pino-pretty's text elsewhere.
  logLevel: string;
  logFormat: 'json' | 'pretty';
  // Which proxies may name the client (Express's trust proxy), for rate limits and the origin log.
  trustProxy: TrustProxy;
}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function opsSettings(env: NodeJS.ProcessEnv, problems: string[]): OpsSettings {
  const raw = env.LEDGER_READY_MAX_LAG;
  let readyMaxLagEvents = 1000;
  if (raw !== undefined && raw !== '') {
    if (!/^\d{1,7}$/.test(raw.trim()))
      problems.push(`LEDGER_READY_MAX_LAG must be a whole number of events (got "${raw}")`);
    else readyMaxLagEvents = Number(raw);
  }
  const metricsToken = env.LEDGER_METRICS_TOKEN ?? '';
  if (metricsToken !== '' && metricsToken.length < 16)
    problems.push('LEDGER_METRICS_TOKEN is too short: use at least 16 random characters');
  // Test runs keep the console for failures (a test asks for info when it reads the log).
  const logLevel = env.LEDGER_LOG_LEVEL || (env.NODE_ENV === 'test' ? 'warn' : 'info');
  if (!LEVELS.includes(logLevel))
    problems.push(`LEDGER_LOG_LEVEL must be one of ${LEVELS.join(', ')} (got "${logLevel}")`);
  // Tests read JSON too, without pino-pretty's worker thread.
  const plain = env.NODE_ENV === 'production' || env.NODE_ENV === 'test';
  const format = env.LEDGER_LOG_FORMAT || (plain ? 'json' : 'pretty');
  if (format !== 'json' && format !== 'pretty')
    problems.push(`LEDGER_LOG_FORMAT must be json or pretty (got "${format}")`);
  return {
    readyMaxLagEvents,
    metricsToken,
    logLevel,
    logFormat: format as 'json' | 'pretty',
    trustProxy: trustProxySetting(env.LEDGER_TRUST_PROXY, problems),
  };
}
