import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { TokenService } from './api/auth/tokens';
import { TOKEN_ROLES } from './api/auth/policy';
import { ConfigurationError, loadConfig } from './config/configuration';
import { ensureDevelopmentSecret } from './config/development-secret';
import { createEventStore } from './matches/matches.module';
import { MatchProjector } from './projections/match-projector';
import { ReadModel } from './projections/read-model';

const USAGE = `Usage: npm run ledger -- token --role <role> --subject <id> [--expires-in <span>]
       npm run ledger -- rebuild
       (or: node dist/cli.js token|rebuild ...)

  token   print a bearer token signed with LEDGER_JWT_SECRET
          --role        ${TOKEN_ROLES.join(' | ')} (case-insensitive)
          --subject     who it is: a person's id (a player's licence number for PLAYER)
          --expires-in  e.g. 30m, 12h, 30d (default 12h)
  rebuild empty this instance's read model and replay the whole ledger into it from zero`;

// Rebuilds the read model of the configured store (SQLite or KurrentDB) from the first event.
async function rebuild(): Promise<number> {
  ensureDevelopmentSecret();
  const config = loadConfig();
  const store = createEventStore(config);
  const readModel = new ReadModel(config.readModelFile);
  try {
    await new MatchProjector(store, readModel).rebuild();
    const matches = readModel.matches(1_000_000, 0).length;
    console.log(
      `read model rebuilt from ${config.storeDescription}: ${matches} matches, checkpoint ${readModel.checkpoint('matches') ?? 'none'}`,
    );
    return 0;
  } finally {
    readModel.close();
    await store.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'rebuild') return rebuild();
  if (command !== 'token') {
    console.error(USAGE);
    return command === undefined || command === '--help' ? 0 : 2;
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      role: { type: 'string' },
      subject: { type: 'string' },
      'expires-in': { type: 'string', default: '12h' },
    },
    strict: true,
  });
  if (!values.role || !values.subject) {
    console.error(USAGE);
    return 2;
  }
  const expiresIn = values['expires-in'] ?? '12h';
  if (!/^\d+[smhd]$/.test(expiresIn)) {
    console.error(`--expires-in must look like 30m, 12h or 30d (got "${expiresIn}")`);
    return 2;
  }
  ensureDevelopmentSecret();
  const config = loadConfig();
  const tokens = new TokenService({ secret: config.auth.jwtSecret, issuer: config.auth.issuer });
  console.log(tokens.issue(values.role, values.subject, expiresIn));
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(err instanceof ConfigurationError || err instanceof Error ? err.message : err);
    process.exitCode = 1;
  },
);
