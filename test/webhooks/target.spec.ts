import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { post } from '../../src/webhooks/sender';
import { checkTargetUrl, guardedLookup, isPrivateAddress } from '../../src/webhooks/target';
import { refusedTarget, specialPurpose } from '../../src/webhooks/target-address';

describe('webhooks: outbound targets', () => {
  // IANA's IPv4 and IPv6 special-purpose registries, and the IPv6 forms that carry an IPv4
  // address: none of these is a public unicast host.
  it.each([
    ['127.0.0.1'],
    ['10.2.3.4'],
    ['172.20.0.1'],
    ['192.168.1.10'],
    ['169.254.169.254'],
    ['100.64.0.1'],
    ['100.127.255.254'],
    ['0.0.0.0'],
    ['192.0.0.9'],
    ['192.0.2.1'],
    ['192.31.196.1'],
    ['192.52.193.1'],
    ['192.88.99.1'],
    ['192.175.48.1'],
    ['198.18.0.1'],
    ['198.19.255.254'],
    ['198.51.100.7'],
    ['203.0.113.9'],
    ['224.0.0.1'],
    ['239.255.255.250'],
    ['240.0.0.1'],
    ['255.255.255.255'],
    ['::'],
    ['::1'],
    ['::7f00:1'],
    ['::127.0.0.1'],
    ['::808:808'],
    ['::ffff:127.0.0.1'],
    ['::ffff:7f00:1'],
    ['::ffff:10.0.0.1'],
    ['::ffff:198.18.0.1'],
    ['::ffff:0:7f00:1'],
    ['64:ff9b::7f00:1'],
    ['64:ff9b::808:808'],
    ['64:ff9b:1::808:808'],
    ['100::1'],
    ['2001::1'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2'],
    ['2001:2::1'],
    ['2001:db8::1'],
    ['3fff::1'],
    ['2002:7f00:1::1'],
    ['2002:c0a8:101::1'],
    ['2002:a00:1::1'],
    ['fc00::1'],
    ['fd00::1'],
    ['fe80::1'],
    ['fe80::1%eth0'],
    ['fec0::1'],
    ['ff02::1'],
    ['ff0e::1'],
    ['not-an-address'],
  ])('%s is refused', (address) => {
    expect(specialPurpose(address)).not.toBeNull();
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([
    ['93.184.216.34'],
    ['8.8.8.8'],
    ['100.63.255.255'],
    ['100.128.0.1'],
    ['198.17.255.255'],
    ['198.20.0.1'],
    ['223.255.255.254'],
    ['::ffff:93.184.216.34'],
    ['2606:4700::6810:85e5'],
    ['2a00:1450:4003:80e::200e'],
    ['2002:5db8:d822::1'],
  ])('%s is a public unicast address', (address) => {
    expect(specialPurpose(address)).toBeNull();
  });

  it("refuses the host's own interface addresses, in their IPv4-mapped form too", () => {
    const ifaces = {
      eth0: [
        { address: '93.184.216.34', family: 'IPv4' },
        { address: '2606:4700::6810:85e5', family: 'IPv6' },
      ],
    } as unknown as NodeJS.Dict<import('node:os').NetworkInterfaceInfo[]>;
    expect(refusedTarget('93.184.216.34', ifaces)).toMatch(/own addresses/);
    expect(refusedTarget('::ffff:93.184.216.34', ifaces)).toMatch(/own addresses/);
    expect(refusedTarget('2606:4700:0:0::6810:85e5', ifaces)).toMatch(/own addresses/);
    expect(refusedTarget('8.8.8.8', ifaces)).toBeNull();
    expect(refusedTarget('93.184.216.34', {})).toBeNull();
  });

  it('refuses loopback, private and special-purpose URLs unless allowed, and non-http schemes', () => {
    expect(() => checkTargetUrl('http://127.0.0.1:8080/hook', false)).toThrow(/special-purpose/);
    expect(() => checkTargetUrl('http://localhost/hook', false)).toThrow(/loopback name/);
    expect(() => checkTargetUrl('http://api.localhost/hook', false)).toThrow(/loopback name/);
    expect(() => checkTargetUrl('http://[::1]/hook', false)).toThrow(/loopback, private/);
    expect(() => checkTargetUrl('http://[::7f00:1]/hook', false)).toThrow(/IPv4-compatible/);
    expect(() => checkTargetUrl('http://[::ffff:0:7f00:1]/hook', false)).toThrow(/refused/);
    expect(() => checkTargetUrl('http://[64:ff9b::a00:1]/hook', false)).toThrow(/NAT64/);
    expect(() => checkTargetUrl('http://198.18.0.1/hook', false)).toThrow(/special-purpose/);
    expect(() => checkTargetUrl('http://0x7f.1/hook', false)).toThrow(/special-purpose/);
    expect(() => checkTargetUrl('https://169.254.169.254/latest', false)).toThrow(/link-local/);
    expect(() => checkTargetUrl('ftp://example.org/', false)).toThrow(/http or https/);
    expect(() => checkTargetUrl('https://u:p@example.org/', false)).toThrow(/credentials/);
    expect(checkTargetUrl('http://127.0.0.1:8080/hook', true).host).toBe('127.0.0.1:8080');
    expect(checkTargetUrl('https://ratings.example.org/hook', false).hostname).toBe(
      'ratings.example.org',
    );
  });

  it('refuses at connect time a name that resolves to a private address', async () => {
    const lookup = (allow: boolean) =>
      new Promise<string>((resolve) =>
        guardedLookup(allow)('localhost', {}, (err, address) =>
          resolve(err ? `refused: ${err.message}` : String(address)),
        ),
      );
    expect(await lookup(false)).toMatch(/^refused: localhost resolves to .*: refused$/);
    expect(await lookup(true)).toMatch(/^(127\.0\.0\.1|::1)$/);
  });

  // The dial path, against loopback only: a stored target is checked again when it is sent to,
  // whether it is a literal address (connected to without a lookup) or a name.
  describe('the address actually dialled', () => {
    let server: Server;
    let port = 0;
    let received = 0;
    beforeAll(async () => {
      server = createServer((req, res) => {
        received++;
        req.resume();
        res.end('ok');
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(() => new Promise<void>((r) => server.close(() => r())));

    const send = (url: string, allowPrivate: boolean) =>
      post(url, { 'content-type': 'application/json' }, '{}', { timeoutMs: 2000, allowPrivate });

    it.each([['127.0.0.1'], ['localhost']])(
      'refuses %s when private targets are not allowed, and sends nothing',
      async (host) => {
        const before = received;
        const res = await send(`http://${host}:${port}/hook`, false);
        expect(res).toEqual({ status: null, error: expect.stringMatching(/refused/) });
        expect(received).toBe(before);
      },
    );

    it('sends to loopback when private targets are allowed', async () => {
      const before = received;
      expect(await send(`http://127.0.0.1:${port}/hook`, true)).toEqual({
        status: 200,
        error: null,
      });
      expect(received).toBe(before + 1);
    });
  });
});
