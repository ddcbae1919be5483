import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { verifyLedger } from './audit/ledger-verifier';
import { checkAgainst, report } from './cli-ledger';
import { loadConfig, type LedgerConfig } from './config/configuration';
import { ensureDevelopmentSecret } from './config/development-secret';
import { EventStoreError } from './ledger/event-store';
import { SqliteEventStore } from './ledger/sqlite/sqlite-event-store';

export const ADOPT_HEADS_USAGE = `  adopt-heads [--checkpoint FILE [--public-key FILE]]
          for a SQLite ledger that has events but no stream_heads table (written before the table
          existed), which the server refuses to open: check every chain read-only, and with
          --checkpoint that nothing up to that signed checkpoint was rewritten, then record each
          stream's last event as its head. Refused (exit 1) when a chain or the checkpoint does not
          hold. A dropped table over a deleted tail looks the same to the chains: check against
          your last published checkpoint when there is one`;

// Opening without adopting says whether the table is missing (and changes nothing then).
function headsMissing(filename: string): boolean {
  try {
    void new SqliteEventStore({ filename }).close();
    return false;
  } catch (err) {
    if (err instanceof EventStoreError && err.code === 'HEADS_MISSING') return true;
    throw err;
  }
}

// Every break of a file without head records is one HEAD_MISMATCH per stream; any other break
// is a broken chain, and a checkpoint given must hold.
async function adoptable(
  filename: string,
  where: string,
  config: LedgerConfig,
  checkpoint: { file?: string; publicKey?: string },
): Promise<boolean> {
  const store = new SqliteEventStore({ filename, readOnly: true });
  try {
    const v = await verifyLedger(store);
    if (v.breaks.some((b) => b.reason !== 'HEAD_MISMATCH')) {
      report(v, where);
      return false;
    }
    if (checkpoint.file === undefined) return true;
    return await checkAgainst(store, checkpoint.file, checkpoint.publicKey, config);
  } finally {
    await store.close();
  }
}

export async function adoptHeadsCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { checkpoint: { type: 'string' }, 'public-key': { type: 'string' } },
    strict: true,
  });
  ensureDevelopmentSecret();
  const config = loadConfig();
  if (config.store.kind !== 'sqlite') {
    console.error('adopt-heads is for a SQLite ledger: KurrentDB keeps no head table');
    return 2;
  }
  const file = config.store.ledgerFile;
  const where = config.storeDescription;
  if (!existsSync(file)) {
    console.error(`no ledger at ${file}`);
    return 1;
  }
  if (!headsMissing(file)) {
    console.log(`ledger ${where} has its head table: nothing to adopt`);
    return 0;
  }
  const checkpoint = { file: values.checkpoint, publicKey: values['public-key'] };
  if (!(await adoptable(file, where, config, checkpoint))) {
    console.log('heads NOT adopted: the ledger does not verify');
    return 1;
  }
  await new SqliteEventStore({ filename: file, adoptHeads: true }).close();
  const check = new SqliteEventStore({ filename: file, readOnly: true });
  try {
    const v = await verifyLedger(check);
    report(v, where);
    if (!v.ok) return 1;
    console.log(
      `adopted the heads of ${v.streams} streams as recorded; sign a checkpoint now (npm run ledger -- checkpoint)`,
    );
    return 0;
  } finally {
    await check.close();
  }
}
