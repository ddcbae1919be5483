import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compareWithCheckpoint, currentCheckpoint } from '../../src/audit/checkpoint';
import { verifyLedger } from '../../src/ledger/ledger-verifier';
import type { LedgerConfig } from '../../src/config/configuration';
import { DemoSeeder, seasonClock } from '../../src/demo/seed-demo';
import { migrateLedger, MigrationError } from '../../src/exports/ledger-migration';
import { MigrateOptionsError, runMigrate } from '../../src/exports/migrate.cli';
import { writeExport } from '../../src/exports/ndjson-export';
import type { EventStore, StoredEvent } from '../../src/ledger/event-store';
import { chainFieldsOf } from '../../src/ledger/hash-chain';
import { KurrentDbEventStore } from '../../src/ledger/kurrentdb/kurrentdb-event-store';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import { MatchCommandService } from '../../src/matches/match-commands.service';
import { MatchProjector } from '../../src/projections/match-projector';
import { ReadModel } from '../../src/projections/read-model';
import { RegistryCommandService } from '../../src/registry/registry-commands.service';
import { registryProjection } from '../../src/registry/registry.projection';
import { FakeKurrentDbClient } from '../support/fake-kurrentdb-client';

async function everything(store: EventStore): Promise<StoredEvent[]> {
  return store.readAll();
}

// The parts of an event that must cross over unchanged (positions are the target's own).
const identity = (e: StoredEvent) => ({
  streamId: e.streamId,
  revision: e.revision,
  eventId: e.eventId,
  type: e.type,
  data: e.data,
  metadata: e.metadata,
});

// The ledger's feed on KurrentDB is filtered by stream prefix: the registry's streams included.
const kurrent = () =>
  new KurrentDbEventStore(new FakeKurrentDbClient().asClient(), {
    streamPrefixes: ['match-', 'player-', 'competition-'],
  });

// A target that stops answering after `n` appends, as a server going away mid-migration.
function failingAfter(store: EventStore, n: number): EventStore {
  let left = n;
  return Object.assign(Object.create(store) as EventStore, {
    append: (...args: Parameters<EventStore['append']>) => {
      if (left-- <= 0) return Promise.reject(new Error('connection reset'));
      return store.append(...args);
    },
  });
}

describe('migrating a SQLite ledger to KurrentDB (over the fake client)', () => {
  const source = new SqliteEventStore({ filename: ':memory:' });
  const dir = mkdtempSync(join(tmpdir(), 'cue-ledger-migrate-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  beforeAll(async () => {
    const clock = seasonClock();
    const projector = new MatchProjector(source, new ReadModel(':memory:', [registryProjection]));
    await new DemoSeeder(
      new MatchCommandService(source, projector, clock),
      new RegistryCommandService(source, projector, clock),
    ).run({ players: 6, matches: 3, seed: 4 });
  });

  it('copies every event as stored: same revisions, ids, metadata and hash chains; verify passes there', async () => {
    const target = kurrent();
    const r = await migrateLedger(source, target);
    const before = await verifyLedger(source);
    const after = await verifyLedger(target);
    expect(after).toMatchObject({ ok: true, streams: before.streams, events: before.events });
    expect(r).toMatchObject({ read: before.events, copied: before.events, skipped: 0 });
    expect((await everything(target)).map(identity)).toEqual(
      (await everything(source)).map(identity),
    );
    // The hashes are the source's, not recomputed by another writer.
    const heads = (await source.readHeads()).heads;
    for (const h of heads) {
      const there = await target.readStream(h.streamId);
      expect(there).toHaveLength(h.revision + 1);
      expect(chainFieldsOf(there[h.revision].metadata).hash).toBe(h.hash);
    }
    // A checkpoint signed on the SQLite side still holds on the other side.
    const checkpoint = await currentCheckpoint(source, new Date());
    expect(await compareWithCheckpoint(target, checkpoint)).toEqual([]);
  });

  it('resumes after an interruption: the copied prefix is checked and skipped, nothing doubled', async () => {
    const target = kurrent();
    await expect(migrateLedger(source, failingAfter(target, 7))).rejects.toThrow(
      'connection reset',
    );
    const partial = (await everything(target)).length;
    expect(partial).toBeGreaterThan(0);
    const r = await migrateLedger(source, target);
    const before = await verifyLedger(source);
    expect(r).toMatchObject({ skipped: partial, copied: before.events - partial });
    expect(await verifyLedger(target)).toMatchObject({ ok: true, events: before.events });
    // A third run finds everything there and writes nothing.
    expect(await migrateLedger(source, target)).toMatchObject({
      copied: 0,
      skipped: before.events,
    });
  });

  it('refuses to write on a target holding a different event at the same revision', async () => {
    const target = kurrent();
    const [first] = await source.readAll({ maxCount: 1 });
    await target.append(
      first.streamId,
      [{ eventId: 'someone-else', type: first.type, data: first.data, metadata: {} }],
      'no_stream',
    );
    const err = await migrateLedger(source, target).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MigrationError);
    expect(err).toMatchObject({ code: 'TARGET_DIFFERS' });
    expect(await everything(target)).toHaveLength(1);
  });

  it('refuses a source that does not verify', async () => {
    const broken = Object.assign(Object.create(source) as EventStore, {
      readAll: async (o?: Parameters<EventStore['readAll']>[0]) =>
        (await source.readAll(o)).map((e) =>
          e.revision === 1 ? { ...e, data: { ...(e.data as object), forged: true } } : e,
        ),
    });
    await expect(migrateLedger(broken, kurrent())).rejects.toMatchObject({ code: 'SOURCE_BROKEN' });
  });

  it('`migrate --to kurrentdb --from-file` copies an NDJSON export and reports the counts', async () => {
    const lines: string[] = [];
    await writeExport(source, { kind: 'all' }, (l) => {
      lines.push(l);
    });
    const file = join(dir, 'all.ndjson');
    writeFileSync(file, `${lines.join('\n')}\n`);
    const target = kurrent();
    const out: string[] = [];
    const code = await runMigrate(
      { to: 'kurrentdb', connectionString: 'kurrentdb://kdb:2113?tls=false', fromFile: file },
      {
        config: () => ({ store: { kind: 'sqlite' } }) as LedgerConfig,
        openSource: () => {
          throw new Error('the configured ledger is not opened for --from-file');
        },
        openTarget: () =>
          Object.assign(Object.create(target) as EventStore, { close: async () => {} }),
        log: (l) => out.push(l),
      },
    );
    const before = await verifyLedger(source);
    expect(code).toBe(0);
    expect(out.at(-1)).toBe(
      `migrated export ${file} to KurrentDB: ${before.streams} streams, ${before.events} events (${before.events} copied, 0 already there); target verified: ${before.streams} streams, ${before.events} events, every chain intact`,
    );
    expect((await everything(target)).map(identity)).toEqual(
      (await everything(source)).map(identity),
    );
  });

  it('`migrate --to sqlite` copies into another ledger file, re-runs as a no-op and refuses its own ledger', async () => {
    const file = join(dir, 'copy.sqlite');
    const out: string[] = [];
    const deps = {
      config: () =>
        ({ store: { kind: 'sqlite', ledgerFile: join(dir, 'own.sqlite') } }) as LedgerConfig,
      openSource: () =>
        Object.assign(Object.create(source) as EventStore, { close: async () => {} }),
      log: (l: string) => out.push(l),
    };
    expect(await runMigrate({ to: 'sqlite', ledgerFile: file }, deps)).toBe(0);
    expect(await runMigrate({ to: 'sqlite', ledgerFile: file }, deps)).toBe(0);
    const before = await verifyLedger(source);
    expect(out.at(-1)).toContain(`(0 copied, ${before.events} already there)`);
    const copy = new SqliteEventStore({ filename: file, readOnly: true });
    expect(await verifyLedger(copy)).toMatchObject({
      ok: true,
      headsChecked: true,
      events: before.events,
    });
    expect((await everything(copy)).map(identity)).toEqual(
      (await everything(source)).map(identity),
    );
    await copy.close();
    await expect(
      runMigrate({ to: 'sqlite', ledgerFile: join(dir, 'own.sqlite') }, deps),
    ).rejects.toThrow(MigrateOptionsError);
    // No target named: a usage mistake (exit 2), nothing opened.
    await expect(runMigrate({}, deps)).rejects.toThrow(
      'migrate needs --to kurrentdb or --to sqlite',
    );
    await expect(runMigrate({ to: 'sqlite' }, deps)).rejects.toThrow('needs --ledger-file FILE');
  });
});
