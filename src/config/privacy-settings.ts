import { join } from 'node:path';

export interface PrivacySettings {
  // Where client addresses and user agents of writes are kept, apart from the ledger.
  personalDataFile: string;
  // Days an origin is kept; then it is erased (the ledger is not touched).
  originRetentionDays: number;
}

export function privacySettings(
  env: NodeJS.ProcessEnv,
  dataDir: string,
  problems: string[],
): PrivacySettings {
  const raw = env.LEDGER_ORIGIN_RETENTION_DAYS;
  let originRetentionDays = 30;
  if (raw !== undefined && raw !== '') {
    if (!/^\d{1,4}$/.test(raw.trim()) || Number(raw) > 3650)
      problems.push(
        `LEDGER_ORIGIN_RETENTION_DAYS must be a whole number from 0 to 3650 (got "${raw}")`,
      );
    else originRetentionDays = Number(raw);
  }
  return {
    personalDataFile: env.LEDGER_PERSONAL_DATA_FILE || join(dataDir, 'personal-data.sqlite'),
    originRetentionDays,
  };
}
