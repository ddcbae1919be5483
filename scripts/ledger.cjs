#!/usr/bin/env node
// `npm run ledger -- ...`: runs the compiled CLI (dist/cli.js) in this very process, so a call
// costs a Node start-up, not a TypeScript compile. The build runs once, when dist/cli.js is
// missing or older than a file under src/ or the build settings.
const { spawnSync } = require('node:child_process');
const { existsSync, readdirSync, statSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const cli = join(root, 'dist', 'cli.js');

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

function stale() {
  if (!existsSync(cli)) return true;
  // The production image ships dist/ without src/: nothing to compare with.
  if (!existsSync(join(root, 'src'))) return false;
  const inputs = ['tsconfig.json', 'tsconfig.build.json', 'nest-cli.json']
    .map((f) => join(root, f))
    .filter(existsSync)
    .map((f) => statSync(f).mtimeMs);
  return Math.max(newest(join(root, 'src')), ...inputs) > statSync(cli).mtimeMs;
}

if (stale()) {
  process.stderr.write(
    'ledger: dist/ is missing or older than src/, building it once (nest build)\n',
  );
  // The build's own output goes to stderr: stdout is the command's (exports, reports).
  const build = spawnSync(process.execPath, [require.resolve('@nestjs/cli/bin/nest.js'), 'build'], {
    cwd: root,
    stdio: ['ignore', 2, 2],
  });
  if (build.status !== 0) {
    process.stderr.write(
      'ledger: the build failed; fix it, or run `npx tsc --noEmit` to see why\n',
    );
    process.exit(build.status ?? 1);
  }
}

require(cli);
