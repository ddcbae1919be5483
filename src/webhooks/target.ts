import { BlockList, isIP } from 'node:net';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { WebhookError } from './webhook-errors';

// Loopback, private, link-local, carrier-grade NAT, unspecified and unique-local ranges: a
// webhook must not reach into the network the server runs in.
const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPrivateAddress(mapped[1]);
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

// A webhook URL: http(s), no credentials, no fragment; a literal private address is refused here,
// a name that resolves to one is refused at connect time (guardedLookup).
export function checkTargetUrl(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookError('BAD_USER_INPUT', `"${raw}" is not a URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new WebhookError('BAD_USER_INPUT', 'A webhook URL must be http or https');
  if (url.username || url.password)
    throw new WebhookError('BAD_USER_INPUT', 'A webhook URL may not carry credentials');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && (host === 'localhost' || (isIP(host) !== 0 && isPrivateAddress(host))))
    throw new WebhookError(
      'BAD_USER_INPUT',
      `${host} is a loopback, private or link-local address: webhooks may not target it`,
    );
  return url;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

// The lookup the HTTP request connects with: the address actually dialled is the one checked,
// so a name cannot resolve to a public address when checked and a private one when used.
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: object, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses;
      const bad = list.find((a) => isPrivateAddress(a.address));
      if (bad && !allowPrivate) {
        const refused = new Error(
          `${hostname} resolves to ${bad.address}, a private address: refused`,
        ) as NodeJS.ErrnoException;
        refused.code = 'EPRIVATETARGET';
        return callback(refused, []);
      }
      if ((options as { all?: boolean }).all) return callback(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}
