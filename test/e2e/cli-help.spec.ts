import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { removeDir, testEnv } from '../support/server';

const ROOT = join(__dirname, '..', '..');
const dataDir = mkdtempSync(join(tmpdir(), 'cue-ledger-cli-'));
afterAll(() => removeDir(dataDir));

function cli(...args: string[]) {
  return spawnSync(
    process.execPath,
    ['-r', 'ts-node/register/transpile-only', 'src/cli.ts', ...args],
    { cwd: ROOT, env: { ...process.env, ...testEnv(dataDir) }, encoding: 'utf8' },
  );
}

describe('ledger CLI help and exit codes', () => {
  it('prints the whole usage on --help and exits 0', () => {
    const run = cli('--help');
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^Usage: npm run ledger -- token/);
    for (const command of [
      'rebuild',
      'verify',
      'checkpoint',
      'readjudicate',
      'export',
      'backup',
      'migrate',
    ])
      expect(run.stdout).toContain(`  ${command}`);
  });

  it("prints a command's own usage on <command> --help, exits 0 and runs nothing", () => {
    const backup = cli('backup', '--help');
    expect(backup.status).toBe(0);
    expect(backup.stdout).toMatch(/^Usage: npm run ledger -- backup/);
    expect(backup.stdout).toContain('restore FILE [--force]');
    expect(backup.stdout).not.toContain('seed-demo');
    const verify = cli('verify', '--help');
    expect(verify.status).toBe(0);
    expect(verify.stdout).toContain('--checkpoint FILE');
    expect(verify.stdout).toContain('verify --file <export.ndjson>');
    const migrate = cli('migrate', '--help');
    expect(migrate.status).toBe(0);
    expect(migrate.stdout).toContain('migrate --to kurrentdb [--connection-string URL]');
    const seed = cli('seed-demo', '--help');
    expect(seed.status).toBe(0);
    expect(seed.stdout).toContain('--players');
    // Nothing was seeded: the help did not open a ledger.
    expect(seed.stdout).not.toMatch(/seeded|played/i);
  });

  it('exits non-zero on an unknown command or none, with the usage on stderr', () => {
    const unknown = cli('bakcup');
    expect(unknown.status).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toContain('unknown command "bakcup"');
    expect(unknown.stderr).toContain('Usage: npm run ledger');
    const none = cli();
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('Usage: npm run ledger');
  });
});
