import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  compareWithCheckpoint,
  currentCheckpoint,
  signatureHolds,
  signCheckpoint,
  type SignedCheckpoint,
} from '../../src/audit/checkpoint';
import { verifyLedger } from '../../src/ledger/ledger-verifier';
import { eventHash } from '../../src/ledger/hash-chain';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import { logicalRows, storeWhole } from '../support/ledger-rows';
import { recordSimulatedMatches } from '../support/recorded-ledger';
import { startServer, testEnv } from '../support/server';
import { compiledEntry } from '../support/compiled-src';

// Each CLI run is a Node process of its own (src/ compiled once: compiled-src.ts), slow on a
// busy machine: the tests that run it get 180 s.
const ROOT = join(__dirname, '..', '..');

function cli(dataDir: string, ...args: string[]) {
  return spawnSync(process.execPath, [compiledEntry('cli'), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...testEnv(dataDir), LEDGER_FILE: join(dataDir, 'ledger.sqlite') },
    encoding: 'utf8',
  });
}

// Rewrites a whole stream as an attacker who knows the hash recipe would: one event's data
// edited, then every hash of the stream and its head record recomputed. The chain verifies.
function rewriteStream(db: Database.Database, streamId: string): void {
  const rows = logicalRows(db, streamId);
  let prev = '0'.repeat(64);
  for (const r of rows) {
    const data = { ...(r.data as Record<string, unknown>) };
    if (r.revision === 0) data.competition = 'Forged Cup';
    const { hash: _h, ...rest } = r.metadata as Record<string, unknown>;
    const metadata = { ...rest, prevHash: prev };
    const hash = eventHash({ ...r, data, metadata });
    prev = hash;
    storeWhole(db, r.position, data, { ...metadata, hash });
  }
  db.prepare('UPDATE stream_heads SET hash = ? WHERE stream_id = ?').run(prev, streamId);
}

describe('tamper evidence that does not trust the database', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cue-ledger-checkpoint-'));
  const pristine = join(dir, 'pristine.sqlite');
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  let ids: string[] = [];
  let signed: SignedCheckpoint;
  let copies = 0;

  beforeAll(async () => {
    const store = new SqliteEventStore({ filename: pristine, synchronous: 'NORMAL' });
    ids = await recordSimulatedMatches(store, [1, 2, 3]);
    signed = signCheckpoint(await currentCheckpoint(store, new Date()), privateKey);
    await store.close();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function copyEdited(edit: (db: Database.Database) => void): string {
    const file = join(dir, `copy-${++copies}.sqlite`);
    copyFileSync(pristine, file);
    const db = new Database(file);
    edit(db);
    db.close();
    return file;
  }

  async function readOnly<T>(file: string, work: (s: SqliteEventStore) => Promise<T>): Promise<T> {
    const store = new SqliteEventStore({ filename: file, readOnly: true });
    try {
      return await work(store);
    } finally {
      await store.close();
    }
  }

  it('a truncated stream whose heads table was dropped is a break, and verify writes nothing', async () => {
    const file = copyEdited((db) => {
      const s = `match-${ids[1]}`;
      db.prepare(
        'DELETE FROM events WHERE stream_id = ? AND revision > (SELECT MAX(revision) - 3 FROM events WHERE stream_id = ?)',
      ).run(s, s);
      db.exec('DROP TABLE stream_heads');
    });
    const v = await readOnly(file, verifyLedger);
    expect(v.ok).toBe(false);
    expect(v.breaks.map((b) => b.reason)).toEqual([
      'HEAD_MISMATCH',
      'HEAD_MISMATCH',
      'HEAD_MISMATCH',
    ]);
    expect(v.breaks[0].message).toMatch(/has events but no head record/);
    const db = new Database(file, { readonly: true });
    const table = db.prepare("SELECT name FROM sqlite_master WHERE name = 'stream_heads'").get();
    db.close();
    expect(table).toBeUndefined();
  });

  // The server's path: the writable store it opens at start refuses the file instead of rebuilding
  // the table from the truncated stream; the server does not start, and the file is left as it was.
  it('a server refuses to open a ledger whose heads table was dropped, and so does adopt-heads against a checkpoint', async () => {
    const dataDir = join(dir, 'dropped');
    mkdirSync(dataDir, { recursive: true });
    const file = join(dataDir, 'ledger.sqlite');
    copyFileSync(
      copyEdited((db) => {
        const s = `match-${ids[2]}`;
        db.prepare(
          'DELETE FROM events WHERE stream_id = ? AND revision = (SELECT MAX(revision) FROM events WHERE stream_id = ?)',
        ).run(s, s);
        db.exec('DROP TABLE stream_heads');
      }),
      file,
    );
    expect(() => new SqliteEventStore({ filename: file })).toThrow(
      expect.objectContaining({
        code: 'HEADS_MISSING',
        message: expect.stringMatching(/adopt-heads/),
      }),
    );
    await expect(startServer(dataDir)).rejects.toMatchObject({ code: 'HEADS_MISSING' });
    const db = new Database(file, { readonly: true });
    const table = db.prepare("SELECT name FROM sqlite_master WHERE name = 'stream_heads'").get();
    db.close();
    expect(table).toBeUndefined();
    // Adopting on purpose checks the chains and the published checkpoint first: the deleted tail
    // is caught there, and nothing is adopted.
    const cp = join(dataDir, 'cp.json');
    const pub = join(dataDir, 'federation.pub');
    writeFileSync(cp, JSON.stringify(signed));
    writeFileSync(pub, publicKey.export({ type: 'spki', format: 'pem' }));
    const run = cli(dataDir, 'adopt-heads', '--checkpoint', cp, '--public-key', pub);
    expect(run.stdout).toMatch(/does NOT hold: 1 stream differs/);
    expect(run.stdout).toMatch(/heads NOT adopted/);
    expect(run.status).toBe(1);
    expect(() => new SqliteEventStore({ filename: file })).toThrow(
      expect.objectContaining({ code: 'HEADS_MISSING' }),
    );
  }, 180_000);

  it('a full rewrite with recomputed hashes passes the chain check but not a published checkpoint', async () => {
    const file = copyEdited((db) => rewriteStream(db, `match-${ids[0]}`));
    const v = await readOnly(file, verifyLedger);
    expect(v.ok).toBe(true);
    const breaks = await readOnly(file, (s) => compareWithCheckpoint(s, signed.checkpoint));
    expect(breaks).toHaveLength(1);
    expect(breaks[0]).toMatchObject({ streamId: `match-${ids[0]}` });
    expect(breaks[0].message).toMatch(/rewritten/);
    expect(await readOnly(pristine, (s) => compareWithCheckpoint(s, signed.checkpoint))).toEqual(
      [],
    );
  });

  it('a forged checkpoint does not verify: edited after signing, or signed with another key', () => {
    expect(signatureHolds(signed, publicKey)).toBe(true);
    const edited: SignedCheckpoint = {
      ...signed,
      checkpoint: {
        ...signed.checkpoint,
        streams: signed.checkpoint.streams.map((s, i) =>
          i === 0 ? { ...s, hash: 'f'.repeat(64) } : s,
        ),
      },
    };
    expect(signatureHolds(edited, publicKey)).toBe(false);
    const other = generateKeyPairSync('ed25519').privateKey;
    expect(signatureHolds(signCheckpoint(edited.checkpoint, other), publicKey)).toBe(false);
  });

  it('`checkpoint` then `verify --checkpoint` over the CLI: holds, then catches a rewrite', () => {
    const dataDir = join(dir, 'cli');
    const env = {
      ...process.env,
      ...testEnv(dataDir),
      LEDGER_FILE: join(dataDir, 'ledger.sqlite'),
    };
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [compiledEntry('cli'), ...args], {
        cwd: ROOT,
        env,
        encoding: 'utf8',
      });
    mkdirSync(dataDir, { recursive: true });
    copyFileSync(pristine, join(dataDir, 'ledger.sqlite'));
    const out = join(dataDir, 'cp.json');
    const made = run('checkpoint', '--out', out);
    expect(made.status).toBe(0);
    expect(made.stdout).toMatch(
      /checkpoint .*cp\.json: 3 streams, \d+ events, position \d+, key [0-9a-f]{64}/,
    );
    expect(
      (JSON.parse(readFileSync(out, 'utf8')) as SignedCheckpoint).checkpoint.streams,
    ).toHaveLength(3);
    const db = new Database(join(dataDir, 'ledger.sqlite'));
    rewriteStream(db, `match-${ids[2]}`);
    db.close();
    const checked = run('verify', '--checkpoint', out);
    expect(checked.stdout).toMatch(/every chain intact/);
    expect(checked.stdout).toMatch(/does NOT hold: 1 stream differs/);
    expect(checked.status).toBe(1);
  }, 180_000);

  // An event before the checkpoint edited in place, its hashes left alone: the chain check
  // reports it, and the checkpoint's verdict must agree (the signed head vouches for the events
  // before it only through their links).
  it('an event edited before the checkpoint: the checkpoint does not hold, and says so', async () => {
    const stream = `match-${ids[1]}`;
    const edit = (db: Database.Database) => {
      const row = logicalRows(db, stream)[2];
      const data = { ...(row.data as Record<string, unknown>), edited: true };
      storeWhole(db, row.position, data, row.metadata);
    };
    const file = copyEdited(edit);
    expect((await readOnly(file, verifyLedger)).ok).toBe(false);
    const breaks = await readOnly(file, (s) => compareWithCheckpoint(s, signed.checkpoint));
    expect(breaks).toEqual([
      {
        streamId: stream,
        revision: 2,
        message: expect.stringMatching(
          /@2, at or before the signed revision \d+, was rewritten: its content no longer hashes/,
        ),
      },
    ]);

    const dataDir = join(dir, 'cli-edited');
    mkdirSync(dataDir, { recursive: true });
    copyFileSync(file, join(dataDir, 'ledger.sqlite'));
    const cp = join(dataDir, 'cp.json');
    const pub = join(dataDir, 'federation.pub');
    writeFileSync(cp, JSON.stringify(signed));
    writeFileSync(pub, publicKey.export({ type: 'spki', format: 'pem' }));
    const run = cli(dataDir, 'verify', '--checkpoint', cp, '--public-key', pub);
    expect(run.stdout).toMatch(/is BROKEN/);
    expect(run.stdout).toMatch(/does NOT hold: 1 stream differs/);
    expect(run.stdout).not.toMatch(/nothing up to it was rewritten/);
    expect(run.status).toBe(1);
  }, 180_000);
});
