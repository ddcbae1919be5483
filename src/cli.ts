import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { TokenService } from './api/auth/tokens';
import { TOKEN_ROLES } from './api/auth/policy';
import { verifyLedger } from './audit/ledger-verifier';
import { readjudicateLedger } from './audit/readjudication';
import { ConfigurationError, loadConfig } from './config/configuration';
import { runSeedDemo, SEED_DEMO_USAGE } from './demo/seed-demo.cli';
import { EXPORT_USAGE, runExport, runVerifyFile } from './exports/exports.cli';
import { ensureDevelopmentSecret } from './config/development-secret';
import { createEventStore } from './ledger/ledger.module';
import { MatchProjector } from './projections/match-projector';
import { ReadModel } from './projections/read-model';
import { featureProjections } from './read-models';

const USAGE = `Usage: npm run ledger -- token --role <role> --subject <id> [--expires-in <span>]
       npm run ledger -- rebuild | verify | readjudicate
       npm run ledger -- seed-demo [--players 64] [--matches 100] [--seed 1]
       npm run ledger -- export --match <id> | --competition <id> | --all | --standings <id>
       npm run ledger -- verify --file <export.ndjson>
       (or: node dist/cli.js token|rebuild|verify|readjudicate ...)

  token   print a bearer token signed with LEDGER_JWT_SECRET
          --role        ${TOKEN_ROLES.join(' | ')} (case-insensitive)
          --subject     who it is: a person's id (a player's licence number for PLAYER)
          --expires-in  e.g. 30m, 12h, 30d (default 12h)
  rebuild empty this instance's read model and replay the whole ledger into it from zero
  verify  check every stream's hash chain and head; exit 1 and report the first broken link of
          each broken stream when the ledger was altered
  readjudicate
          re-rule every recorded shot with this build's engine; exit 1 and list every ruling
          that differs from the recorded one (nothing is written)
${SEED_DEMO_USAGE}
${EXPORT_USAGE}`;

// Opens the configured store alone (no read model, no server) for a read-only pass.
async function withStore<T>(
  work: (store: ReturnType<typeof createEventStore>, where: string) => Promise<T>,
): Promise<T> {
  ensureDevelopmentSecret();
  const config = loadConfig();
  const store = createEventStore(config);
  try {
    return await work(store, config.storeDescription);
  } finally {
    await store.close();
  }
}

async function verify(): Promise<number> {
  return withStore(async (store, where) => {
    const v = await verifyLedger(store);
    const tails = v.headsChecked
      ? ''
      : ' (this store keeps no head record: deleted tails not checked)';
    if (v.ok) {
      console.log(
        `ledger ${where} verified: ${v.streams} streams, ${v.events} events, every chain intact${tails}`,
      );
      return 0;
    }
    console.log(`ledger ${where} is BROKEN: ${v.breaks.length} of ${v.streams} streams${tails}`);
    for (const b of v.breaks)
      console.log(
        `  ${b.reason} ${b.streamId}@${b.revision}${b.position === null ? '' : ` (position ${b.position})`}: ${b.message}\n    expected ${b.expectedHash ?? '-'}\n    found    ${b.foundHash ?? '-'}`,
      );
    const f = v.firstBreak!;
    console.log(`first broken link: ${f.streamId}@${f.revision} (${f.reason})`);
    return 1;
  });
}

async function readjudicate(): Promise<number> {
  return withStore(async (store, where) => {
    const r = await readjudicateLedger(store);
    const n = r.differences.length;
    console.log(
      `re-adjudicated ${r.shotsChecked} shots of ${where} with engine ${r.engineVersion}: ${n} ${n === 1 ? 'ruling differs' : 'rulings differ'}`,
    );
    for (const d of r.differences) {
      const fields = d.fields
        .map((f) => (f === 'refused' ? `refused (${d.refusal})` : f))
        .join(', ');
      console.log(
        `  match ${d.matchId} game ${d.gameNumber} shot ${d.shotNumber} (revision ${d.revision}, recorded by engine ${d.recorded.engineVersion}): ${fields}`,
      );
      for (const f of d.fields.filter((x) => x !== 'refused'))
        console.log(
          `    ${f}: recorded ${JSON.stringify((d.recorded as unknown as Record<string, unknown>)[f] ?? null)}, now ${JSON.stringify((d.current as unknown as Record<string, unknown>)[f] ?? null)}`,
        );
    }
    return r.differences.length === 0 ? 0 : 1;
  });
}

// Rebuilds the read model of the configured store (SQLite or KurrentDB) from the first event.
async function rebuild(): Promise<number> {
  ensureDevelopmentSecret();
  const config = loadConfig();
  const store = createEventStore(config);
  const readModel = new ReadModel(config.readModelFile, featureProjections());
  try {
    await new MatchProjector(store, readModel).rebuild();
    const matches = readModel.matchCount();
    console.log(
      `read model rebuilt from ${config.storeDescription}: ${matches} matches, checkpoint ${readModel.checkpoint('matches') ?? 'none'}`,
    );
    return 0;
  } finally {
    readModel.close();
    await store.close();
  }
}

// The configured store with this instance's read model (seed-demo keeps it up, export reads it).
async function withLedgerAndViews(
  work: (
    store: ReturnType<typeof createEventStore>,
    views: ReadModel,
    where: string,
  ) => Promise<number>,
): Promise<number> {
  ensureDevelopmentSecret();
  const config = loadConfig();
  const store = createEventStore(config);
  const readModel = new ReadModel(config.readModelFile, featureProjections());
  try {
    return await work(store, readModel, config.storeDescription);
  } finally {
    readModel.close();
    await store.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'rebuild') return rebuild();
  // An export file is checked without opening the ledger at all.
  if (command === 'verify' && rest[0] === '--file' && rest[1]) return runVerifyFile(rest[1]);
  if (command === 'verify') return verify();
  if (command === 'readjudicate') return readjudicate();
  if (command === 'seed-demo')
    return withLedgerAndViews((s, v, where) => runSeedDemo(rest, s, v, where));
  if (command === 'export') return withLedgerAndViews((s, v) => runExport(rest, s, v));
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
