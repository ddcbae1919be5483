import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import { MatchProjector } from '../../src/projections/match-projector';
import { ReadModel } from '../../src/projections/read-model';
import { checkReadModel, readModelAhead } from '../../src/projections/read-model-check';
import { recordSimulatedMatches } from '../support/recorded-ledger';
import { startServer } from '../support/server';

// Someone with access to the read model's file edits what `match` serves; the ledger is intact.
describe('read-model check', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cue-ledger-views-'));
  const ledger = join(dir, 'ledger.sqlite');
  const views = join(dir, 'read-model.sqlite');
  let ids: string[] = [];
  let store: SqliteEventStore;

  beforeAll(async () => {
    store = new SqliteEventStore({ filename: ledger, synchronous: 'NORMAL' });
    ids = await recordSimulatedMatches(store, [1, 2, 3]);
    const model = new ReadModel(views);
    await new MatchProjector(store, model).rebuild();
    model.close();
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  function editViews(sql: string, ...params: unknown[]): void {
    const db = new Database(views);
    db.prepare(sql).run(...params);
    db.close();
  }

  async function check() {
    const model = new ReadModel(views);
    try {
      return await checkReadModel(store, model);
    } finally {
      model.close();
    }
  }

  it('an untouched read model matches a replay of the ledger', async () => {
    expect(await check()).toEqual([]);
  });

  it('reports each match whose served view was edited (status, winner, a name) or removed', async () => {
    editViews(
      `UPDATE match_views SET state = json_set(state, '$.status', 'ABANDONED', '$.winner', 'nobody') WHERE match_id = ?`,
      ids[0],
    );
    editViews(
      `UPDATE match_views SET state = json_set(state, '$.players[0].name', 'Someone Else') WHERE match_id = ?`,
      ids[2],
    );
    expect(await check()).toEqual([
      { matchId: ids[0], kind: 'DIFFERS' },
      { matchId: ids[2], kind: 'DIFFERS' },
    ]);
    editViews('DELETE FROM match_views WHERE match_id = ?', ids[1]);
    expect((await check()).map((d) => d.kind).sort()).toEqual(['DIFFERS', 'DIFFERS', 'MISSING']);
  });

  it('the server rebuilds, instead of serving, a read model whose checkpoint is ahead of the ledger', async () => {
    editViews(`UPDATE checkpoints SET position = '999999' WHERE projection = 'matches'`);
    const model = new ReadModel(views);
    expect(await readModelAhead(store, model)).toBe(true);
    model.close();
    await store.close();
    const server = await startServer(dir, { LEDGER_FILE: ledger, READ_MODEL_FILE: views });
    try {
      const res = await server.gql(`query($id: String!) { match(id: $id) { id status } }`, {
        id: ids[0],
      });
      expect(res.data?.match.status).not.toBe('ABANDONED');
    } finally {
      await server.close();
    }
    store = new SqliteEventStore({ filename: ledger, synchronous: 'NORMAL' });
    expect(await check()).toEqual([]);
  });
});
