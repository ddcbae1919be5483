import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RevocationList } from '../../src/api/auth/revocations';
import { TokenService } from '../../src/api/auth/tokens';

// A token's signature is checked once; what can change after that (expiry, revocation) on every use.
describe('verified tokens kept until they expire', () => {
  const dir = mkdtempSync(join(tmpdir(), 'token-cache-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a token revoked after it was first accepted', () => {
    const revocations = new RevocationList(join(dir, 'revoked.jsonl'), 0);
    const tokens = new TokenService({ secret: 's'.repeat(32), issuer: 'test', revocations });
    const { token, jti } = tokens.issueWithId('SCORER', 'ana', 3600);
    expect(tokens.verify(token)).toEqual({ subject: 'ana', role: 'SCORER' });
    revocations.add({ jti, revokedAt: new Date().toISOString() });
    expect(() => tokens.verify(token)).toThrow(/revoked/);
  });

  it('refuses a token past its expiry although it was accepted before', () => {
    const tokens = new TokenService({ secret: 's'.repeat(32), issuer: 'test' });
    const token = tokens.issue('SCORER', 'ana', 60);
    expect(tokens.verify(token).subject).toBe('ana');
    const now = jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 61_000);
    try {
      expect(() => tokens.verify(token)).toThrow(/expired/);
    } finally {
      now.mockRestore();
    }
  });

  it('checks the signature of every token it has not seen, even one differing by a character', () => {
    const tokens = new TokenService({ secret: 's'.repeat(32), issuer: 'test' });
    const token = tokens.issue('SCORER', 'ana', 60);
    tokens.verify(token);
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'AB' : 'AA'}`;
    expect(() => tokens.verify(forged)).toThrow(/not valid/);
  });
});
