import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { compiledEntry } from './compiled-src';
import { testEnv } from './server';

export interface ChildServer {
  proc: ChildProcess;
  url: string;
  output(): string;
}

const ROOT = join(__dirname, '..', '..');

// The real server as its own process (src/main.ts compiled to JavaScript once, compiled-src.ts),
// as an operator runs it.
export async function spawnServer(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ChildServer> {
  const proc = spawn(process.execPath, [compiledEntry('main')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      // The start-up line is how the test finds the port.
      ...testEnv(dataDir, { PORT: '0', LEDGER_LOG_LEVEL: 'info', ...env }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Not left running behind the failed test.
      proc.kill('SIGKILL');
      reject(new Error(`server did not start:\n${out}`));
    }, 120_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /GraphQL at (http:\/\/\S+\/graphql)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1].replace('localhost', '127.0.0.1'));
      }
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    proc.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
  return { proc, url, output: () => out };
}

export function waitForExit(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => proc.once('exit', () => resolve()));
}
