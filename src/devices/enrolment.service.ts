import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Clock } from '../ledger/clock';
import { DeviceError } from './device-errors';
import type { DeviceStore, Enrolment, EnrolmentKind } from './device-store';

// What a device token is bound to (the API's auth policy checks it on every write).
export interface Binding {
  matchId: string | null;
  tableId: string | null;
}

// The API's token service, as enrolment uses it.
// Provided by the application (its token service), so this feature imports nothing of the shell.
export const TOKEN_ISSUER = Symbol('TOKEN_ISSUER');

export interface TokenIssuer {
  maxLifetime(role: string): number | undefined;
  issueWithId(
    role: string,
    subject: string,
    expiresInSeconds: number,
    binding?: Binding,
  ): { token: string; jti: string; expiresAt: Date };
  revoke(jti: string, revokedAt: string): void;
}

export interface IssueRequest {
  kind: EnrolmentKind;
  role: string;
  subject: string | null;
  matchId: string | null;
  tableId: string | null;
  label: string | null;
  issuedBy: string;
}

export interface IssuedCode {
  enrolment: Enrolment;
  // The one-time code itself: shown once (link and QR), stored only as its hash.
  code: string;
}

export interface Redeemed {
  enrolment: Enrolment;
  token: string;
  expiresAt: Date;
}

const HOUR = 3600;

export const hashCode = (code: string): string =>
  createHash('sha256').update(code, 'utf8').digest('hex');

// Issues a one-time code: 128 random bits, only its hash kept. Shared by the desk's mutation and
// the CLI's desk-link (which opens the device file itself).
export function issueCode(
  store: DeviceStore,
  req: IssueRequest,
  now: Date,
  lifetimeSeconds: number,
): IssuedCode {
  const code = randomBytes(16).toString('base64url');
  const id = randomUUID();
  const enrolment: Enrolment = {
    id,
    kind: req.kind,
    role: req.role,
    // A device speaks for itself in the ledger's metadata; the desk's record says who let it in.
    subject: req.subject ?? `device-${id.slice(0, 8)}`,
    matchId: req.matchId,
    tableId: req.tableId,
    label: req.label,
    issuedBy: req.issuedBy,
    issuedAt: now.toISOString(),
    codeExpiresAt: new Date(now.getTime() + lifetimeSeconds * 1000).toISOString(),
    redeemedAt: null,
    jti: null,
    tokenExpiresAt: null,
    revokedAt: null,
    revokedBy: null,
  };
  store.issue(enrolment, hashCode(code));
  return { enrolment, code };
}

// Until the end of the day (UTC midnight; at least an hour), never past the role's maximum.
export function tokenLifetime(now: Date, max: number): number {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  const untilMidnight = Math.floor((midnight - now.getTime()) / 1000);
  return Math.min(max, Math.max(untilMidnight, HOUR));
}

// The enrolment exchange and the desk's device commands.
export class EnrolmentService {
  constructor(
    private readonly store: DeviceStore,
    private readonly tokens: TokenIssuer,
    private readonly clock: Clock,
    private readonly codeLifetimeSeconds: number,
  ) {}

  issue(req: IssueRequest): IssuedCode {
    return issueCode(this.store, req, this.clock.now(), this.codeLifetimeSeconds);
  }

  // The code is exchanged once for a token bound to its match or table (a desk code: the desk's
  // own RECORD_KEEPER or ADMIN token, unbound). A refusal says why and changes nothing.
  redeem(code: string): Redeemed {
    const hash = hashCode(code);
    const found = this.store.byCode(hash);
    const now = this.clock.now();
    this.refuseUnusable(found, now);
    const e = found!;
    const role = e.role;
    const max = this.tokens.maxLifetime(role);
    if (max === undefined) throw new Error(`the ${role} role has no maximum token lifetime`);
    const binding: Binding | undefined =
      e.kind === 'DESK' ? undefined : { matchId: e.matchId, tableId: e.tableId };
    const issued = this.tokens.issueWithId(role, e.subject, tokenLifetime(now, max), binding);
    const at = now.toISOString();
    // Lost to a device that redeemed it meanwhile: the token made here is never handed out.
    if (!this.store.redeem(hash, issued.jti, issued.expiresAt.toISOString(), at)) {
      this.refuseUnusable(this.store.byCode(hash), now);
      throw new DeviceError('ENROLMENT_CODE_USED', 'This enrolment code has already been used');
    }
    return { enrolment: this.store.byId(e.id)!, token: issued.token, expiresAt: issued.expiresAt };
  }

  private refuseUnusable(e: Enrolment | null, now: Date): void {
    if (!e)
      throw new DeviceError(
        'ENROLMENT_CODE_UNKNOWN',
        'No enrolment code like this was issued: scan the QR code again',
      );
    if (e.revokedAt)
      throw new DeviceError(
        'ENROLMENT_CODE_REVOKED',
        'This enrolment code was revoked by the desk',
      );
    if (e.redeemedAt)
      throw new DeviceError('ENROLMENT_CODE_USED', 'This enrolment code has already been used');
    if (e.codeExpiresAt <= now.toISOString())
      throw new DeviceError(
        'ENROLMENT_CODE_EXPIRED',
        `This enrolment code expired at ${e.codeExpiresAt}: ask the desk for a new one`,
      );
  }

  // Before its use the code is refused; after, the device's token is revoked everywhere.
  revoke(id: string, by: string): Enrolment {
    const e = this.store.byId(id);
    if (!e) throw new DeviceError('ENROLMENT_NOT_FOUND', `No enrolment with id ${id}`);
    const at = this.clock.now().toISOString();
    if (e.jti && !e.revokedAt) this.tokens.revoke(e.jti, at);
    return e.revokedAt ? e : this.store.revoke(id, by, at)!;
  }

  // A match's devices stop at its sign-off (a table's tablet stays for the next match).
  endForMatch(matchId: string): void {
    const at = this.clock.now().toISOString();
    for (const e of this.store.liveForMatch(matchId)) {
      this.tokens.revoke(e.jti!, at);
      this.store.revoke(e.id, 'sign-off', at, 'ENROLMENT_ENDED_AT_SIGN_OFF');
    }
  }

  list(matchId: string | null, since: Date, limit: number): Enrolment[] {
    return this.store.list(since.toISOString(), matchId, limit);
  }
}
