export interface OpsSettings {
  // Readiness fails while the read model is more than this many events behind the ledger.
  readyMaxLagEvents: number;
  // When set, GET /metrics answers only `Authorization: Bearer <token>`; empty: open.
  metricsToken: string;
}

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
  return { readyMaxLagEvents, metricsToken };
}
