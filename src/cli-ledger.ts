import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  compareWithCheckpoint,
  currentCheckpoint,
  keyIdOf,
  signatureHolds,
  checkpointFileName,
  signCheckpoint,
  type SignedCheckpoint,
} from './audit/checkpoint';
import { verifyLedger, type Verification } from './audit/ledger-verifier';
import { loadConfig, type LedgerConfig } from './config/configuration';
import { ensureDevelopmentSecret } from './config/development-secret';
import type { EventStore } from './ledger/event-store';
import { createEventStore } from './ledger/ledger.module';
import { compareWithRebuild, readModelReport } from './projections/read-model-check';
import { ledgerSize, startProgress } from './projections/rebuild-progress';
import { featureProjections } from './read-models';

export const LEDGER_USAGE = `  verify [--checkpoint FILE [--public-key FILE]] [--read-model]
          check every stream's hash chain and head, reading the ledger read-only; exit 1 and
          report the first broken link of each broken stream when the ledger was altered. With
          --checkpoint: also prove that nothing up to that signed checkpoint was rewritten (the
          signature is checked with --public-key, or the public half of the configured key).
          With --read-model: also rebuild the read model from the ledger into a scratch copy and
          compare every table of this instance's read model with it (match views, audit index,
          stats, registry, ratings, appeal cases, live places), naming the first difference
  checkpoint [--out FILE]
          verify the ledger, then sign the head of every stream and the global position with
          the Ed25519 key in LEDGER_CHECKPOINT_KEY_FILE (default <data dir>/checkpoint-key.pem,
          created outside production) and write the checkpoint file to publish or archive`;

function settings(): LedgerConfig {
  ensureDevelopmentSecret();
  return loadConfig();
}

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
      `ledger ${where} verified: ${v.streams} streams, ${v.events} events, every chain intact${tails}`,
    );
    return;
  }
  console.log(`ledger ${where} is BROKEN: ${v.breaks.length} of ${v.streams} streams${tails}`);
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
  const signed = JSON.parse(readFileSync(file, 'utf8')) as SignedCheckpoint;
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
    `checkpoint ${file} (signed ${c.createdAt}) does NOT hold: ${breaks.length} streams differ`,
  );
  for (const b of breaks) console.log(`  ${b.streamId}@${b.revision}: ${b.message}`);
  return false;
}

export async function verifyCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      checkpoint: { type: 'string' },
      'public-key': { type: 'string' },
      'read-model': { type: 'boolean', default: false },
    },
    strict: true,
  });
  const config = settings();
  return withReadOnlyStore(config, async (store) => {
    // On stderr: stdout stays the verdict alone, for scripts that read it.
    const progress = startProgress('verify', await ledgerSize(store), process.stderr);
    const v = await verifyLedger(store, { onProgress: (n) => progress.update(n) });
    progress.stop();
    report(v, config.storeDescription);
    let ok = v.ok;
    if (values.checkpoint)
      ok = (await checkAgainst(store, values.checkpoint, values['public-key'], config)) && ok;
    if (values['read-model']) ok = (await checkViews(store, config)) && ok;
    return ok ? 0 : 1;
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

export async function checkpointCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { out: { type: 'string' } }, strict: true });
  const config = settings();
  const key = signingKey(config);
  return withReadOnlyStore(config, async (store) => {
    const v = await verifyLedger(store);
    if (!v.ok) {
      report(v, config.storeDescription);
      console.log('no checkpoint signed: the ledger does not verify');
      return 1;
    }
    const signed = signCheckpoint(await currentCheckpoint(store, new Date()), key);
    const c = signed.checkpoint;
    const out = values.out ?? join(config.checkpoints.directory, checkpointFileName(c));
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, `${JSON.stringify(signed, null, 2)}\n`);
    console.log(
      `checkpoint ${out}: ${c.streams.length} streams, ${c.events} events, position ${c.position ?? '-'}, key ${signed.keyId}`,
    );
    return 0;
  });
}
