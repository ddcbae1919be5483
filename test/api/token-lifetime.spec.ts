import { JwtService } from '@nestjs/jwt';
import { AuthError } from '../../src/kernel/auth/auth-errors';
import { TOKEN_ROLES } from '../../src/kernel/auth/policy';
import { AUDIENCE, TokenService } from '../../src/api/auth/tokens';
import { tokenSettings } from '../../src/config/token-settings';

const SECRET = 's'.repeat(32);
const ISSUER = 'test';
const TEN_YEARS = 10 * 366 * 86_400;
const DEFAULTS: Record<string, number> = {
  ADMIN: 12 * 3600,
  SCORER: 24 * 3600,
  REFEREE: 24 * 3600,
  APPEALS_COMMITTEE: 7 * 86_400,
  APPEALS_REVIEW: 7 * 86_400,
  PLAYER: 7 * 86_400,
  RECORD_KEEPER: 12 * 3600,
};

// A token signed with the server's secret by someone else than the service: any lifetime.
const raw = new JwtService({ secret: SECRET });
const signed = (role: string, seconds: number) =>
  raw.sign(
    { role },
    {
      subject: 'someone',
      jwtid: `j-${role}`,
      issuer: ISSUER,
      audience: AUDIENCE,
      expiresIn: seconds,
    },
  );

const refusal = (verify: () => unknown): string => {
  try {
    verify();
  } catch (err) {
    return err instanceof AuthError ? err.code : `not an AuthError: ${(err as Error).message}`;
  }
  return 'ACCEPTED';
};

// Every token lives within its role's maximum: a revoked token on a replica that cannot see the
// revocation file keeps working until then, so no role may go without one.
describe('token lifetimes: every role has a maximum', () => {
  const settings = tokenSettings({}, '/tmp/none', []);
  const tokens = new TokenService({
    secret: SECRET,
    issuer: ISSUER,
    maxLifetimeSeconds: settings.maxLifetimeSeconds,
  });

  it('the settings give every role its default maximum', () => {
    expect(settings.maxLifetimeSeconds).toEqual(DEFAULTS);
    expect(Object.keys(settings.maxLifetimeSeconds).sort()).toEqual([...TOKEN_ROLES].sort());
  });

  it.each(TOKEN_ROLES.map((r) => [r]))('refuses to issue a ten-year %s token', (role) => {
    expect(() => tokens.issue(role, 'someone', TEN_YEARS)).toThrow(
      `a ${role} token may live at most ${DEFAULTS[role]} s`,
    );
    expect(() => tokens.issue(role, 'someone', DEFAULTS[role] + 1)).toThrow(/may live at most/);
    expect(tokens.verify(tokens.issue(role, 'someone', DEFAULTS[role]))).toEqual({
      subject: 'someone',
      role,
    });
  });

  it.each(TOKEN_ROLES.map((r) => [r]))(
    'refuses a ten-year %s token signed elsewhere (UNAUTHENTICATED)',
    (role) => {
      expect(refusal(() => tokens.verify(signed(role, TEN_YEARS)))).toBe('UNAUTHENTICATED');
      expect(refusal(() => tokens.verify(signed(role, DEFAULTS[role])))).toBe('ACCEPTED');
    },
  );

  it('a service built without settings keeps the default maxima', () => {
    const bare = new TokenService({ secret: SECRET, issuer: ISSUER });
    for (const role of TOKEN_ROLES) {
      expect(() => bare.issue(role, 'someone', TEN_YEARS)).toThrow(/may live at most/);
      expect(refusal(() => bare.verify(signed(role, TEN_YEARS)))).toBe('UNAUTHENTICATED');
    }
  });

  it('refuses a role that has no maximum, when issuing and when verifying (fail closed)', () => {
    const partial = new TokenService({
      secret: SECRET,
      issuer: ISSUER,
      maxLifetimeSeconds: { ADMIN: 3600 },
    });
    expect(() => partial.issue('RECORD_KEEPER', 'someone', 60)).toThrow(
      'the RECORD_KEEPER role has no maximum token lifetime',
    );
    expect(refusal(() => partial.verify(signed('RECORD_KEEPER', 60)))).toBe('UNAUTHENTICATED');
    expect(refusal(() => partial.verify(signed('ADMIN', 60)))).toBe('ACCEPTED');
  });

  it('reads each role’s maximum from LEDGER_TOKEN_MAX_LIFETIME_<ROLE>, within 1m–366d', () => {
    const problems: string[] = [];
    const custom = tokenSettings(
      {
        LEDGER_TOKEN_MAX_LIFETIME_APPEALS_REVIEW: '2d',
        LEDGER_TOKEN_MAX_LIFETIME_RECORD_KEEPER: '8h',
      },
      '/tmp/none',
      problems,
    );
    expect(problems).toEqual([]);
    expect(custom.maxLifetimeSeconds).toMatchObject({
      APPEALS_REVIEW: 2 * 86_400,
      RECORD_KEEPER: 8 * 3600,
    });
    const refused = tokenSettings(
      { LEDGER_TOKEN_MAX_LIFETIME_RECORD_KEEPER: '3650d' },
      '/tmp/none',
      problems,
    );
    expect(problems).toEqual([
      'LEDGER_TOKEN_MAX_LIFETIME_RECORD_KEEPER must be a span from 1m to 366d such as 30m, 12h or 7d (got "3650d")',
    ]);
    expect(refused.maxLifetimeSeconds.RECORD_KEEPER).toBe(DEFAULTS.RECORD_KEEPER);
  });
});
