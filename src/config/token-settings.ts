import { join } from 'node:path';

// Roles as the token service names them (kept here as plain strings: config sits below the API).
// Every role needs a maximum: the token service refuses a role without one.
export const LIFETIME_ROLES = [
  'ADMIN',
  'SCORER',
  'REFEREE',
  'APPEALS_COMMITTEE',
  'APPEALS_REVIEW',
  'PLAYER',
  'RECORD_KEEPER',
] as const;

// The longest a token of each role may live: an admin's for a working day, officials' for a match
// day, the committee's and players' for an appeal window. A review panel sits over days like the
// committee whose decisions it reviews; the record-keeper edits the registry at a desk, like an
// admin, and its edits (names, competition settings) reach every match, so a working day.
const DEFAULT_LIFETIMES: Record<(typeof LIFETIME_ROLES)[number], string> = {
  ADMIN: '12h',
  SCORER: '24h',
  REFEREE: '24h',
  APPEALS_COMMITTEE: '7d',
  APPEALS_REVIEW: '7d',
  PLAYER: '7d',
  RECORD_KEEPER: '12h',
};

const SPAN = /^(\d{1,9})([smhd])$/;
const SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

// "30m", "12h", "7d" → seconds; null when it is not such a span.
export function spanSeconds(span: string): number | null {
  const m = SPAN.exec(span.trim());
  return m ? Number(m[1]) * SECONDS[m[2]] : null;
}

// The defaults in seconds, for a token service built without settings (tests, benchmarks).
export function defaultMaxLifetimeSeconds(): Record<string, number> {
  return Object.fromEntries(LIFETIME_ROLES.map((r) => [r, spanSeconds(DEFAULT_LIFETIMES[r])!]));
}

export interface TokenSettings {
  // Per role, in seconds: a token asking for longer is refused when issued and when verified.
  maxLifetimeSeconds: Record<string, number>;
  // Revoked token ids and subjects, one JSON object a line; replicas must share it.
  revocationFile: string;
  // How often a server looks at the revocation file again: the time a revocation takes to apply.
  revocationPollMs: number;
  // How far ahead of the server's clock a token's iat may lie; a revocation by subject covers
  // tokens stamped up to this long after it.
  clockSkewSeconds: number;
}

export function tokenSettings(
  env: NodeJS.ProcessEnv,
  dataDir: string,
  problems: string[],
): TokenSettings {
  const maxLifetimeSeconds: Record<string, number> = {};
  for (const role of LIFETIME_ROLES) {
    const name = `LEDGER_TOKEN_MAX_LIFETIME_${role}`;
    const raw = env[name] || DEFAULT_LIFETIMES[role];
    const seconds = spanSeconds(raw);
    if (seconds === null || seconds < 60 || seconds > 366 * 86_400) {
      problems.push(`${name} must be a span from 1m to 366d such as 30m, 12h or 7d (got "${raw}")`);
      maxLifetimeSeconds[role] = spanSeconds(DEFAULT_LIFETIMES[role])!;
    } else maxLifetimeSeconds[role] = seconds;
  }
  const rawPoll = env.LEDGER_REVOCATION_POLL_MS;
  let revocationPollMs = 5000;
  if (rawPoll !== undefined && rawPoll !== '') {
    const n = Number(rawPoll);
    if (!/^\d+$/.test(rawPoll.trim()) || n < 0 || n > 3_600_000)
      problems.push(
        `LEDGER_REVOCATION_POLL_MS must be a whole number from 0 to 3600000 (got "${rawPoll}")`,
      );
    else revocationPollMs = n;
  }
  const rawSkew = env.LEDGER_TOKEN_CLOCK_SKEW_SECONDS;
  let clockSkewSeconds = 60;
  if (rawSkew !== undefined && rawSkew !== '') {
    if (!/^\d{1,3}$/.test(rawSkew.trim()) || Number(rawSkew) > 300)
      problems.push(
        `LEDGER_TOKEN_CLOCK_SKEW_SECONDS must be a whole number from 0 to 300 (got "${rawSkew}")`,
      );
    else clockSkewSeconds = Number(rawSkew);
  }
  return {
    clockSkewSeconds,
    maxLifetimeSeconds,
    revocationFile: env.LEDGER_REVOCATION_FILE || join(dataDir, 'revoked-tokens.jsonl'),
    revocationPollMs,
  };
}
