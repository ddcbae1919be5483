import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { ReadModel } from '../../src/projections/read-model';
import { LedgerClient } from '../support/ledger-client';
import { removeDir, startServer, testEnv } from '../support/server';
import { compiledEntry } from '../support/compiled-src';

const ROOT = join(__dirname, '..', '..');

// `npm run ledger -- rebuild`: the read model is disposable; deleting it and rebuilding from the
// ledger gives back exactly what the server had built live.
describe('ledger rebuild command', () => {
  it('rebuilds a deleted read model from the ledger file, equal to the live one', async () => {
    const server = await startServer();
    const admin = new LedgerClient(server, 'ADMIN', 'admin-1');
    const s = await admin.scheduleMatch({
      raceTo: 3,
      players: [
        { id: 'ana', name: 'Ana' },
        { id: 'bruno', name: 'Bruno' },
      ],
    });
    await admin.decideBreakOrder({ matchId: s.matchId, method: 'COIN_TOSS', winner: 'bruno' });
    await admin.chooseOption({ matchId: s.matchId, player: 'bruno', option: 'BREAK' });
    const live = await admin.match(s.matchId);
    await server.close();
    const file = join(server.dataDir, 'read-model.sqlite');
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });

    const run = spawnSync(process.execPath, [compiledEntry('cli'), 'rebuild'], {
      cwd: ROOT,
      env: { ...process.env, ...testEnv(server.dataDir) },
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(
      /read model rebuilt from SQLite .*ledger\.sqlite: 1 matches, checkpoint \d+/,
    );

    const rebuilt = new ReadModel(file);
    const state = rebuilt.match(s.matchId);
    rebuilt.close();
    expect(state).toMatchObject({ id: s.matchId, status: 'IN_PLAY', version: live.revision + 1 });
    expect(state!.currentGame).toMatchObject({ breaker: 'bruno', number: 1 });
    removeDir(server.dataDir);
  });
});
