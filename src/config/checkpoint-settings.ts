import { join } from 'node:path';

export interface CheckpointSettings {
  // The Ed25519 private key (PEM, PKCS#8) that signs checkpoints; keep it off the ledger's host.
  keyFile: string;
  // Where the server writes the checkpoints it signs.
  directory: string;
  // How often the server signs one; 0: never (sign with the CLI instead).
  intervalMs: number;
}

export function checkpointSettings(
  env: NodeJS.ProcessEnv,
  dataDir: string,
  problems: string[],
): CheckpointSettings {
  const raw = env.LEDGER_CHECKPOINT_INTERVAL_MS;
  let intervalMs = 0;
  if (raw !== undefined && raw !== '') {
    if (!/^\d{1,10}$/.test(raw.trim()))
      problems.push(
        `LEDGER_CHECKPOINT_INTERVAL_MS must be a whole number of milliseconds (got "${raw}")`,
      );
    else intervalMs = Number(raw);
  }
  return {
    keyFile: env.LEDGER_CHECKPOINT_KEY_FILE || join(dataDir, 'checkpoint-key.pem'),
    directory: env.LEDGER_CHECKPOINT_DIR || join(dataDir, 'checkpoints'),
    intervalMs,
  };
}
