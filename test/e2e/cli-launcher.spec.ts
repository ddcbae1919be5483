import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { removeDir } from '../support/server';

// scripts/ledger.cjs (`npm run ledger`) in a scratch project: a stub dist/cli.js that prints its
// arguments and a stub `nest build` that writes it, so the launcher's decisions are seen without
// a real build.
describe('npm run ledger: the compiled CLI, built once when missing or stale', () => {
  const root = mkdtempSync(join(tmpdir(), 'cue-ledger-launcher-'));
  afterAll(() => removeDir(root));
  const cli = `process.stdout.write('cli ' + process.argv.slice(2).join(' ') + '\\n');\n`;
  beforeAll(() => {
    mkdirSync(join(root, 'scripts'));
    copyFileSync(
      join(__dirname, '..', '..', 'scripts', 'ledger.cjs'),
      join(root, 'scripts', 'ledger.cjs'),
    );
    mkdirSync(join(root, 'src', 'feature'), { recursive: true });
    writeFileSync(join(root, 'src', 'feature', 'a.ts'), 'export {};\n');
    const nest = join(root, 'node_modules', '@nestjs', 'cli', 'bin');
    mkdirSync(nest, { recursive: true });
    writeFileSync(
      join(nest, 'nest.js'),
      `const fs = require('node:fs');
       console.log('nest ' + process.argv.slice(2).join(' '));
       fs.mkdirSync('dist', { recursive: true });
       fs.writeFileSync('dist/cli.js', ${JSON.stringify(cli)});\n`,
    );
  });
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [join(root, 'scripts', 'ledger.cjs'), ...args], {
      cwd: tmpdir(),
      encoding: 'utf8',
    });

  it('builds when dist is missing, then runs the command with its arguments', () => {
    const first = run('verify', '--read-model');
    expect(first.status).toBe(0);
    expect(first.stderr).toContain('building it once');
    // The build's output goes to stderr: stdout is the command's alone.
    expect(first.stderr).toContain('nest build');
    expect(first.stdout).toBe('cli verify --read-model\n');
  });

  it('does not build again while dist is newer than src, and does when a source changes', () => {
    const again = run('--help');
    expect(again.stderr).toBe('');
    expect(again.stdout).toBe('cli --help\n');
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'src', 'feature', 'a.ts'), later, later);
    const stale = run('rebuild');
    expect(stale.stderr).toContain('building it once');
    expect(stale.stdout).toBe('cli rebuild\n');
  });

  it('stops with the build status when the build fails', () => {
    writeFileSync(
      join(root, 'node_modules', '@nestjs', 'cli', 'bin', 'nest.js'),
      'process.exit(3);\n',
    );
    const later = new Date(Date.now() + 120_000);
    utimesSync(join(root, 'src', 'feature', 'a.ts'), later, later);
    const failed = run('verify');
    expect(failed.status).toBe(3);
    expect(failed.stdout).toBe('');
    expect(failed.stderr).toContain('the build failed');
  });
});
