import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signatureHolds, type SignedCheckpoint } from '../../src/audit/checkpoint';
import { LedgerClient } from '../support/ledger-client';
import { removeDir, startServer } from '../support/server';

// With a key and an interval, the server signs checkpoints by itself.
describe('periodic signed checkpoints', () => {
  it('the server signs the heads of every stream once the ledger has moved', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cue-ledger-periodic-'));
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    writeFileSync(
      join(dataDir, 'checkpoint-key.pem'),
      privateKey.export({ type: 'pkcs8', format: 'pem' }),
    );
    const server = await startServer(dataDir, { LEDGER_CHECKPOINT_INTERVAL_MS: '200' });
    try {
      const admin = new LedgerClient(server, 'ADMIN', 'admin-1');
      const s = await admin.scheduleMatch({
        raceTo: 2,
        players: [
          { id: 'ana', name: 'Ana' },
          { id: 'bruno', name: 'Bruno' },
        ],
      });
      const dir = join(dataDir, 'checkpoints');
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline && !(existsSync(dir) && readdirSync(dir).length > 0))
        await new Promise((r) => setTimeout(r, 100));
      const [file] = readdirSync(dir);
      const signed = JSON.parse(readFileSync(join(dir, file), 'utf8')) as SignedCheckpoint;
      expect(signatureHolds(signed, publicKey)).toBe(true);
      expect(signed.checkpoint.streams).toEqual([
        expect.objectContaining({ streamId: `match-${s.matchId}`, revision: s.revision }),
      ]);
    } finally {
      await server.close();
      removeDir(dataDir);
    }
  });
});
