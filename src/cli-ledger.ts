import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  compareWithCheckpoint,
  currentCheckpoint,
  keyIdOf,
  signatureHolds,
  checkpointFileName,
  signCheckpoint,
  type SignedCheckpoint,
} from './audit/checkpoint';
import { verifyLedger, type Verification } from './ledger/ledger-verifier';
import { done, inUse, ownedBy, settings, usage, type Registration } from './cli-context';
import { CliError, EXIT, refused } from './cli-exit';
import type { LedgerConfig } from './config/configuration';
import type { EventStore } from './ledger/event-store';
import { createEventStore } from './ledger/ledger.module';
import { compareWithRebuild, readModelReport } from './projections/read-model-check';
import { ledgerSize, startProgress } from './projections/rebuild-progress';
import { runVerifyFile } from './cli-exports';
import { counted } from './ledger/counted';
import { featureProjections } from './read-models';

function keyFile(config: LedgerConfig): string {
  return config.checkpoints.keyFile;
}

// The signing key lives outside the ledger, so whoever can rewrite the ledger cannot re-sign it.
// Outside production a key pair is made on first use; the public half is written beside it.
function signingKey(config: LedgerConfig): KeyObject {
  const file = keyFile(config);
  if (!existsSync(file)) {
    if (config.production)
      throw new Error(
        `LEDGER_CHECKPOINT_KEY_FILE ${file} does not exist: create an Ed25519 key (openssl genpkey -algorithm ed25519)`,
      );
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), {
      mode: 0o600,
      flag: 'wx',
    });
    writeFileSync(`${file}.pub`, publicKey.export({ type: 'spki', format: 'pem' }));
    console.error(`created checkpoint key ${file} (public key: ${file}.pub)`);
  }
  return createPrivateKey(readFileSync(file));
}

async function withReadOnlyStore<T>(
  config: LedgerConfig,
  work: (s: EventStore) => Promise<T>,
): Promise<T> {
  const store = createEventStore(config, true);
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

export function report(v: Verification, where: string): void {
  const tails = v.headsChecked
    ? ''
    : ' (this store keeps no head record: deleted tails not checked)';
  if (v.ok) {
    console.log(
      `ledger ${where} verified: ${counted(v.streams, 'stream')}, ${counted(v.events, 'event')}, every chain intact${tails}`,
    );
    return;
  }
  console.log(
    `ledger ${where} is BROKEN: ${v.breaks.length} of ${counted(v.streams, 'stream')}${tails}`,
  );
  for (const b of v.breaks)
    console.log(
      `  ${b.reason} ${b.streamId}@${b.revision}${b.position === null ? '' : ` (position ${b.position})`}: ${b.message}\n    expected ${b.expectedHash ?? '-'}\n    found    ${b.foundHash ?? '-'}`,
    );
  const f = v.firstBreak!;
  console.log(`first broken link: ${f.streamId}@${f.revision} (${f.reason})`);
}

export async function checkAgainst(
  store: EventStore,
  file: string,
  publicKeyFile: string | undefined,
  config: LedgerConfig,
): Promise<boolean> {
  let signed: SignedCheckpoint;
  try {
    signed = JSON.parse(readFileSync(file, 'utf8')) as SignedCheckpoint;
  } catch (err) {
    if (!(err instanceof SyntaxError)) throw err;
    throw new CliError(EXIT.FILE, `${file} is not a checkpoint file (not JSON)`);
  }
  const publicKey = publicKeyFile
    ? createPublicKey(readFileSync(publicKeyFile))
    : createPublicKey(signingKey(config));
  if (!signatureHolds(signed, publicKey)) {
    console.log(
      `checkpoint ${file} is NOT signed by key ${keyIdOf(publicKey)}: forged or altered, nothing proven`,
    );
    return false;
  }
  const breaks = await compareWithCheckpoint(store, signed.checkpoint);
  const c = signed.checkpoint;
  if (breaks.length === 0) {
    console.log(
      `checkpoint ${file} (signed ${c.createdAt}, ${c.streams.length} streams, position ${c.position ?? '-'}) holds: nothing up to it was rewritten`,
    );
    return true;
  }
  console.log(
    `checkpoint ${file} (signed ${c.createdAt}) does NOT hold: ${counted(breaks.length, 'stream')} ${breaks.length === 1 ? 'differs' : 'differ'}`,
  );
  for (const b of breaks) console.log(`  ${b.streamId}@${b.revision}: ${b.message}`);
  return false;
}

export interface VerifyOptions {
  checkpoint?: string;
  publicKey?: string;
  readModel: boolean;
}

export async function verifyCommand(values: VerifyOptions): Promise<number> {
  const config = settings();
  // A serving instance's read model is only as far as its last commit, while the rebuild
  // compared with it reaches the ledger's end: every write in between would read as a difference.
  if (values.readModel && inUse(config))
    throw refused(
      `verify --read-model compares a read model at rest: stop the server that owns ${ownedBy(config)} first (the ledger's chains can be verified while it runs: verify without --read-model)`,
    );
  return withReadOnlyStore(config, async (store) => {
    // On stderr: stdout stays the verdict alone, for scripts that read it.
    const progress = startProgress('verify', await ledgerSize(store), process.stderr);
    const v = await verifyLedger(store, { onProgress: (n) => progress.update(n) });
    progress.stop();
    report(v, config.storeDescription);
    let ok = v.ok;
    if (values.checkpoint)
      ok = (await checkAgainst(store, values.checkpoint, values.publicKey, config)) && ok;
    if (values.readModel) ok = (await checkViews(store, config)) && ok;
    return ok ? EXIT.OK : EXIT.CHECK_FAILED;
  });
}

async function checkViews(store: EventStore, config: LedgerConfig): Promise<boolean> {
  const file = config.readModelFile;
  const { ok, lines } = readModelReport(
    file,
    await compareWithRebuild(store, file, featureProjections()),
  );
  for (const line of lines) console.log(line);
  return ok;
}

export async function checkpointCommand(values: { out?: string }): Promise<number> {
  const config = settings();
  const key = signingKey(config);
  return withReadOnlyStore(config, async (store) => {
    const v = await verifyLedger(store);
    if (!v.ok) {
      report(v, config.storeDescription);
      console.log('no checkpoint signed: the ledger does not verify');
      return EXIT.CHECK_FAILED;
    }
    const signed = signCheckpoint(await currentCheckpoint(store, new Date()), key);
    const c = signed.checkpoint;
    const out = values.out ?? join(config.checkpoints.directory, checkpointFileName(c));
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, `${JSON.stringify(signed, null, 2)}\n`);
    console.log(
      `checkpoint ${out}: ${counted(c.streams.length, 'stream')}, ${counted(c.events, 'event')}, position ${c.position ?? '-'}, key ${signed.keyId}`,
    );
    return EXIT.OK;
  });
}

export const registerVerify: Registration = (program) => {
  const verify = program
    .command('verify')
    .summary("check every stream's hash chain and head (read-only)")
    .description(
      "check every stream's hash chain and head, reading the ledger read-only; exit 1 and report the first broken link of each broken stream when the ledger was altered. With --checkpoint: also prove that nothing up to that signed checkpoint was rewritten (the signature is checked with --public-key, or the public half of the configured key). With --read-model: also replay the ledger and compare every match view this instance's read model serves, listing each differing match. With --file: check an export's hash chains without the database",
    )
    .option('--checkpoint <file>', 'a signed checkpoint the ledger must still hold')
    .option('--public-key <file>', "the checkpoint signer's public key (PEM)")
    .option('--read-model', "also compare this instance's read model with the ledger")
    .option('--file <export>', 'check an NDJSON export instead of the ledger (no database opened)')
    .action((o: Partial<VerifyOptions> & { file?: string }) => {
      if (o.publicKey !== undefined && o.checkpoint === undefined)
        usage(verify, '--public-key goes with --checkpoint <file>');
      if (o.file !== undefined) {
        if (o.checkpoint !== undefined || o.readModel)
          usage(verify, '--file checks an export alone: no --checkpoint or --read-model with it');
        return done(runVerifyFile(o.file));
      }
      return done(verifyCommand({ ...o, readModel: o.readModel === true }));
    });
};

export const registerCheckpoint: Registration = (program) => {
  program
    .command('checkpoint')
    .summary('verify the ledger, then sign its heads into a checkpoint file')
    .description(
      'verify the ledger, then sign the head of every stream and the global position with the Ed25519 key in LEDGER_CHECKPOINT_KEY_FILE (default <data dir>/checkpoint-key.pem, created outside production) and write the checkpoint file to publish or archive',
    )
    .option('--out <file>', 'where to write it (default: the checkpoints directory)')
    .action((o: { out?: string }) => done(checkpointCommand(o)));
};
