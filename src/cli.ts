import 'reflect-metadata';
import { adoptHeadsCommand } from './cli-adopt-heads';
import { checkpointCommand, verifyCommand } from './cli-ledger';
import { COMMAND_USAGE, USAGE } from './cli-usage';
import { tokenCommand } from './cli-tokens';
import { readjudicateLedger } from './audit/readjudication';
import { runBackupCommand } from './backup/backup.cli';
import { ConfigurationError, loadConfig } from './config/configuration';
import { runSeedDemo } from './demo/seed-demo.cli';
import { runDeskLink } from './desk/desk-link.cli';
import { runExport, runVerifyFile } from './exports/exports.cli';
import { runMigrate } from './exports/migrate.cli';
import { ensureDevelopmentSecret } from './config/development-secret';
import { createEventStore } from './ledger/ledger.module';
import { MatchProjector } from './projections/match-projector';
import { ReadModel } from './projections/read-model';
import { ledgerSize, reportRebuild } from './projections/rebuild-progress';
import { featureProjections } from './read-models';
import { changedResultsCommand, type OpenedReadModel } from './ratings/changed-results.command';
import { resultsFileCommand } from './results-files/results-file.command';
import { importResultsCommand } from './imports/import-results.command';

// Opens the configured store alone (no read model, no server) for a read-only pass.
async function withStore<T>(
  work: (store: ReturnType<typeof createEventStore>, where: string) => Promise<T>,
): Promise<T> {
  ensureDevelopmentSecret();
  const config = loadConfig();
  const store = createEventStore(config, true);
  try {
    return await work(store, config.storeDescription);
  } finally {
    await store.close();
  }
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
    const projector = new MatchProjector(store, readModel);
    const stop = reportRebuild(projector, await ledgerSize(store));
    await projector.rebuild();
    stop();
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

// The configured read model, caught up with the ledger on request (for the feature exports).
function openReadModel(): OpenedReadModel {
  ensureDevelopmentSecret();
  const config = loadConfig();
  const store = createEventStore(config);
  const readModel = new ReadModel(config.readModelFile, featureProjections());
  return {
    readModel,
    catchUp: () => new MatchProjector(store, readModel).catchUp(),
    close: async () => {
      readModel.close();
      await store.close();
    },
  };
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
  if (command === '--help' || command === '-h' || command === 'help') {
    console.log(USAGE);
    return 0;
  }
  const own = command === undefined ? undefined : COMMAND_USAGE[command];
  if (own === undefined) {
    if (command !== undefined) console.error(`unknown command "${command}"\n`);
    console.error(USAGE);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    console.log(`Usage: npm run ledger -- ${command} ...\n${own}`);
    return 0;
  }
  if (command === 'rebuild') return rebuild();
  if (command === 'desk-link') return (ensureDevelopmentSecret(), runDeskLink(rest, loadConfig()));
  if (command === 'changed-results') return changedResultsCommand(rest, openReadModel);
  if (command === 'results-file') return resultsFileCommand(rest, openReadModel);
  if (command === 'import-results')
    return withLedgerAndViews((s, v) => importResultsCommand(rest, s, v));
  // An export file is checked without opening the ledger at all.
  if (command === 'verify' && rest[0] === '--file' && rest[1]) return runVerifyFile(rest[1]);
  if (command === 'verify') return verifyCommand(rest);
  if (command === 'checkpoint') return checkpointCommand(rest);
  if (command === 'adopt-heads') return adoptHeadsCommand(rest);
  if (command === 'readjudicate') return readjudicate();
  if (command === 'seed-demo')
    return withLedgerAndViews((s, v, where) => runSeedDemo(rest, s, v, where));
  if (command === 'export') return withLedgerAndViews((s, v) => runExport(rest, s, v));
  if (command === 'migrate')
    return runMigrate(rest, {
      config: () => {
        ensureDevelopmentSecret();
        return loadConfig();
      },
      openSource: (config) => createEventStore(config, true),
    });
  if (command === 'backup' || command === 'restore')
    return runBackupCommand(command, rest, () => {
      ensureDevelopmentSecret();
      return loadConfig();
    });
  return tokenCommand(rest, USAGE);
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
