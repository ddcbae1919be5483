import { Command, CommanderError } from 'commander';
import { registerAdoptHeads } from './cli-adopt-heads';
import { commandExitCode, type Registration } from './cli-context';
import {
  registerChangedResults,
  registerExport,
  registerReadjudicate,
  registerRebuild,
  registerSeedDemo,
} from './cli-data';
import { EXIT, exitFor } from './cli-exit';
import { registerBackup, registerMigrate, registerRestore } from './cli-files';
import { registerCheckpoint, registerVerify } from './cli-ledger';
import { registerToken } from './cli-tokens';
import { registerDeskLink, registerImportResults, registerResultsFile } from './cli-venue';

// `npm run ledger -- <command>`: every command registers itself here, in the order the help
// lists them. A new command is one file with a Registration, and one line below.
const COMMANDS: Registration[] = [
  registerToken,
  registerVerify,
  registerCheckpoint,
  registerRebuild,
  registerReadjudicate,
  registerAdoptHeads,
  registerSeedDemo,
  registerExport,
  registerChangedResults,
  registerResultsFile,
  registerImportResults,
  registerDeskLink,
  registerBackup,
  registerRestore,
  registerMigrate,
];

const EXIT_CODES = `Exit codes: 0 done (a check passed), 1 a check failed, 2 usage mistake, 3 refused (the
ledger is in use, the target exists, nothing matches), 4 a file cannot be read or written,
5 settings refused or store unreachable, 70 internal error`;

export function createProgram(): Command {
  const program = new Command('npm run ledger --')
    .usage('<command> [options]')
    .description('Cue Ledger operations: tokens, verification, backups, exports, migrations')
    // Mistakes are thrown, not exited on, so that every one gets the same exit code (2).
    .exitOverride()
    // A command's options come after its name (token's --subject is not revoke's --subject).
    .enablePositionalOptions()
    .showHelpAfterError()
    .showSuggestionAfterError()
    .helpCommand(true)
    .addHelpText('after', `\n${EXIT_CODES}\n(or: node dist/cli.js <command> ...)`);
  for (const register of COMMANDS) register(program);
  return program;
}

export async function runCli(argv: string[]): Promise<number> {
  const program = createProgram();
  try {
    if (argv.length === 0) {
      program.outputHelp({ error: true });
      return EXIT.USAGE;
    }
    await program.parseAsync(argv, { from: 'user' });
    return commandExitCode();
  } catch (err) {
    // Commander has printed its reason and the command's usage already.
    if (err instanceof CommanderError) return err.exitCode === 0 ? EXIT.OK : EXIT.USAGE;
    const { code, message, stack } = exitFor(err);
    console.error(stack ?? message);
    return code;
  }
}
