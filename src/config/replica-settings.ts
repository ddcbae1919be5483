export interface ReplicaSettings {
  // How many API replicas serve the same ledger: each enforces 1/N of the rate and cost limits,
  // which are the whole deployment's allowance per client (a client spread evenly by the load
  // balancer gets the whole; one pinned to a replica gets 1/N, never N times it).
  count: number;
  // How long a query asking for "at least this position" may wait for this replica's read model
  // before it is refused with READ_MODEL_BEHIND.
  readWaitMs: number;
  // The background lease's time to live: a replica that dies holding it is replaced after this.
  leaseTtlMs: number;
}

function whole(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min: number,
  max: number,
  problems: string[],
): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{1,9}$/.test(raw.trim()) || Number(raw) < min || Number(raw) > max) {
    problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
    return fallback;
  }
  return Number(raw);
}

export function replicaSettings(env: NodeJS.ProcessEnv, problems: string[]): ReplicaSettings {
  return {
    count: whole(env, 'LEDGER_REPLICAS', 1, 1, 64, problems),
    readWaitMs: whole(env, 'LEDGER_READ_WAIT_MS', 5000, 0, 60_000, problems),
    leaseTtlMs: whole(env, 'LEDGER_LEASE_TTL_MS', 15_000, 300, 600_000, problems),
  };
}

// A replica's share of a deployment-wide limit: never below 1.
export const perReplica = (limit: number, replicas: number): number =>
  Math.max(1, Math.floor(limit / replicas));
