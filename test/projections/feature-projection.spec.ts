import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import { MatchProjector } from '../../src/projections/match-projector';
import type { Projection, ProjectionBatch } from '../../src/projections/projection';
import { ReadModel } from '../../src/projections/read-model';
import { recordSimulatedMatches } from '../support/recorded-ledger';

// A feature read model: shots per match and game, from the domain events of each batch.
function shotCounter(version = 1, failOn?: () => boolean): Projection {
  return {
    name: 'shot-counter',
    version,
    install: (db: Database.Database) =>
      db.exec(`CREATE TABLE IF NOT EXISTS shot_counts (
        match_id TEXT NOT NULL, game INTEGER NOT NULL, shots INTEGER NOT NULL,
        PRIMARY KEY (match_id, game))`),
    clear: (db: Database.Database) => db.exec('DELETE FROM shot_counts'),
    apply: (batch: ProjectionBatch, db: Database.Database) => {
      const add = db.prepare(
        `INSERT INTO shot_counts (match_id, game, shots) VALUES (?, ?, 1)
         ON CONFLICT(match_id, game) DO UPDATE SET shots = shots + 1`,
      );
      for (const e of batch.events)
        if (e.domainEvent?.type === 'ShotAdjudicated') add.run(e.matchId!, e.gameNumber!);
      if (failOn?.()) throw new Error('projection failed');
    },
  };
}

const counts = (rm: ReadModel) =>
  rm.database
    .prepare('SELECT match_id, game, shots FROM shot_counts ORDER BY match_id, game')
    .all();

describe('feature projections', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cue-ledger-projection-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('sees every event once, with its domain form and game, at the views checkpoint', async () => {
    const store = new SqliteEventStore({ filename: ':memory:' });
    const ids = await recordSimulatedMatches(store, [3, 2]);
    const views = new ReadModel(':memory:', [shotCounter()]);
    await new MatchProjector(store, views).catchUp();
    const shots = (await store.readAll({ maxCount: 100_000 })).filter(
      (e) => e.type === 'ShotAdjudicated',
    ).length;
    const rows = counts(views) as { match_id: string; shots: number }[];
    expect(rows.reduce((n, r) => n + r.shots, 0)).toBe(shots);
    expect(new Set(rows.map((r) => r.match_id))).toEqual(new Set(ids));
    expect(views.checkpoint('shot-counter')).toBe(views.checkpoint('matches'));
    // Caught up again: nothing is counted twice.
    await new MatchProjector(store, views).catchUp();
    expect(counts(views)).toEqual(rows);
  });

  it('commits nothing of a batch a projection fails on: views, checkpoint and rows stay', async () => {
    const store = new SqliteEventStore({ filename: ':memory:' });
    const [id] = await recordSimulatedMatches(store, [2]);
    let fail = true;
    const views = new ReadModel(':memory:', [shotCounter(1, () => fail)]);
    await expect(new MatchProjector(store, views).catchUp()).rejects.toThrow('projection failed');
    expect(views.match(id)).toBeNull();
    expect(views.checkpoint('matches')).toBeUndefined();
    expect(counts(views)).toEqual([]);
    fail = false;
    await new MatchProjector(store, views).catchUp();
    expect(views.match(id)).not.toBeNull();
  });

  it('rebuilds everything when a projection is new or of another version', async () => {
    const store = new SqliteEventStore({ filename: ':memory:' });
    await recordSimulatedMatches(store, [2]);
    const file = join(dir, 'views.sqlite');
    const plain = new ReadModel(file);
    await new MatchProjector(store, plain).catchUp();
    plain.close();

    const added = new ReadModel(file, [shotCounter(1)]);
    expect(added.projectionsChanged).toBe(true);
    expect(added.checkpoint('matches')).toBeUndefined();
    await new MatchProjector(store, added).catchUp();
    const built = counts(added);
    expect(built.length).toBeGreaterThan(0);
    added.close();

    const same = new ReadModel(file, [shotCounter(1)]);
    expect(same.projectionsChanged).toBe(false);
    expect(counts(same)).toEqual(built);
    same.close();

    const bumped = new ReadModel(file, [shotCounter(2)]);
    expect(bumped.projectionsChanged).toBe(true);
    expect(counts(bumped)).toEqual([]);
    await new MatchProjector(store, bumped).catchUp();
    expect(counts(bumped)).toEqual(built);
    bumped.close();
  });

  it('tells listeners of each committed batch after its commit; a failing one stops nothing', async () => {
    const store = new SqliteEventStore({ filename: ':memory:' });
    const [id] = await recordSimulatedMatches(store, [2]);
    const views = new ReadModel(':memory:');
    const errors: unknown[] = [];
    const projector = new MatchProjector(store, views, { onError: (e) => errors.push(e) });
    const seen: { events: number; committed: boolean; version?: number }[] = [];
    projector.onCommitted(() => {
      throw new Error('listener failed');
    });
    const off = projector.onCommitted((batch) =>
      seen.push({
        events: batch.events.length,
        committed: views.checkpoint('matches') === batch.position,
        version: batch.matches.get(id)?.version,
      }),
    );
    await projector.catchUp();
    const total = (await store.readAll({ maxCount: 100_000 })).length;
    expect(seen.reduce((n, b) => n + b.events, 0)).toBe(total);
    expect(seen.every((b) => b.committed)).toBe(true);
    expect(seen[seen.length - 1].version).toBe(views.match(id)!.version);
    expect(errors.length).toBe(seen.length);
    off();
  });
});

describe('feature projections in a rebuild', () => {
  it('a rebuild failing on a batch keeps, for every reader, the batches before it (each with its checkpoint); a catch-up finishes it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cue-ledger-rebuild-fail-'));
    const store = new SqliteEventStore({ filename: ':memory:' });
    await recordSimulatedMatches(
      store,
      Array.from({ length: 30 }, (_, i) => i + 2),
    );
    const events = await store.readAll({ maxCount: 100_000 });
    // Batches of 500: the second fails, the third follows it.
    expect(events.length).toBeGreaterThan(1000);
    let applies = 0;
    let fail = true;
    const file = join(dir, 'views.sqlite');
    const views = new ReadModel(file, [shotCounter(1, () => fail && ++applies === 2)]);
    const projector = new MatchProjector(store, views);
    await expect(projector.rebuild()).rejects.toThrow('projection failed');
    // Another connection (another process) sees the first batch committed, nothing of the second.
    const other = new Database(file, { readonly: true });
    const at = (name: string) =>
      (
        other.prepare('SELECT position FROM checkpoints WHERE projection = ?').get(name) as
          | { position: string }
          | undefined
      )?.position;
    expect(at('matches')).toBe(events[499].position.toString());
    expect(at('shot-counter')).toBe(events[499].position.toString());
    expect(other.prepare('SELECT COUNT(*) AS n FROM audit_events').get()).toEqual({ n: 500 });
    other.close();
    fail = false;
    await projector.catchUp();
    const reference = new ReadModel(':memory:', [shotCounter(1)]);
    await new MatchProjector(store, reference).catchUp();
    expect(counts(views)).toEqual(counts(reference));
    expect(views.audit({}, undefined, 100_000)).toEqual(reference.audit({}, undefined, 100_000));
    for (const rm of [views, reference]) rm.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a bulk group whose commit fails is rolled back and ends the load: later commits are their own', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cue-ledger-bulk-commit-'));
    const store = new SqliteEventStore({ filename: ':memory:' });
    await recordSimulatedMatches(store, [2, 3]);
    const events = await store.readAll({ maxCount: 100_000 });
    const file = join(dir, 'views.sqlite');
    const views = new ReadModel(file, [shotCounter(1)]);
    // The group's COMMIT fails once (a full disk, another writer holding the file).
    const db = views.database;
    const exec = db.exec.bind(db);
    let fail = true;
    db.exec = ((sql: string) => {
      if (fail && sql === 'COMMIT') {
        fail = false;
        throw new Error('disk full');
      }
      return exec(sql);
    }) as typeof db.exec;
    await expect(new MatchProjector(store, views).rebuild()).rejects.toThrow('disk full');
    expect(db.inTransaction).toBe(false);
    const other = new Database(file, { readonly: true });
    const at = () =>
      (
        other.prepare("SELECT position FROM checkpoints WHERE projection = 'matches'").get() as
          | { position: string }
          | undefined
      )?.position;
    expect(at()).toBeUndefined();
    // A catch-up replays it, committed at once for every reader: no group left open.
    await new MatchProjector(store, views).catchUp();
    expect(db.inTransaction).toBe(false);
    expect(at()).toBe(events[events.length - 1].position.toString());
    other.close();
    views.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
