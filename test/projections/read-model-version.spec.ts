import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MATCH_STATE_VERSION } from '../../src/domain';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import { MatchProjector } from '../../src/projections/match-projector';
import { ReadModel } from '../../src/projections/read-model';
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
});
