import { existsSync } from 'node:fs';
import { verifyLedger } from './ledger/ledger-verifier';
import { checkAgainst, report } from './cli-ledger';
import { done, owning, settings, type Registration } from './cli-context';
import { CliError, EXIT, refused } from './cli-exit';
import type { LedgerConfig } from './config/configuration';
import { EventStoreError } from './ledger/event-store';
import { SqliteEventStore } from './ledger/sqlite/sqlite-event-store';
import { counted } from './ledger/counted';

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

export async function adoptHeadsCommand(values: {
  checkpoint?: string;
  publicKey?: string;
}): Promise<number> {
  const config = settings();
  if (config.store.kind !== 'sqlite')
    throw refused('adopt-heads is for a SQLite ledger: KurrentDB keeps no head table');
  const file = config.store.ledgerFile;
  const where = config.storeDescription;
  if (!existsSync(file)) throw new CliError(EXIT.FILE, `there is no ledger at ${file}`);
  return owning([file], 'adopt-heads', async () => {
    if (!headsMissing(file)) {
      console.log(`ledger ${where} has its head table: nothing to adopt`);
      return EXIT.OK;
    }
    const checkpoint = { file: values.checkpoint, publicKey: values.publicKey };
    if (!(await adoptable(file, where, config, checkpoint))) {
      console.log('heads NOT adopted: the ledger does not verify');
      return EXIT.CHECK_FAILED;
    }
    await new SqliteEventStore({ filename: file, adoptHeads: true }).close();
    const check = new SqliteEventStore({ filename: file, readOnly: true });
    try {
      const v = await verifyLedger(check);
      report(v, where);
      if (!v.ok) return EXIT.CHECK_FAILED;
      console.log(
        `adopted the heads of ${counted(v.streams, 'stream')} as recorded; sign a checkpoint now (npm run ledger -- checkpoint)`,
      );
      return EXIT.OK;
    } finally {
      await check.close();
    }
  });
}

export const registerAdoptHeads: Registration = (program) => {
  program
    .command('adopt-heads')
    .summary('record the stream heads of a SQLite ledger written before the head table')
    .description(
      "for a SQLite ledger that has events but no stream_heads table (written before the table existed), which the server refuses to open: check every chain read-only, and with --checkpoint that nothing up to that signed checkpoint was rewritten, then record each stream's last event as its head. Refused (exit 1) when a chain or the checkpoint does not hold. A dropped table over a deleted tail looks the same to the chains: check against your last published checkpoint when there is one",
    )
    .option('--checkpoint <file>', 'a signed checkpoint the ledger must still hold')
    .option('--public-key <file>', "the checkpoint signer's public key (PEM)")
    .action((o: { checkpoint?: string; publicKey?: string }) => done(adoptHeadsCommand(o)));
};
