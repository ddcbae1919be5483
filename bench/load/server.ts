import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  openSync,
  closeSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { probe } from './http';

// The real server, compiled (dist/main.js), as its own process on a throwaway ledger and read
// model in a fresh temporary directory; its log goes to a file there.

export interface BenchServer {
  url: string;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
const dirs = new Set<string>();
// A bench that dies or is interrupted takes its servers and their ledgers with it.
process.on('exit', () => {
  for (const proc of running) proc.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
process.once('SIGINT', () => process.exit(130));

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

// `nest build` when dist/main.js is missing or older than a source file.
export function ensureBuilt(root: string): void {
  const main = join(root, 'dist', 'main.js');
  if (existsSync(main) && statSync(main).mtimeMs >= newestMtime(join(root, 'src'))) return;
  console.error(`building ${root} (nest build) …`);
  const nest = join(root, 'node_modules', '@nestjs', 'cli', 'bin', 'nest.js');
  const built = spawnSync(process.execPath, [nest, 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0 || !existsSync(main)) throw new Error(`nest build failed in ${root}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

function exited(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => proc.once('exit', () => resolve()));
}

const tail = (file: string) => readFileSync(file, 'utf8').split('\n').slice(-30).join('\n');

export interface ServerOptions {
  // The checkout whose dist/main.js runs (with its own node_modules).
  root: string;
  synchronous: 'FULL' | 'NORMAL';
  jwtSecret: string;
}

// Starts the server and resolves once /health/ready answers 200.
export async function startServer(options: ServerOptions): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cue-ledger-load-'));
  dirs.add(dataDir);
  const port = await freePort();
  const logFile = join(dataDir, 'server.log');
  const log = openSync(logFile, 'a');
  const proc = spawn(process.execPath, [join(options.root, 'dist', 'main.js')], {
    cwd: options.root,
    // A clean environment: only what the bench means to set reaches the server.
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      LEDGER_DATA_DIR: dataDir,
      LEDGER_JWT_SECRET: options.jwtSecret,
      LEDGER_SQLITE_SYNCHRONOUS: options.synchronous,
      // One address sends everything; the limits are not what is measured.
      LEDGER_RATE_LIMIT: '1000000',
      LEDGER_RATE_COST_LIMIT: '1000000000',
      ...(process.env.BENCH_LOG_LEVEL ? { LEDGER_LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {}),
    },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  running.add(proc);
  proc.once('exit', () => running.delete(proc));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  // 404: a build from before the readiness probe, which listens only once it has started.
  for (let s = 0; s !== 200 && s !== 404; s = await probe(`${base}/health/ready`)) {
    if (proc.exitCode !== null || Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`the server in ${options.root} did not become ready:\n${tail(logFile)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `${base}/graphql`,
    async stop() {
      // Graceful first (SIGTERM drains), then killed if it hangs.
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 15_000);
      await exited(proc);
      clearTimeout(timer);
      rmSync(dataDir, { recursive: true, force: true });
      dirs.delete(dataDir);
    },
  };
}
