import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
} from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The server as an operator runs it: compiled (dist/main.js), NODE_ENV=production, its own
// process, its log in a file of its data directory. Used where a figure must be the production
// server's own (the load bench, the latency-under-attack test).

export interface BuiltServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export interface BuiltServerOptions {
  // The checkout whose dist/main.js runs (with its own node_modules); this one by default.
  root?: string;
  // A data directory prepared beforehand (kept on stop); a fresh temporary one otherwise.
  dataDir?: string;
  // The settings, on top of a clean environment (PATH, NODE_ENV, PORT, LEDGER_DATA_DIR).
  env: Record<string, string>;
  // Arguments for node before the script, e.g. ['--cpu-prof'].
  nodeArgs?: string[];
}

export const THIS_CHECKOUT = join(__dirname, '..', '..');

const running = new Set<ChildProcess>();
const fresh = new Set<string>();
// A run that dies or is interrupted takes its servers and their throwaway ledgers with it.
process.on('exit', () => {
  for (const proc of running) proc.kill('SIGKILL');
  for (const dir of fresh) rmSync(dir, { recursive: true, force: true });
});

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

// `nest build` when dist/main.js is missing or older than a source file.
export function ensureBuilt(root = THIS_CHECKOUT): void {
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

// GET a path of the server: its status, or 0 when nothing answers.
export function probe(url: string): Promise<number> {
  return new Promise((resolve) => {
    const req = request(url, { method: 'GET', timeout: 2000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
    req.end();
  });
}

function exited(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => proc.once('exit', () => resolve()));
}

const tail = (file: string) => readFileSync(file, 'utf8').split('\n').slice(-30).join('\n');

// Starts the server and resolves once /health/ready answers 200.
export async function startBuiltServer(options: BuiltServerOptions): Promise<BuiltServer> {
  const root = options.root ?? THIS_CHECKOUT;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'cue-ledger-built-'));
  if (!options.dataDir) fresh.add(dataDir);
  const port = await freePort();
  const logFile = join(dataDir, 'server.log');
  const log = openSync(logFile, 'a');
  const script = join(root, 'dist', 'main.js');
  const proc = spawn(process.execPath, [...(options.nodeArgs ?? []), script], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      LEDGER_DATA_DIR: dataDir,
      ...options.env,
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
      throw new Error(`the server in ${root} did not become ready:\n${tail(logFile)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `${base}/graphql`,
    pid: proc.pid!,
    async stop() {
      // Graceful first (SIGTERM drains), then killed if it hangs.
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 15_000);
      await exited(proc);
      clearTimeout(timer);
      if (fresh.delete(dataDir)) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
