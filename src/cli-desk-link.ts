import type { LedgerConfig } from './config/configuration';
import { DeviceStore } from './devices/device-store';
import { issueCode } from './devices/enrolment.service';

// Ids as the API takes them (1–64 letters, digits or ._:-).
const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

// The desk signs in like a tablet enrols: a one-time code, only its hash kept, redeemed once.
export interface DeskLinkOptions {
  subject: string;
  role: string;
  url?: string;
}

export function runDeskLink(
  values: DeskLinkOptions,
  config: LedgerConfig,
  now = new Date(),
): number {
  const role = values.role.toUpperCase();
  if (role !== 'RECORD_KEEPER' && role !== 'ADMIN') {
    console.error(`--role must be RECORD_KEEPER or ADMIN (got "${values.role}")`);
    return 2;
  }
  if (!ID_PATTERN.test(values.subject)) {
    console.error(`--subject must be 1–64 letters, digits or ._:- (got "${values.subject}")`);
    return 2;
  }
  const base = (
    values.url ??
    (config.devices.publicUrl || `http://localhost:${config.port}`)
  ).replace(/\/+$/, '');
  const store = new DeviceStore(config.devices.file);
  try {
    const { enrolment, code } = issueCode(
      store,
      {
        kind: 'DESK',
        role,
        subject: values.subject,
        matchId: null,
        tableId: null,
        label: null,
        issuedBy: 'cli',
      },
      now,
      config.devices.codeLifetimeSeconds,
    );
    console.log(`${base}/enrol#${code}`);
    console.error(`one use, until ${enrolment.codeExpiresAt}`);
    return 0;
  } finally {
    store.close();
  }
}
