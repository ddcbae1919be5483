import { isIP } from 'node:net';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { refusedTarget } from './target-address';
import { WebhookError } from './webhook-errors';

// Whether an address is not one a webhook may reach (special-purpose or this host's own).
export function isPrivateAddress(address: string): boolean {
  return refusedTarget(address) !== null;
}

const bareHost = (url: URL): string => url.hostname.replace(/^\[|\]$/g, '');
const isLocalName = (host: string): boolean =>
  host === 'localhost' || host.endsWith('.localhost') || host === 'localhost.';

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
  const why = allowPrivate ? null : literalRefusal(bareHost(url));
  if (why)
    throw new WebhookError(
      'BAD_USER_INPUT',
      `${bareHost(url)} is ${why} (loopback, private, link-local and other special-purpose addresses are refused): webhooks may not target it`,
    );
  return url;
}

// Why the URL's host, when it is a literal address or a local name, may not be dialled.
function literalRefusal(host: string): string | null {
  if (isLocalName(host)) return 'a loopback name';
  return isIP(host) === 0 ? null : refusedTarget(host);
}

// Checked again just before dialling a stored URL: an IP literal is connected to without any
// lookup, so guardedLookup alone would never see it.
export function dialRefusal(url: URL, allowPrivate: boolean): string | null {
  const why = allowPrivate ? null : literalRefusal(bareHost(url));
  return why && `${bareHost(url)} is ${why}: refused`;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

// The lookup the HTTP request connects with: the address actually dialled is the one checked,
// so a name cannot resolve to a public address when checked and a private one when used. Every
// address of the answer is checked (the socket may try each in turn).
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: object, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses;
      const bad = allowPrivate ? undefined : list.find((a) => refusedTarget(a.address));
      if (bad) {
        const refused = new Error(
          `${hostname} resolves to ${bad.address}, ${refusedTarget(bad.address)}: refused`,
        ) as NodeJS.ErrnoException;
        refused.code = 'EPRIVATETARGET';
        return callback(refused, []);
      }
      if (list.length === 0) return callback(new Error(`${hostname} has no address`), []);
      if ((options as { all?: boolean }).all) return callback(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}
