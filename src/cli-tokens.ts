import { TOKEN_ROLES } from './kernel/auth/policy';
import { RevocationStream } from './api/auth/revocation-stream';
import { RevocationList, type Revocation } from './api/auth/revocations';
import { createEventStore } from './ledger/ledger.module';
import { TokenService } from './api/auth/tokens';
import { done, settings, usage, type Registration } from './cli-context';
import { CliError, EXIT, usageError } from './cli-exit';
import { spanSeconds } from './config/token-settings';

// A token's id is the UUID it was issued with (see --show-id).
const JTI = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Revokes one token by its id, or every token of a subject issued until now: in the file, and on
// KurrentDB in the ledger's revocation stream too, which every running replica reads.
export async function revokeTokens(target: { jti?: string; subject?: string }): Promise<number> {
  const config = settings();
  const list = new RevocationList(config.auth.revocationFile, 0);
  const revokedAt = new Date().toISOString();
  // Whole seconds, like a token's iat: a token issued in this second is revoked too.
  const entry: Revocation =
    target.subject !== undefined
      ? { subject: target.subject, issuedAtOrBefore: Math.floor(Date.now() / 1000), revokedAt }
      : { jti: target.jti!, revokedAt };
  list.add(entry);
  if (config.store.kind === 'kurrentdb') {
    const store = createEventStore(config);
    try {
      await new RevocationStream(store, list, 0).publish(entry);
    } finally {
      await store.close();
    }
  }
  console.log(
    target.subject !== undefined
      ? `revoked every token of ${target.subject} issued until ${revokedAt}`
      : `revoked token ${target.jti}`,
  );
  return EXIT.OK;
}

export interface IssueOptions {
  role: string;
  subject: string;
  expiresIn?: string;
  showId: boolean;
}

// Issues one token and prints it (its id and expiry on stderr with showId).
export function issueToken(o: IssueOptions): number {
  const config = settings();
  const tokens = new TokenService({
    secret: config.auth.jwtSecret,
    issuer: config.auth.issuer,
    maxLifetimeSeconds: config.auth.maxLifetimeSeconds,
  });
  const role = o.role.toUpperCase();
  const max = config.auth.maxLifetimeSeconds[role];
  const lifetime =
    o.expiresIn !== undefined ? spanSeconds(o.expiresIn)! : Math.min(12 * 3600, max ?? 12 * 3600);
  let issued;
  try {
    issued = tokens.issueWithId(o.role, o.subject, lifetime);
  } catch (err) {
    // A refused role, subject or lifetime: the values given are wrong.
    throw usageError(err instanceof Error ? err.message : String(err));
  }
  console.log(issued.token);
  if (o.showId) console.error(`jti ${issued.jti}, expires ${issued.expiresAt.toISOString()}`);
  return EXIT.OK;
}

export const registerToken: Registration = (program) => {
  const token = program
    .command('token')
    .summary('print a bearer token signed with LEDGER_JWT_SECRET, or revoke tokens')
    .description(
      "print a bearer token signed with LEDGER_JWT_SECRET; its lifetime is at most the role's maximum (LEDGER_TOKEN_MAX_LIFETIME_<ROLE>). `token revoke` appends to LEDGER_REVOCATION_FILE: every server sharing that file refuses the token within LEDGER_REVOCATION_POLL_MS (default 5 s)",
    )
    .option('--role <role>', `${TOKEN_ROLES.join(' | ')} (case-insensitive)`)
    .option('--subject <id>', "who it is: a person's id (a player's licence number for PLAYER)")
    .option('--expires-in <span>', 'e.g. 30m, 12h, 7d (default 12h, or the role maximum)')
    .option('--show-id', "also print the token's id (jti) and expiry, on stderr")
    .action((o: { role?: string; subject?: string; expiresIn?: string; showId?: boolean }) => {
      if (o.role === undefined) usage(token, 'token needs --role <role>');
      if (o.subject === undefined) usage(token, 'token needs --subject <id>');
      if (o.expiresIn !== undefined && !/^\d+[smhd]$/.test(o.expiresIn))
        usage(token, `--expires-in must look like 30m, 12h or 7d (got "${o.expiresIn}")`);
      try {
        return done(
          issueToken({ ...o, role: o.role!, subject: o.subject!, showId: o.showId === true }),
        );
      } catch (err) {
        // A role, subject or lifetime the token service refuses: the values given are wrong.
        if (err instanceof CliError && err.exitCode === EXIT.USAGE) usage(token, err.message);
        throw err;
      }
    });
  const revoke = token
    .command('revoke')
    .description(
      'revoke one token by its id (jti), or every token of a subject issued until now (tokens issued more than LEDGER_TOKEN_CLOCK_SKEW_SECONDS later stay valid)',
    )
    .argument('[jti]', "the token's id (printed by token --show-id)")
    .option('--subject <id>', 'revoke every token of this subject issued until now')
    .action((jti: string | undefined, o: { subject?: string }) => {
      if ((jti === undefined) === (o.subject === undefined))
        usage(revoke, 'name one token id, or --subject <id>, not both');
      if (jti !== undefined && !JTI.test(jti))
        usage(revoke, `"${jti}" is not a token id: a token's id is a UUID (see token --show-id)`);
      return done(revokeTokens({ jti, subject: o.subject }));
    });
};
