import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compiledEntry } from '../support/compiled-src';

const root = join(__dirname, '..', '..');

// A port nothing listens on: bound, then released.
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

// The real entry point (src/main.ts, compiled once: compiled-src.ts) in a child process.
function start(
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string; ms: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'cue-ledger-failfast-'));
  // Compiled (when src/ changed) before the clock starts: the bound is the server's own start.
  const entry = compiledEntry('main');
  const began = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [entry], {
      cwd: root,
      env: {
        ...process.env,
        PORT: '0',
        LEDGER_DATA_DIR: dir,
        KURRENTDB_TIMEOUT_MS: '3000',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const killer = setTimeout(() => child.kill('SIGKILL'), 30000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(killer);
      rmSync(dir, { recursive: true, force: true });
      resolve({ code, stderr, ms: Date.now() - began });
    });
  });
}

describe('LEDGER_STORE=kurrentdb: fail fast at start', () => {
  it('exits non-zero within seconds with one clear paragraph when no server is reachable', async () => {
    const port = await closedPort();
    const target = `kurrentdb://127.0.0.1:${port}?tls=false`;
    const { code, stderr, ms } = await start({
      LEDGER_STORE: 'kurrentdb',
      KURRENTDB_CONNECTION_STRING: target,
    });
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(stderr).toContain(
      `Cannot start: The KurrentDB event store at ${target} could not be reached`,
    );
    expect(stderr).toContain('KURRENTDB_CONNECTION_STRING');
    expect(stderr).not.toMatch(/^\s+at /m);
    // Node's start on a busy machine; the store check itself is bounded by KURRENTDB_TIMEOUT_MS.
    expect(ms).toBeLessThan(25000);
  });

  it('refuses a bad connection string with a configuration error, not a stack', async () => {
    const { code, stderr } = await start({
      LEDGER_STORE: 'kurrentdb',
      KURRENTDB_CONNECTION_STRING: 'kurrentdb://admin:s3cret@localhost:notaport',
    });
    expect(code).toBe(1);
    expect(stderr).toContain('Invalid configuration');
    expect(stderr).toContain('KURRENTDB_CONNECTION_STRING');
    expect(stderr).not.toContain('s3cret');
    expect(stderr).not.toMatch(/^\s+at /m);
  });
});
