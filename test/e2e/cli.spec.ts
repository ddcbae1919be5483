import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt } from '../support/built-server';
import { ledgerCli } from '../support/ledger-cli';
import { removeDir } from '../support/server';

const dataDir = mkdtempSync(join(tmpdir(), 'cue-ledger-cli-'));
afterAll(() => removeDir(dataDir));
const cli = (...args: string[]) => ledgerCli(dataDir, args);
// The compiled CLI, built once before the first call (not inside a test's time).
beforeAll(() => ensureBuilt(), 600_000);

// The CLI as an operator runs it (npm run ledger, the compiled dist/cli.js): help, the mistakes
// it refuses and the exit codes of docs/operations.md.
describe('ledger CLI: help, mistakes refused, exit codes', () => {
  it('prints the usage on --help, exit 0; docs/operations.md shows exactly that', async () => {
    const run = await cli('--help');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^Usage: npm run ledger -- <command> \[options\]/);
    for (const command of ['token', 'rebuild', 'verify', 'checkpoint', 'readjudicate', 'export'])
      expect(run.stdout).toContain(`  ${command} `);
    expect(run.stdout).toContain('Exit codes: 0 done');
    const doc = readFileSync(join(__dirname, '..', '..', 'docs', 'operations.md'), 'utf8');
    expect(doc).toContain(`\`\`\`\n${run.stdout.trimEnd()}\n\`\`\``);
  });

  it("prints a command's own usage on <command> --help, exit 0, and runs nothing", async () => {
    const restore = await cli('restore', '--help');
    expect(restore.status).toBe(0);
    expect(restore.stdout).toMatch(/^Usage: npm run ledger -- restore \[options\] <file>/);
    expect(restore.stdout).toContain('--force');
    expect(restore.stdout).not.toContain('seed-demo');
    const seed = await cli('seed-demo', '--help');
    expect(seed.status).toBe(0);
    expect(seed.stdout).toContain('--players <n>');
    expect(seed.stdout).not.toMatch(/seeded/);
  });

  // Each mistake: exit 2, nothing on stdout, a one-line reason, then that command's usage.
  it.each([
    [['rebuild', '--bogus'], "error: unknown option '--bogus'", 'rebuild'],
    [['token', '--role', 'admin'], 'error: token needs --subject <id>', 'token'],
    [['token', 'revoke', 'not-a-jti'], 'error: "not-a-jti" is not a token id', 'token revoke'],
    [['token', 'revoke'], 'error: name one token id, or --subject <id>, not both', 'token revoke'],
    [['restore'], "error: missing required argument 'file'", 'restore'],
    [['backup', 'a', 'b'], "error: too many arguments for 'backup'", 'backup'],
    [['seed-demo', '--matches', '-1'], 'error: --matches must be a whole number', 'seed-demo'],
    [['export'], 'error: choose one of --match, --competition, --all, --standings', 'export'],
    [['migrate'], 'error: migrate needs --to kurrentdb or --to sqlite', 'migrate'],
    [['verify', '--public-key', 'k.pem'], 'error: --public-key goes with --checkpoint', 'verify'],
    [
      ['token', '--role', 'admin', '--subject', 'a', '--expires-in', '30d'],
      'error: a ADMIN token may live at most 43200 s',
      'token',
    ],
    [['bakcup'], "error: unknown command 'bakcup'", '<command>'],
  ])('%j: exit 2 with the reason and the usage', async (args, reason, usage) => {
    const run = await cli(...args);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    const lines = run.stderr.replace(/^ledger: .*\n/gm, '').split('\n');
    expect(lines[0]).toContain(reason);
    expect(run.stderr).toContain(`Usage: npm run ledger -- ${usage} `);
  });

  it('exits 2 with the usage when no command is given', async () => {
    const none = await cli();
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('Usage: npm run ledger -- <command>');
  });

  it('says what is wrong with a file in words (exit 4), never a raw ENOENT', async () => {
    const restore = await cli('restore', join(dataDir, 'no-such.sqlite'));
    expect(restore.status).toBe(4);
    expect(restore.stderr.trim()).toBe(
      `restore refused: there is no backup at ${join(dataDir, 'no-such.sqlite')}`,
    );
    const file = await cli('verify', '--file', join(dataDir, 'missing.ndjson'));
    expect(file.status).toBe(4);
    expect(file.stderr.trim()).toBe(`${join(dataDir, 'missing.ndjson')} does not exist`);
    const notLedger = await cli('restore', join(__dirname, '..', '..', 'package.json'));
    expect(notLedger.status).toBe(4);
    expect(notLedger.stderr).toContain('is not a ledger backup');
    for (const run of [restore, file, notLedger]) expect(run.stderr).not.toMatch(/ENOENT|\n\s+at /);
  });

  it('counts every event seed-demo appends, the registry included (--matches 0)', async () => {
    const seeded = await cli('seed-demo', '--players', '4', '--matches', '0');
    expect(seeded.status).toBe(0);
    // 4 players, 3 competitions and their committees.
    expect(seeded.stdout).toMatch(/^events {7}10 /m);
    const verify = await cli('verify');
    expect(verify.stdout).toContain('verified: 7 streams, 10 events');
  });

  it('says why an export has nothing to export (exit 3)', async () => {
    const run = await cli('export', '--match', 'nope');
    expect(run.status).toBe(3);
    expect(run.stderr.trim()).toMatch(
      /^nothing exported: no match "nope" in SQLite .*ledger\.sqlite$/,
    );
  });

  it("revokes a subject's tokens: revoke's own --subject, not token's (exit 0)", async () => {
    const run = await cli('token', 'revoke', '--subject', 'ref-2');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^revoked every token of ref-2 issued until /);
  });

  it('revokes a token by its id (exit 0)', async () => {
    const run = await cli('token', 'revoke', '0b9f2c4e-5d1a-4c3b-9e8f-7a6b5c4d3e2f');
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('revoked token 0b9f2c4e-5d1a-4c3b-9e8f-7a6b5c4d3e2f\n');
  });
});
