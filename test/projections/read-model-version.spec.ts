import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MATCH_STATE_VERSION } from '../../src/domain';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import { MatchProjector } from '../../src/projections/match-projector';
import { ReadModel } from '../../src/projections/read-model';
import { statsProjection } from '../../src/stats/stats.projection';
import { recordSimulatedMatches } from '../support/recorded-ledger';

// A read model stores MatchState as JSON and feeds it back into evolve: one built with another
// state shape must never be read, it is emptied and rebuilt from the ledger.
describe('read model state-shape version', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cue-ledger-shape-'));
  const file = join(dir, 'read-model.sqlite');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('empties views of another state shape and the projector rebuilds them equal', async () => {
    const store = new SqliteEventStore({ filename: ':memory:' });
    const [id] = await recordSimulatedMatches(store, [3]);
    const first = new ReadModel(file);
    expect(first.stateShapeChanged).toBe(false);
    await new MatchProjector(store, first).catchUp();
    const built = first.match(id);
    expect(built).not.toBeNull();
    first.close();

    // As if written by a build whose MatchState had another shape.
    const db = new Database(file);
    db.prepare("UPDATE meta SET value = ? WHERE key = 'match_state_version'").run(
      String(MATCH_STATE_VERSION - 1),
    );
    db.close();

    const reopened = new ReadModel(file);
    expect(reopened.stateShapeChanged).toBe(true);
    expect(reopened.match(id)).toBeNull();
    expect(reopened.checkpoint('matches')).toBeUndefined();
    await new MatchProjector(store, reopened).catchUp();
    expect(reopened.match(id)).toEqual(built);
    reopened.close();

    // The same version again: kept as it is.
    const again = new ReadModel(file);
    expect(again.stateShapeChanged).toBe(false);
    expect(again.match(id)).toEqual(built);
    again.close();

    // A file written before the version was recorded at all: rebuilt too.
    const old = new Database(file);
    old.prepare('DELETE FROM meta').run();
    old.close();
    const unversioned = new ReadModel(file);
    expect(unversioned.stateShapeChanged).toBe(true);
    expect(unversioned.match(id)).toBeNull();
    unversioned.close();
    await store.close();
  });

  it('an older layout (the audit index with the events) is dropped, feature rows with it, and rebuilt equal', async () => {
    const layout = join(dir, 'layout.sqlite');
    const store = new SqliteEventStore({ filename: ':memory:' });
    const [id] = await recordSimulatedMatches(store, [5]);
    const first = new ReadModel(layout, [statsProjection()]);
    await new MatchProjector(store, first).catchUp();
    const built = first.match(id);
    const stats = () =>
      first.database.prepare('SELECT COUNT(*) AS n FROM stat_matches').get() as { n: number };
    expect(stats().n).toBe(1);
    const audit = first.audit({}, undefined, 100_000);
    first.close();

    // As if written by the build before: user_version 4.
    const db = new Database(layout);
    db.pragma('user_version = 4');
    db.close();

    const reopened = new ReadModel(layout, [statsProjection()]);
    expect(reopened.checkpoint('matches')).toBeUndefined();
    expect(reopened.match(id)).toBeNull();
    const count = reopened.database.prepare('SELECT COUNT(*) AS n FROM stat_matches').get() as {
      n: number;
    };
    expect(count.n).toBe(0);
    await new MatchProjector(store, reopened).catchUp();
    expect(reopened.match(id)).toEqual(built);
    expect(reopened.audit({}, undefined, 100_000)).toEqual(audit);
    reopened.close();
    await store.close();
  });
});
