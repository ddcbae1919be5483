import { randomBytes } from 'node:crypto';
import {
  done,
  openReadModel,
  ownedBy,
  owning,
  settings,
  usage,
  withLedgerAndViews,
  type Registration,
} from './cli-context';
import { runDeskLink } from './cli-desk-link';
import { importResultsCommand } from './cli-import-results';
import { resultsFileCommand, type ResultsFileOptions } from './results-files/results-file.command';

// The commands of a federation's records and a venue's night: results files, imports of past
// results, and the desk's one-time sign-in link.

export const registerResultsFile: Registration = (program) => {
  program
    .command('results-file')
    .summary('print the completed matches as a results file')
    .description(
      "print the completed matches as a results file for rating bodies (docs/records.md): the same bytes as GraphQL's resultsFile",
    )
    .option('--competition <id>', 'only this competition')
    .option('--from <date>', 'completed on or after this day (YYYY-MM-DD)')
    .option('--to <date>', 'completed on or before this day (YYYY-MM-DD)')
    .option('--per-game', 'one row per game instead of one per match', false)
    .option('--format <format>', 'csv or json', 'csv')
    .option('--out <file>', 'write the file there instead of to standard output')
    .action((o: ResultsFileOptions) =>
      done(resultsFileCommand(o, () => openReadModel(settings()))),
    );
};

export const registerImportResults: Registration = (program) => {
  program
    .command('import-results')
    .summary('import past results from a CSV file')
    .description(
      'import past results (docs/records.md): a bad file is refused whole with every bad row named (exit 1); a row already imported is skipped',
    )
    .argument('<file>', 'the results file (CSV)')
    .option(
      '--dry-run',
      'check the file and report what would be appended, appending nothing',
      false,
    )
    .option('--register-players', 'register players the registry does not know', false)
    .option('--by <subject>', 'who is recorded as importing', 'record-keeper')
    .action((file: string, o: { dryRun: boolean; registerPlayers: boolean; by: string }) => {
      const config = settings();
      return done(
        owning([ownedBy(config)], 'import-results', () =>
          withLedgerAndViews(config, (store, views) =>
            importResultsCommand({ file, ...o }, store, views),
          ),
        ),
      );
    });
};

export const registerDeskLink: Registration = (program) => {
  const command = program
    .command('desk-link')
    .summary('print a one-time sign-in link for the tournament desk')
    .description(
      'print a one-time sign-in link for the tournament desk (/enrol#<code>): opened once, within LEDGER_ENROLMENT_CODE_LIFETIME (default 10m), it signs that browser tab in',
    )
    .option(
      '--subject <id>',
      'who signs in (default: desk- and six random hex digits, so one lost desk is revoked alone)',
    )
    .option('--role <role>', 'RECORD_KEEPER or ADMIN', 'RECORD_KEEPER')
    .option(
      '--url <url>',
      "the server's address as the desk reaches it (default LEDGER_PUBLIC_URL, else http://localhost:PORT)",
    )
    .action((o: { subject?: string; role: string; url?: string }) => {
      if (!['RECORD_KEEPER', 'ADMIN'].includes(o.role.toUpperCase()))
        usage(command, `--role must be RECORD_KEEPER or ADMIN (got "${o.role}")`);
      const subject = o.subject ?? `desk-${randomBytes(3).toString('hex')}`;
      return done(runDeskLink({ ...o, subject }, settings()));
    });
};
