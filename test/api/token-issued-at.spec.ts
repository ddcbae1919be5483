import { JwtService } from '@nestjs/jwt';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuthError } from '../../src/kernel/auth/auth-errors';
import { RevocationList } from '../../src/api/auth/revocations';
import { AUDIENCE, TokenService } from '../../src/api/auth/tokens';
import { tokenSettings } from '../../src/config/token-settings';

const SECRET = 's'.repeat(32);
const ISSUER = 'test';
const TEN_YEARS = 10 * 366 * 86_400;
const now = () => Math.floor(Date.now() / 1000);

// A token signed with the server's secret elsewhere (another machine, another clock), stamped
// with the given iat and living an hour from it.
const raw = new JwtService({ secret: SECRET });
const stamped = (subject: string, iat: number, jti = `j-${subject}-${iat}`) =>
  raw.sign(
    { role: 'SCORER', iat },
    { subject, jwtid: jti, issuer: ISSUER, audience: AUDIENCE, expiresIn: 3600 },
  );

const verdict = (tokens: TokenService, token: string): string => {
  try {
    tokens.verify(token);
    return 'ACCEPTED';
  } catch (err) {
    return err instanceof AuthError ? `${err.code}: ${err.message}` : String(err);
  }
};

describe('tokens: issue time', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cue-ledger-iat-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a token stamped further ahead than the clock skew allowance, accepts one within it', () => {
    const tokens = new TokenService({ secret: SECRET, issuer: ISSUER, clockSkewSeconds: 60 });
    expect(verdict(tokens, stamped('a', now() + TEN_YEARS))).toBe(
      'UNAUTHENTICATED: The bearer token was issued in the future',
    );
    expect(verdict(tokens, stamped('b', now() + 600))).toMatch(/issued in the future/);
    expect(verdict(tokens, stamped('c', now() + 30))).toBe('ACCEPTED');
    expect(verdict(tokens, stamped('d', now() - 60))).toBe('ACCEPTED');
  });

  it('a revocation by subject covers every token issued before it, a ten-year-ahead one included', () => {
    const list = new RevocationList(join(dir, 'revoked.jsonl'), 0);
    const tokens = new TokenService({
      secret: SECRET,
      issuer: ISSUER,
      clockSkewSeconds: 60,
      revocations: list,
    });
    const past = stamped('eve', now() - 100);
    const aheadWithinSkew = stamped('eve', now() + 45);
    const farAhead = stamped('eve', now() + TEN_YEARS);
    expect(verdict(tokens, past)).toBe('ACCEPTED');
    expect(verdict(tokens, aheadWithinSkew)).toBe('ACCEPTED');
    list.add({ subject: 'eve', issuedAtOrBefore: now(), revokedAt: new Date().toISOString() });
    expect(verdict(tokens, past)).toMatch(/revoked/);
    // Issued before the revocation by a clock running 45 s ahead: revoked too, cached or not.
    expect(verdict(tokens, aheadWithinSkew)).toMatch(/revoked/);
    expect(verdict(tokens, stamped('eve', now() + 50, 'fresh-copy'))).toMatch(/revoked/);
    expect(verdict(tokens, farAhead)).toMatch(/UNAUTHENTICATED/);
    expect(verdict(tokens, stamped('someone-else', now()))).toBe('ACCEPTED');
  });

  it("a subject's token issued after the revocation (beyond the skew) is valid", () => {
    const list = new RevocationList(join(dir, 'earlier.jsonl'), 0);
    list.add({ subject: 'ana', issuedAtOrBefore: now() - 300, revokedAt: 'earlier' });
    const tokens = new TokenService({
      secret: SECRET,
      issuer: ISSUER,
      clockSkewSeconds: 60,
      revocations: list,
    });
    expect(verdict(tokens, stamped('ana', now() - 250))).toMatch(/revoked/);
    expect(verdict(tokens, stamped('ana', now() - 200))).toBe('ACCEPTED');
  });

  it('the allowance is a setting, 60 s by default, 0–300', () => {
    expect(tokenSettings({}, dir, []).clockSkewSeconds).toBe(60);
    expect(tokenSettings({ LEDGER_TOKEN_CLOCK_SKEW_SECONDS: '5' }, dir, []).clockSkewSeconds).toBe(
      5,
    );
    for (const bad of ['-1', '301', '1m', 'x']) {
      const problems: string[] = [];
      tokenSettings({ LEDGER_TOKEN_CLOCK_SKEW_SECONDS: bad }, dir, problems);
      expect(problems).toEqual([expect.stringMatching(/LEDGER_TOKEN_CLOCK_SKEW_SECONDS/)]);
    }
    const strict = new TokenService({ secret: SECRET, issuer: ISSUER, clockSkewSeconds: 5 });
    expect(verdict(strict, stamped('f', now() + 30))).toMatch(/issued in the future/);
  });
});
