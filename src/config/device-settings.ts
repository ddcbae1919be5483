import { join } from 'node:path';
import { spanSeconds } from './token-settings';

export interface DeviceSettings {
  // Enrolment codes, enrolled devices and table pushes: their own SQLite file beside the ledger.
  file: string;
  // How long a printed or shown enrolment code may wait to be scanned.
  codeLifetimeSeconds: number;
  // The address put in enrolment links and QR codes (scheme://host[:port]); empty: the address
  // the desk's request came to.
  publicUrl: string;
}

const ORIGIN = /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/;

export function deviceSettings(
  env: NodeJS.ProcessEnv,
  dataDir: string,
  problems: string[],
): DeviceSettings {
  const raw = env.LEDGER_ENROLMENT_CODE_LIFETIME || '10m';
  let codeLifetimeSeconds = spanSeconds(raw) ?? -1;
  // A code is for the minutes between showing it and scanning it, never a standing credential.
  if (codeLifetimeSeconds < 10 || codeLifetimeSeconds > 3600) {
    problems.push(`LEDGER_ENROLMENT_CODE_LIFETIME must be a span from 10s to 1h (got "${raw}")`);
    codeLifetimeSeconds = 600;
  }
  const publicUrl = (env.LEDGER_PUBLIC_URL ?? '').replace(/\/+$/, '');
  if (publicUrl && !ORIGIN.test(publicUrl))
    problems.push(`LEDGER_PUBLIC_URL must be http(s)://host[:port] (got "${publicUrl}")`);
  return {
    file: env.LEDGER_DEVICES_FILE || join(dataDir, 'devices.sqlite'),
    codeLifetimeSeconds,
    publicUrl,
  };
}
