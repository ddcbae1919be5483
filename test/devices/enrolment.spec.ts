import { DeviceStore } from '../../src/devices/device-store';
import {
  EnrolmentService,
  tokenLifetime,
  type TokenIssuer,
} from '../../src/devices/enrolment.service';

// The enrolment exchange against an in-memory device file, a fixed clock and a recording token
// issuer: what is issued, refused and revoked, and the facts kept of it.
describe('enrolment codes', () => {
  let store: DeviceStore;
  let now: Date;
  let issued: { role: string; subject: string; seconds: number; binding: unknown }[];
  let revoked: string[];
  let service: EnrolmentService;
  const tokens: TokenIssuer = {
    maxLifetime: (role) =>
      role === 'SCORER' ? 24 * 3600 : role === 'RECORD_KEEPER' ? 12 * 3600 : undefined,
    issueWithId: (role, subject, seconds, binding) => {
      issued.push({ role, subject, seconds, binding });
      return {
        token: `t${issued.length}`,
        jti: `j${issued.length}`,
        expiresAt: new Date(now.getTime() + seconds * 1000),
      };
    },
    revoke: (jti) => void revoked.push(jti),
  };
  const match = (matchId = 'm1') =>
    service.issue({
      kind: 'MATCH',
      role: 'SCORER',
      subject: null,
      matchId,
      tableId: null,
      label: null,
      issuedBy: 'desk-1',
    });

  beforeEach(() => {
    store = new DeviceStore(':memory:');
    now = new Date('2026-12-01T20:00:00Z');
    issued = [];
    revoked = [];
    service = new EnrolmentService(store, tokens, { now: () => now }, 600);
  });
  afterEach(() => store.close());

  it('a code is exchanged once, for a token bound to its match, until the end of the day', () => {
    const { code, enrolment } = match();
    expect(code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const r = service.redeem(code);
    expect(r.token).toBe('t1');
    expect(issued).toEqual([
      {
        role: 'SCORER',
        subject: enrolment.subject,
        seconds: 4 * 3600,
        binding: { matchId: 'm1', tableId: null },
      },
    ]);
    expect(() => service.redeem(code)).toThrow(
      expect.objectContaining({ code: 'ENROLMENT_CODE_USED' }),
    );
    expect(issued).toHaveLength(1);
    expect(store.facts().map((f) => [f.type, f.by])).toEqual([
      ['ENROLMENT_ISSUED', 'desk-1'],
      ['ENROLMENT_REDEEMED', enrolment.subject],
    ]);
  });

  it('refuses a code after its lifetime, a revoked one and an unknown one, issuing nothing', () => {
    const late = match();
    const gone = match();
    service.revoke(gone.enrolment.id, 'desk-1');
    now = new Date(now.getTime() + 600_000);
    expect(() => service.redeem(late.code)).toThrow(
      expect.objectContaining({ code: 'ENROLMENT_CODE_EXPIRED' }),
    );
    expect(() => service.redeem(gone.code)).toThrow(
      expect.objectContaining({ code: 'ENROLMENT_CODE_REVOKED' }),
    );
    expect(() => service.redeem('nope')).toThrow(
      expect.objectContaining({ code: 'ENROLMENT_CODE_UNKNOWN' }),
    );
    expect(issued).toEqual([]);
  });

  it('revoking an enrolled device revokes its token; sign-off ends the match’s devices only', () => {
    const a = match('m1');
    const b = match('m1');
    const c = match('m2');
    for (const x of [a, b, c]) service.redeem(x.code);
    service.revoke(a.enrolment.id, 'desk-1');
    expect(revoked).toEqual(['j1']);
    service.endForMatch('m1');
    expect(revoked).toEqual(['j1', 'j2']);
    expect(store.byId(b.enrolment.id)).toMatchObject({ revokedBy: 'sign-off' });
    expect(store.byId(c.enrolment.id)).toMatchObject({ revokedAt: null });
  });

  it('a desk code gives an unbound token of its role', () => {
    const { code } = service.issue({
      kind: 'DESK',
      role: 'RECORD_KEEPER',
      subject: 'rita',
      matchId: null,
      tableId: null,
      label: null,
      issuedBy: 'cli',
    });
    service.redeem(code);
    expect(issued[0]).toMatchObject({ role: 'RECORD_KEEPER', subject: 'rita', binding: undefined });
  });

  it('a token lives until midnight UTC, at least an hour, never past the role maximum', () => {
    expect(tokenLifetime(new Date('2026-12-01T20:00:00Z'), 86_400)).toBe(4 * 3600);
    expect(tokenLifetime(new Date('2026-12-01T23:30:00Z'), 86_400)).toBe(3600);
    expect(tokenLifetime(new Date('2026-12-01T08:00:00Z'), 12 * 3600)).toBe(12 * 3600);
  });
});
