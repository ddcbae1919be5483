import { isIP } from 'node:net';

// Express's `trust proxy`: which hops may say who the client is (X-Forwarded-For). Off by
// default: the client address is then the socket's, which is the proxy's behind one. A number
// trusts that many hops nearest the server; a list trusts those addresses or ranges (CIDR) and
// Express's named ones. Trusting every hop (`true`) is refused: any client could then choose the
// address its rate limit counts against.
export type TrustProxy = false | number | string[];

const NAMED = ['loopback', 'linklocal', 'uniquelocal'];

function validEntry(entry: string): boolean {
  if (NAMED.includes(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

export function trustProxySetting(raw: string | undefined, problems: string[]): TrustProxy {
  const value = (raw ?? '').trim();
  if (value === '' || value === 'false') return false;
  if (/^\d{1,2}$/.test(value) && Number(value) >= 1 && Number(value) <= 10) return Number(value);
  const entries = value.split(',').map((e) => e.trim());
  if (entries.every((e) => e !== '' && validEntry(e))) return entries;
  problems.push(
    `LEDGER_TRUST_PROXY must be false, a number of proxy hops from 1 to 10, or a comma-separated list of proxy addresses, CIDR ranges, loopback, linklocal or uniquelocal (got "${value}"; "true", trusting every hop, is refused)`,
  );
  return false;
}
