import { checkTargetUrl, guardedLookup, isPrivateAddress } from '../../src/webhooks/target';

describe('webhooks: outbound targets', () => {
  it.each([
    ['127.0.0.1', true],
    ['10.2.3.4', true],
    ['172.20.0.1', true],
    ['192.168.1.10', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['::1', true],
    ['fe80::1', true],
    ['fd00::1', true],
    ['::ffff:127.0.0.1', true],
    ['93.184.216.34', false],
    ['2606:4700::6810:85e5', false],
  ])('%s is private: %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });

  it('refuses loopback, private and link-local URLs unless allowed, and non-http schemes', () => {
    expect(() => checkTargetUrl('http://127.0.0.1:8080/hook', false)).toThrow(/loopback, private/);
    expect(() => checkTargetUrl('http://localhost/hook', false)).toThrow(/loopback, private/);
    expect(() => checkTargetUrl('http://[::1]/hook', false)).toThrow(/loopback, private/);
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
    expect(await lookup(false)).toMatch(/^refused: localhost resolves to .* a private address/);
    expect(await lookup(true)).toMatch(/^(127\.0\.0\.1|::1)$/);
  });
});
