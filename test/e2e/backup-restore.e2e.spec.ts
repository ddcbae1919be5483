import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import { ReadModel } from '../../src/projections/read-model';
import { LedgerClient } from '../support/ledger-client';
import { removeDir, startServer, testEnv, type TestServer } from '../support/server';
import { compiledEntry } from '../support/compiled-src';

const ROOT = join(__dirname, '..', '..');
const run = promisify(execFile);

// The CLI as a separate process (as an operator runs it), without blocking this one's server.
async function cli(dataDir: string, ...args: string[]) {
  try {
    const r = await run(process.execPath, [compiledEntry('cli'), ...args], {
      cwd: ROOT,
      env: { ...process.env, ...testEnv(dataDir) },
      encoding: 'utf8',
    });
    return { status: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { status: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

async function events(file: string) {
  const store = new SqliteEventStore({ filename: file, readOnly: true });
  try {
    return await store.readAll();
  } finally {
    await store.close();
  }
}

// Every match view of a read model, by id.
function views(dataDir: string): Map<string, unknown> {
  const rm = new ReadModel(join(dataDir, 'read-model.sqlite'));
  try {
    return new Map(rm.matchPage(undefined, 10_000).map((r) => [r.state.id, r.state]));
  } finally {
    rm.close();
  }
}

async function writeMatch(admin: LedgerClient, n: number): Promise<void> {
  const players = [
    { id: `p${n}a`, name: `A ${n}` },
    { id: `p${n}b`, name: `B ${n}` },
  ];
  const { matchId } = await admin.scheduleMatch({ raceTo: 3, players });
  await admin.decideBreakOrder({ matchId, method: 'COIN_TOSS', winner: players[0].id });
  await admin.chooseOption({ matchId, player: players[0].id, option: 'BREAK' });
}

describe('ledger backup and restore', () => {
  let server: TestServer;
  const dirs: string[] = [];
  const fresh = () => {
    const d = mkdtempSync(join(tmpdir(), 'cue-ledger-restore-'));
    dirs.push(d);
    return d;
  };
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.close();
    for (const d of [server.dataDir, ...dirs]) removeDir(d);
  });

  it('backs up while the server writes; the restore verifies and rebuilds to the original', async () => {
    const admin = new LedgerClient(server, 'ADMIN', 'admin-1');
    for (let n = 0; n < 3; n++) await writeMatch(admin, n);
    const backupFile = join(fresh(), 'during.sqlite');
    let writing = true;
    let written = 3;
    const writer = (async () => {
      while (writing) await writeMatch(admin, written++);
    })();
    const backup = await cli(server.dataDir, 'backup', backupFile);
    writing = false;
    await writer;
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);
    expect(backup.stdout).toMatch(/^backed up \d+ events of .*ledger\.sqlite to .*during\.sqlite/);
    // Writes really went on during the backup, and it is one consistent prefix of the ledger.
    const live = await events(join(server.dataDir, 'ledger.sqlite'));
    const copied = await events(backupFile);
    expect(copied.length).toBeGreaterThan(0);
    expect(copied.length).toBeLessThan(live.length);
    expect(copied).toEqual(live.slice(0, copied.length));

    const target = fresh();
    const restored = await cli(target, 'restore', backupFile);
    expect(restored.status).toBe(0);
    expect(restored.stdout).toContain(`restored ${copied.length} events`);
    // A ledger with events is not overwritten by mistake.
    const again = await cli(target, 'restore', backupFile);
    // Refused: the ledger holds events (exit 3, docs/operations.md's exit codes).
    expect(again.status).toBe(3);
    expect(again.stderr).toMatch(/restore refused: the ledger at .* is not empty .*--force/);
    expect((await cli(target, 'restore', backupFile, '--force')).status).toBe(0);

    const verify = await cli(target, 'verify');
    expect(verify.status).toBe(0);
    expect((await cli(target, 'rebuild')).status).toBe(0);
    // Each restored match equals the live one as far as the backup reached.
    const original = views(server.dataDir);
    const rebuilt = views(target);
    expect(rebuilt.size).toBeGreaterThanOrEqual(3);
    const lastCopied = copied[copied.length - 1].position;
    for (const [id, state] of rebuilt) {
      const beyond = live.some((e) => e.streamId === `match-${id}` && e.position > lastCopied);
      if (!beyond) expect(state).toEqual(original.get(id));
    }
  }, 120_000);

  it('a backup of a quiet ledger restores and rebuilds to exactly the original views', async () => {
    const backupFile = join(fresh(), 'quiet.sqlite');
    expect((await cli(server.dataDir, 'backup', backupFile)).status).toBe(0);
    // An existing file is not replaced by mistake.
    const twice = await cli(server.dataDir, 'backup', backupFile);
    expect(twice.status).toBe(3);
    expect(twice.stderr).toContain('exists');
    const target = fresh();
    expect((await cli(target, 'restore', backupFile)).status).toBe(0);
    expect((await cli(target, 'rebuild')).status).toBe(0);
    expect(views(target)).toEqual(views(server.dataDir));
  }, 60_000);
});
