import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { testEnv } from './server';

const ROOT = join(__dirname, '..', '..');

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

// `npm run ledger -- ...` as an operator runs it: scripts/ledger.cjs, which runs the compiled
// dist/cli.js (built first when missing or older than src/). Asynchronous, so a server running in
// this process keeps answering meanwhile.
export function ledgerCli(
  dataDir: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [join(ROOT, 'scripts', 'ledger.cjs'), ...args], {
      cwd: ROOT,
      env: { ...process.env, ...testEnv(dataDir), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    proc.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    proc.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    proc.on('error', reject);
    proc.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}
