import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer, waitForExit, type ChildServer } from '../support/child-server';
import { ensureBuilt } from '../support/built-server';
import { ledgerCli } from '../support/ledger-cli';
import { bearer, post, removeDir } from '../support/server';

const SCHEDULE = `mutation($input: ScheduleMatchInput!) { scheduleMatch(input: $input) { matchId } }`;

async function schedule(url: string): Promise<string> {
  const res = await post(
    url,
    JSON.stringify({
      query: SCHEDULE,
      variables: {
        input: {
          commandId: randomUUID(),
          raceTo: 3,
          players: [
            { id: 'ana', name: 'Ana' },
            { id: 'bruno', name: 'Bruno' },
          ],
        },
      },
    }),
    bearer('ADMIN', 'admin-1'),
  );
  return res.body.data.scheduleMatch.matchId as string;
}

// A running server owns its ledger file: restore, migrate and the other writing commands are
// refused (exit 3, naming the server) until it stops; read-only commands run alongside; the lock
// dies with the process, SIGKILL included, so it is never stale.
describe('exclusive ownership of a ledger file', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cue-ledger-lock-'));
  const backup = join(dataDir, 'backup.sqlite');
  beforeAll(() => ensureBuilt(), 600_000);
  let server: ChildServer | null = null;
  afterAll(async () => {
    if (server && server.proc.exitCode === null) {
      server.proc.kill('SIGKILL');
      await waitForExit(server.proc);
    }
    removeDir(dataDir);
  });

  it('refuses restore --force and the other writing commands while a server runs; reads run alongside', async () => {
    server = await spawnServer(dataDir);
    await schedule(server.url);
    // Alongside a running server: an online backup, verify and an export.
    expect((await ledgerCli(dataDir, ['backup', backup])).status).toBe(0);
    const verify = await ledgerCli(dataDir, ['verify']);
    expect(verify.status).toBe(0);
    expect(verify.stdout).toContain('verified: 1 stream, 1 event,');
    expect((await ledgerCli(dataDir, ['export', '--all'])).status).toBe(0);
    await schedule(server.url);

    const restore = await ledgerCli(dataDir, ['restore', backup, '--force']);
    expect(restore.status).toBe(3);
    expect(restore.stderr.trim()).toMatch(
      new RegExp(
        `^the ledger .*ledger\\.sqlite is in use by server \\(pid ${server.proc.pid} on .*\\): stop it first$`,
      ),
    );
    for (const args of [
      ['rebuild'],
      ['seed-demo', '--matches', '0'],
      ['migrate', '--to', 'sqlite', '--ledger-file', join(dataDir, 'copy.sqlite')],
      ['adopt-heads'],
    ]) {
      const run = await ledgerCli(dataDir, args);
      expect({ args, status: run.status }).toEqual({ args, status: 3 });
      expect(run.stderr).toContain('is in use by server');
    }
    // A serving read model lags the ledger by its last commit: compared only at rest.
    const views = await ledgerCli(dataDir, ['verify', '--read-model']);
    expect(views.status).toBe(3);
    expect(views.stderr).toMatch(/compares a read model at rest: stop the server/);
    // A second server on the same files is refused at start.
    const second = await spawnServer(dataDir).then(
      () => new Error('a second server started'),
      (err: Error) => err,
    );
    expect(second.message).toMatch(/Cannot start: the ledger .* is in use by server/);
    // The refused restore changed nothing: the server still serves both matches and writes on.
    await schedule(server.url);
    expect((await ledgerCli(dataDir, ['verify'])).stdout).toContain('3 streams');

    server.proc.kill('SIGTERM');
    await waitForExit(server.proc);
    const accepted = await ledgerCli(dataDir, ['restore', backup, '--force']);
    expect(accepted.stderr).toBe('');
    expect(accepted.status).toBe(0);
    expect(accepted.stdout).toMatch(/^restored 1 event from /);
  }, 240_000);

  it('is free again after the server is killed (SIGKILL): the OS drops the lock', async () => {
    server = await spawnServer(dataDir);
    await schedule(server.url);
    server.proc.kill('SIGKILL');
    await waitForExit(server.proc);
    const restore = await ledgerCli(dataDir, ['restore', backup, '--force']);
    expect(restore.status).toBe(0);
  }, 120_000);
});
