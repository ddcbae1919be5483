// After the Node 24 run: the checkout's server still starts on this Node (the CI's Node 20) and
// becomes ready, with its own better-sqlite3 binary. Prints one line; exit 1 if it does not.
const { spawn } = require('node:child_process');
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const root = join(__dirname, '..');
const dataDir = mkdtempSync(join(tmpdir(), 'cue-ledger-ci-start-'));
const proc = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', 'src/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: '0',
    LEDGER_DATA_DIR: dataDir,
    LEDGER_JWT_SECRET: 'ci-start-check-0123456789abcdef0123456789abcdef',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let out = '';
const fail = (why) => {
  console.log(`Node ${process.versions.node}: the server did NOT start (${why})\n${out.slice(-2000)}`);
  proc.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
};
const timer = setTimeout(() => fail('not ready within 180 s'), 180_000);
proc.on('exit', (code, signal) => fail(`exited with ${code ?? signal}`));
const onData = async (chunk) => {
  out += chunk.toString();
  const m = /GraphQL at (http:\/\/\S+)\/graphql/.exec(out);
  if (!m || onData.seen) return;
  onData.seen = true;
  const ready = `${m[1].replace('localhost', '127.0.0.1')}/health/ready`;
  for (;;) {
    const status = await fetch(ready).then((r) => r.status, () => 0);
    if (status === 200) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  clearTimeout(timer);
  proc.removeAllListeners('exit');
  proc.once('exit', (code) => {
    rmSync(dataDir, { recursive: true, force: true });
    console.log(`Node ${process.versions.node}: the server starts and is ready; stopped with ${code}`);
    process.exit(code === 0 ? 0 : 1);
  });
  proc.kill('SIGTERM');
};
proc.stdout.on('data', onData);
proc.stderr.on('data', (c) => (out += c.toString()));
