import { parseArgs } from 'node:util';
import { TOKEN_ROLES } from './api/auth/policy';
import { RevocationList } from './api/auth/revocations';
import { TokenService } from './api/auth/tokens';
import { loadConfig, type LedgerConfig } from './config/configuration';
import { ensureDevelopmentSecret } from './config/development-secret';
import { spanSeconds } from './config/token-settings';

export const TOKEN_USAGE = `  token   print a bearer token signed with LEDGER_JWT_SECRET
          --role        ${TOKEN_ROLES.join(' | ')} (case-insensitive)
          --subject     who it is: a person's id (a player's licence number for PLAYER)
          --expires-in  e.g. 30m, 12h, 7d (default 12h, or the role's maximum when shorter:
                        LEDGER_TOKEN_MAX_LIFETIME_<ROLE>)
          --show-id     also print the token's id (jti) and expiry, on stderr
  token revoke <jti>
          revoke one token by its id (its jti: see --show-id)
  token revoke --subject <id>
          revoke every token of a subject issued until now (tokens issued later stay valid)
          Revocations are appended to LEDGER_REVOCATION_FILE; every server sharing that file
          refuses the token within LEDGER_REVOCATION_POLL_MS (default 5 s).`;

function settings(): LedgerConfig {
  ensureDevelopmentSecret();
  return loadConfig();
}

function revoke(args: string[]): number {
  const { values, positionals } = parseArgs({
    args,
    options: { subject: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  const config = settings();
  const list = new RevocationList(config.auth.revocationFile, 0);
  const revokedAt = new Date().toISOString();
  if (values.subject !== undefined && positionals.length === 0) {
    // Whole seconds, like a token's iat: a token issued in this second is revoked too.
    list.add({
      subject: values.subject,
      issuedAtOrBefore: Math.floor(Date.now() / 1000),
      revokedAt,
    });
    console.log(`revoked every token of ${values.subject} issued until ${revokedAt}`);
    return 0;
  }
  if (values.subject === undefined && positionals.length === 1) {
    list.add({ jti: positionals[0], revokedAt });
    console.log(`revoked token ${positionals[0]}`);
    return 0;
  }
  console.error('Usage: npm run ledger -- token revoke <jti> | token revoke --subject <id>');
  return 2;
}

// `token …`: issue one token, or revoke by id or subject.
export function tokenCommand(args: string[], usage: string): number {
  if (args[0] === 'revoke') return revoke(args.slice(1));
  const { values } = parseArgs({
    args,
    options: {
      role: { type: 'string' },
      subject: { type: 'string' },
      'expires-in': { type: 'string' },
      'show-id': { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (!values.role || !values.subject) {
    console.error(usage);
    return 2;
  }
  const asked = values['expires-in'];
  const seconds = asked === undefined ? undefined : spanSeconds(asked);
  if (seconds === null || (asked !== undefined && !/^\d+[smhd]$/.test(asked))) {
    console.error(`--expires-in must look like 30m, 12h or 7d (got "${asked}")`);
    return 2;
  }
  const config = settings();
  const tokens = new TokenService({
    secret: config.auth.jwtSecret,
    issuer: config.auth.issuer,
    maxLifetimeSeconds: config.auth.maxLifetimeSeconds,
  });
  const role = values.role.toUpperCase();
  const max = config.auth.maxLifetimeSeconds[role];
  const lifetime = seconds ?? Math.min(12 * 3600, max ?? 12 * 3600);
  // A refused role, subject or lifetime is thrown: the CLI prints it and exits 1.
  const issued = tokens.issueWithId(values.role, values.subject, lifetime);
  console.log(issued.token);
  if (values['show-id'])
    console.error(`jti ${issued.jti}, expires ${issued.expiresAt.toISOString()}`);
  return 0;
}
