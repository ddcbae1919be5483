import { readjudicateLedger } from './audit/readjudication';
import {
  done,
  inUse,
  openReadModel,
  ownedBy,
  owning,
  settings,
  usage,
  withLedgerAndViews,
  withStore,
  type Registration,
} from './cli-context';
import { EXIT, refused } from './cli-exit';
import { runSeedDemo, seedDemoOptions } from './cli-seed-demo';
import { runExport, type ExportOptions } from './cli-exports';
import { createEventStore } from './ledger/ledger.module';
import { MatchProjector } from './projections/match-projector';
import { ReadModel } from './projections/read-model';
import { ledgerSize, reportRebuild } from './projections/rebuild-progress';
import { featureProjections } from './read-models';
import { changedResultsCommand } from './ratings/changed-results.command';

// The commands over the ledger's data and the instance's read model: rebuild, readjudicate,
// seed-demo, export, changed-results.

// Rebuilds the read model of the configured store (SQLite or KurrentDB) from the first event.
export async function rebuild(): Promise<number> {
  const config = settings();
  return owning([ownedBy(config)], 'rebuild', async () => {
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
      return EXIT.OK;
    } finally {
      readModel.close();
      await store.close();
    }
  });
}

export async function readjudicate(): Promise<number> {
  return withStore(async (store, config) => {
    const r = await readjudicateLedger(store);
    const n = r.differences.length;
    console.log(
      `re-adjudicated ${r.shotsChecked} shots of ${config.storeDescription} with engine ${r.engineVersion}: ${n} ${n === 1 ? 'ruling differs' : 'rulings differ'}`,
    );
    // Corrections, decisions and reviews are re-derived too; superseded rulings are not official,
    // so they are listed apart and do not fail the check.
    if (r.superseded.length > 0)
      console.log(
        `${r.superseded.length} of ${r.supersededChecked} superseded rulings (no longer official) also differ: ${r.superseded.map((d) => `match ${d.matchId} revision ${d.revision}`).join(', ')}`,
      );
    for (const d of r.differences) {
      const fields = d.fields
        .map((f) => (f === 'refused' ? `refused (${d.refusal})` : f))
        .join(', ');
      console.log(
        `  match ${d.matchId} game ${d.gameNumber} shot ${d.shotNumber} (revision ${d.revision}${d.source === 'SHOT' ? '' : `, in a ${d.source.toLowerCase()}${d.appealId ? ` on appeal ${d.appealId}` : ''}`}, recorded by engine ${d.recorded.engineVersion}): ${fields}`,
      );
      for (const f of d.fields.filter((x) => x !== 'refused'))
        console.log(
          `    ${f}: recorded ${JSON.stringify((d.recorded as unknown as Record<string, unknown>)[f] ?? null)}, now ${JSON.stringify((d.current as unknown as Record<string, unknown>)[f] ?? null)}`,
        );
    }
    return n === 0 ? EXIT.OK : EXIT.CHECK_FAILED;
  });
}

// Exactly one of --match, --competition, --all, --standings; a scope with no events is refused
// with the reason.
export async function exportCommand(o: ExportOptions): Promise<number> {
  const config = settings();
  // A server owning the instance keeps its read model current: then it is only read.
  const serving = inUse(config);
  const exported = await withLedgerAndViews(config, (store, views) =>
    runExport(o, store, views, () =>
      serving ? Promise.resolve() : new MatchProjector(store, views).catchUp(),
    ),
  );
  if (exported.kind === 'events' && exported.events === 0) {
    const what =
      o.match !== undefined
        ? `no match "${o.match}" in ${config.storeDescription}`
        : o.competition !== undefined
          ? `no match of competition "${o.competition}" in ${config.storeDescription}`
          : `${config.storeDescription} holds no events`;
    throw refused(`nothing exported: ${what}`);
  }
  return EXIT.OK;
}

export const registerRebuild: Registration = (program) => {
  program
    .command('rebuild')
    .description("empty this instance's read model and replay the whole ledger into it from zero")
    .action(() => done(rebuild()));
};

export const registerReadjudicate: Registration = (program) => {
  program
    .command('readjudicate')
    .summary("re-rule every recorded shot with this build's engine (nothing is written)")
    .description(
      "re-rule every recorded shot with this build's engine; exit 1 and list every ruling that differs from the recorded one (nothing is written)",
    )
    .action(() => done(readjudicate()));
};

export const registerSeedDemo: Registration = (program) => {
  const seed = program
    .command('seed-demo')
    .summary('play a demo season through the write path')
    .description(
      'play a demo season through the write path: registered players, one competition per discipline, skill-dependent matches with fouls, corrections and appeals',
    )
    .option('--players <n>', 'how many players', '64')
    .option('--matches <n>', 'how many matches', '100')
    .option('--seed <n>', 'the same seed plays the same season', '1')
    .action((o: { players: string; matches: string; seed: string }) => {
      const parsed = seedDemoOptions(o);
      if (typeof parsed === 'string') usage(seed, parsed);
      const config = settings();
      return done(
        owning([ownedBy(config)], 'seed-demo', () =>
          withLedgerAndViews(config, (s, v) =>
            runSeedDemo(parsed as Exclude<typeof parsed, string>, s, v, config.storeDescription),
          ),
        ),
      );
    });
};

export const registerExport: Registration = (program) => {
  const command = program
    .command('export')
    .summary('NDJSON events with their hashes, or a standings table as CSV')
    .description(
      'write the events of one match, one competition or the whole ledger as NDJSON with their hashes (check it with verify --file), or the standings of a competition as CSV',
    )
    .option('--match <id>', "one match's events")
    .option('--competition <id>', "the events of a competition's matches")
    .option('--all', 'every event of the ledger')
    .option('--standings <competitionId>', 'the standings table of a competition (CSV)')
    .option('--out <file>', 'write there instead of to standard output')
    .action((o: Omit<ExportOptions, 'all'> & { all?: boolean }) => {
      const chosen = [o.match, o.competition, o.all || undefined, o.standings];
      if (chosen.filter((v) => v !== undefined).length !== 1)
        usage(command, 'choose one of --match, --competition, --all, --standings');
      return done(exportCommand({ ...o, all: o.all === true }));
    });
};

export const registerChangedResults: Registration = (program) => {
  const command = program
    .command('changed-results')
    .summary('print the changed-results feed as NDJSON')
    .description(
      'print the changed-results feed as NDJSON (one line per appeal or correction that changed a rated game), after feed entry SEQ (default: from the start)',
    )
    .option('--after <seq>', 'start after this feed entry', '0')
    .action((o: { after: string }) => {
      const after = Number(o.after);
      if (!/^\d+$/.test(o.after) || !Number.isSafeInteger(after))
        usage(command, `--after must be a feed entry number (got "${o.after}")`);
      return done(changedResultsCommand(after, () => openReadModel(settings())));
    });
};
