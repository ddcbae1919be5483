import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseSecretKey } from '../config/webhook-settings';

// A signing secret as the ledger holds it: AES-256-GCM under the key named by `keyId`, bound to
// its endpoint (the endpoint id is the additional data), all base64.
export interface SealedSecret {
  keyId: string;
  iv: string;
  tag: string;
  ciphertext: string;
}

// The key's name in a sealed secret: a digest of the key, never the key.
export const keyIdOf = (key: Buffer): string =>
  createHash('sha256').update('cue-ledger webhook key\n').update(key).digest('hex').slice(0, 16);

// Seals with the first key, opens with whichever key sealed.
export class SecretBox {
  private readonly keys: Map<string, Buffer>;
  readonly keyId: string;

  constructor(keys: readonly Buffer[]) {
    if (keys.length === 0) throw new Error('a secret box needs at least one key');
    this.keys = new Map(keys.map((k) => [keyIdOf(k), k]));
    this.keyId = keyIdOf(keys[0]);
  }

  seal(secret: string, endpointId: string): SealedSecret {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keys.get(this.keyId)!, iv);
    cipher.setAAD(Buffer.from(endpointId));
    const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return {
      keyId: this.keyId,
      iv: iv.toString('base64'),
      tag: cipher.getAuthTag().toString('base64'),
      ciphertext: ciphertext.toString('base64'),
    };
  }

  // The secret, or null when no key of this box sealed it or the record was altered.
  open(sealed: SealedSecret, endpointId: string): string | null {
    const key = this.keys.get(sealed.keyId);
    if (!key) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
      decipher.setAAD(Buffer.from(endpointId));
      decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
      const plain = Buffer.concat([
        decipher.update(Buffer.from(sealed.ciphertext, 'base64')),
        decipher.final(),
      ]);
      return plain.toString('utf8');
    } catch {
      return null;
    }
  }
}

// Outside production, without a configured key: a random one kept in `file` (0600) and reused.
// Created under another name and linked into place, so replicas starting together agree on one.
export function developmentKey(file: string): Buffer {
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(draft, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
    try {
      linkSync(draft, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      rmSync(draft, { force: true });
    }
  }
  const key = parseSecretKey(readFileSync(file, 'utf8'));
  if (!key) throw new Error(`${file} does not hold a webhook secret key (64 hex digits)`);
  return key;
}
