import 'reflect-metadata';
import { runCli } from './cli-program';

// `npm run ledger -- <command>` (scripts/ledger.cjs runs the compiled dist/cli.js).
void runCli(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
