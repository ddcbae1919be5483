import { Logger } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { Request } from 'express';
import { createSecretKey, randomUUID } from 'node:crypto';
import { defaultMaxLifetimeSeconds } from '../../config/token-settings';
import { ID_PATTERN } from '../../kernel/graphql/inputs/command.input';
import { AuthError } from '../../kernel/auth/auth-errors';
import {
  TOKEN_ROLES,
  type Binding,
  type Principal,
  type TokenRole,
} from '../../kernel/auth/policy';
import type { RevocationList } from './revocations';

export const AUDIENCE = 'cue-ledger-api';
const PRINCIPAL = Symbol('principal');
const REFUSAL = Symbol('refusal');
// Clock skew tolerated between the issuing machine and a replica, in a token's lifetime.
const LEEWAY_SECONDS = 30;
// How far ahead of this server's clock a token's iat may lie (the setting's default).
const DEFAULT_CLOCK_SKEW_SECONDS = 60;

interface Claims {
  sub?: unknown;
  role?: unknown;
  // A device's binding (see Binding): the match or the table it was enrolled for.
  match?: unknown;
  table?: unknown;
  jti?: unknown;
  iat?: unknown;
  exp?: unknown;
}

interface Verified {
  principal: Principal;
  jti: string;
  iat: number;
  exp: number;
}
// Verified tokens kept (the oldest dropped first).
const VERIFIED_KEPT = 10_000;

export interface TokenOptions {
  secret: string;
  issuer: string;
  // Per role, in seconds (default: the settings' defaults). A role missing here is refused, when
  // issued and when verified: no token lives without a bound.
  maxLifetimeSeconds?: Record<string, number>;
  revocations?: RevocationList | null;
  // How far in the future a token's iat may lie: beyond it the token is refused, and a
  // revocation by subject covers tokens stamped up to this far after it.
  clockSkewSeconds?: number;
}

export interface IssuedToken {
  token: string;
  jti: string;
  expiresAt: Date;
}

const isRole = (r: unknown): r is TokenRole =>
  typeof r === 'string' && (TOKEN_ROLES as readonly string[]).includes(r);

// HS256 bearer tokens: `sub` is the person (player id for players), `role` one of TOKEN_ROLES,
// `jti` the token's own id (for revocation); every token expires, within its role's lifetime.
export class TokenService {
  private readonly jwt: JwtService;
  private readonly log = new Logger('Auth');
  private readonly maxLifetimes: Record<string, number>;
  private readonly skew: number;

  constructor(private readonly options: TokenOptions) {
    this.skew = options.clockSkewSeconds ?? DEFAULT_CLOCK_SKEW_SECONDS;
    // A key object, so that each verify does not first try the secret as a public key.
    this.jwt = new JwtService({ secret: createSecretKey(Buffer.from(options.secret)) });
    this.maxLifetimes = options.maxLifetimeSeconds ?? defaultMaxLifetimeSeconds();
  }

  // Undefined for a role without a maximum, which is then refused (fail closed).
  maxLifetime(role: string): number | undefined {
    const max = this.maxLifetimes[role];
    return Number.isFinite(max) ? max : undefined;
  }

  issue(role: string, subject: string, expiresInSeconds = 12 * 3600): string {
    return this.issueWithId(role, subject, expiresInSeconds).token;
  }

  issueWithId(
    role: string,
    subject: string,
    expiresInSeconds: number,
    binding?: Binding,
  ): IssuedToken {
    const r = role.toUpperCase();
    if (!isRole(r))
      throw new Error(`role must be one of ${TOKEN_ROLES.join(', ')} (got "${role}")`);
    if (!ID_PATTERN.test(subject))
      throw new Error(`subject must be 1–64 letters, digits or ._:- (got "${subject}")`);
    const max = this.maxLifetime(r);
    if (!Number.isInteger(expiresInSeconds))
      throw new Error(`the lifetime must be a whole number of seconds`);
    if (max === undefined) throw new Error(`the ${r} role has no maximum token lifetime`);
    if (expiresInSeconds > max)
      throw new Error(`a ${r} token may live at most ${max} s (asked for ${expiresInSeconds} s)`);
    const jti = randomUUID();
    const bound = binding ? { match: binding.matchId, table: binding.tableId } : {};
    const token = this.jwt.sign(
      { role: r, ...bound },
      {
        subject,
        jwtid: jti,
        issuer: this.options.issuer,
        audience: AUDIENCE,
        algorithm: 'HS256',
        expiresIn: expiresInSeconds,
      },
    );
    const exp = (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Claims)
      .exp as number;
    return { token, jti, expiresAt: new Date(exp * 1000) };
  }

  // Tokens already verified, until they expire: the signature and claims are checked once per token,
  // expiry and revocation on every use.
  private readonly verified = new Map<string, Verified>();

  verify(token: string): Principal {
    const known = this.verified.get(token);
    if (!known) return this.verifySigned(token);
    if (known.exp * 1000 <= Date.now()) {
      this.verified.delete(token);
      throw new AuthError('UNAUTHENTICATED', 'The bearer token has expired');
    }
    if (this.revoked(known.jti, known.principal.subject, known.iat))
      throw new AuthError('UNAUTHENTICATED', 'The bearer token has been revoked');
    return known.principal;
  }

  private verifySigned(token: string): Principal {
    let claims: Claims;
    try {
      claims = this.jwt.verify<Claims & object>(token, {
        algorithms: ['HS256'],
        issuer: this.options.issuer,
        audience: AUDIENCE,
      });
    } catch (err) {
      const why =
        (err as { name?: string }).name === 'TokenExpiredError' ? 'has expired' : 'is not valid';
      throw new AuthError('UNAUTHENTICATED', `The bearer token ${why}`);
    }
    const { sub, role, jti, iat, exp, match, table } = claims;
    if (typeof sub !== 'string' || !ID_PATTERN.test(sub))
      throw new AuthError('UNAUTHENTICATED', 'The bearer token names no valid subject');
    if (!isRole(role))
      throw new AuthError('UNAUTHENTICATED', 'The bearer token names no valid role');
    if (typeof exp !== 'number' || typeof iat !== 'number' || typeof jti !== 'string')
      throw new AuthError('UNAUTHENTICATED', 'The bearer token lacks an expiry, issue time or id');
    const max = this.maxLifetime(role);
    if (max === undefined)
      throw new AuthError('UNAUTHENTICATED', `The ${role} role has no maximum token lifetime`);
    if (exp - iat > max + LEEWAY_SECONDS)
      throw new AuthError('UNAUTHENTICATED', `The bearer token outlives the ${role} maximum`);
    // A token stamped in the future would outlive its role's maximum counted from now, and escape
    // a revocation by subject made before its iat: only the clocks' skew is tolerated.
    if (iat > Date.now() / 1000 + this.skew)
      throw new AuthError('UNAUTHENTICATED', 'The bearer token was issued in the future');
    if (this.revoked(jti, sub, iat))
      throw new AuthError('UNAUTHENTICATED', 'The bearer token has been revoked');
    const principal: Principal = { subject: sub, role };
    if (match !== undefined || table !== undefined) {
      const id = (v: unknown) => (typeof v === 'string' && ID_PATTERN.test(v) ? v : null);
      const binding = { matchId: id(match), tableId: id(table) };
      // A binding that names neither would bind to nothing: refused rather than read as none.
      if (binding.matchId === null && binding.tableId === null)
        throw new AuthError('UNAUTHENTICATED', 'The bearer token names no valid match or table');
      principal.binding = binding;
    }
    if (this.verified.size >= VERIFIED_KEPT)
      this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, { principal, jti, iat, exp });
    return principal;
  }

  // A revocation by subject at T covers every iat up to T plus the skew: a token issued before T
  // by a clock running ahead (within the skew) is covered too.
  private revoked(jti: string, subject: string, iat: number): boolean {
    return this.options.revocations?.isRevoked(jti, subject, iat, this.skew) ?? false;
  }

  get revocations(): RevocationList | null {
    return this.options.revocations ?? null;
  }

  // Revokes one token by its id, on every replica (the ledger's revocation stream carries it).
  revoke(jti: string, revokedAt: string): void {
    if (!this.options.revocations) throw new Error('this server keeps no revocation list');
    this.options.revocations.add({ jti, revokedAt });
  }

  // The caller of this request: null when anonymous; a token that is present but does not verify
  // is refused on every operation, reads included, so a client never silently loses its identity.
  principalOf(req: Request): Principal | null {
    const cached = (req as unknown as Record<symbol, Principal | null | undefined>)[PRINCIPAL];
    if (cached !== undefined) return cached;
    const refused = (req as unknown as Record<symbol, AuthError | undefined>)[REFUSAL];
    if (refused) throw refused;
    const header = req.headers.authorization;
    let principal: Principal | null = null;
    if (header !== undefined) {
      try {
        principal = this.verify(bearerToken(header));
      } catch (err) {
        // Logged once per request, without the token.
        this.log.warn(
          `authentication refused from ${req.ip ?? 'unknown'}: ${(err as Error).message}`,
        );
        (req as unknown as Record<symbol, unknown>)[REFUSAL] = err;
        throw err;
      }
    }
    (req as unknown as Record<symbol, Principal | null>)[PRINCIPAL] = principal;
    return principal;
  }
}

// Whom a request's work is counted against: the token's subject, else the address (an invalid
// token is refused by the auth guard; until then it counts against its address).
export function clientOf(tokens: TokenService, req: Request): string {
  try {
    const principal = tokens.principalOf(req);
    if (principal) return `sub:${principal.subject}`;
  } catch {
    // fall through to the address
  }
  return `ip:${req.ip ?? 'unknown'}`;
}

// The authentication scheme is case-insensitive (RFC 9110 §11.1).
function bearerToken(header: string): string {
  const m = /^Bearer +([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/i.exec(header.trim());
  if (!m) throw new AuthError('UNAUTHENTICATED', 'Authorization must be "Bearer <token>"');
  return m[1];
}
