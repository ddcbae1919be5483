import { JwtService } from '@nestjs/jwt';
import type { Request } from 'express';
import { ID_PATTERN } from '../graphql/inputs/command.input';
import { AuthError } from './auth-errors';
import { TOKEN_ROLES, type Principal, type TokenRole } from './policy';

export const AUDIENCE = 'cue-ledger-api';
const PRINCIPAL = Symbol('principal');

interface Claims {
  sub?: unknown;
  role?: unknown;
}

export interface TokenOptions {
  secret: string;
  issuer: string;
}

// HS256 bearer tokens: `sub` is the person (player id for players), `role` one of TOKEN_ROLES.
export class TokenService {
  private readonly jwt: JwtService;

  constructor(private readonly options: TokenOptions) {
    this.jwt = new JwtService({ secret: options.secret });
  }

  issue(role: string, subject: string, expiresIn: string | number = '12h'): string {
    const r = role.toUpperCase();
    if (!(TOKEN_ROLES as readonly string[]).includes(r))
      throw new Error(`role must be one of ${TOKEN_ROLES.join(', ')} (got "${role}")`);
    if (!ID_PATTERN.test(subject))
      throw new Error(`subject must be 1–64 letters, digits or ._:- (got "${subject}")`);
    return this.jwt.sign(
      { role: r },
      {
        subject,
        issuer: this.options.issuer,
        audience: AUDIENCE,
        algorithm: 'HS256',
        expiresIn: expiresIn as never,
      },
    );
  }

  verify(token: string): Principal {
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
    const { sub, role } = claims;
    if (typeof sub !== 'string' || !ID_PATTERN.test(sub))
      throw new AuthError('UNAUTHENTICATED', 'The bearer token names no valid subject');
    if (typeof role !== 'string' || !(TOKEN_ROLES as readonly string[]).includes(role))
      throw new AuthError('UNAUTHENTICATED', 'The bearer token names no valid role');
    return { subject: sub, role: role as TokenRole };
  }

  // The caller of this request: null when anonymous; a token that is present but does not verify
  // is refused on every operation, reads included, so a client never silently loses its identity.
  principalOf(req: Request): Principal | null {
    const cached = (req as unknown as Record<symbol, Principal | null | undefined>)[PRINCIPAL];
    if (cached !== undefined) return cached;
    const header = req.headers.authorization;
    let principal: Principal | null = null;
    if (header !== undefined) {
      const m = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/.exec(header.trim());
      if (!m) throw new AuthError('UNAUTHENTICATED', 'Authorization must be "Bearer <token>"');
      principal = this.verify(m[1]);
    }
    (req as unknown as Record<symbol, Principal | null>)[PRINCIPAL] = principal;
    return principal;
  }
}
