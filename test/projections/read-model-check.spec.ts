import Database from 'better-sqlite3';
import { join } from 'node:path';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import { ReadModel } from '../../src/projections/read-model';
import {
  compareWithRebuild,
  readModelAhead,
  readModelReport,
} from '../../src/projections/read-model-check';
import { featureProjections } from '../../src/read-models';
import { bearer, removeDir, startServer } from '../support/server';
import { recordViewerMatch } from '../support/viewer-match';

// Someone with access to the read model's file edits what the server serves (a match view, a
// player's stats, the registry); the ledger is intact. The read model was built by a real server
// through the write path, as in production.
describe('read-model check: every table against a rebuild', () => {
  let dir = '';
  let matchId = '';
  let ledger = '';
  let views = '';

  beforeAll(async () => {
    const server = await startServer();
    dir = server.dataDir;
    try {
      const res = await server.gql(
        `mutation($i: RegisterPlayerInput!) { registerPlayer(input: $i) { licenceId } }`,
        { i: { commandId: 'reg-carla', licenceId: 'PT-4', displayName: 'Carla Dias' } },
        bearer('RECORD_KEEPER', 'keeper-1'),
      );
      expect(res.errors).toBeUndefined();
      matchId = (await recordViewerMatch(server)).matchId;
    } finally {
      await server.close();
    }
    ledger = join(dir, 'ledger.sqlite');
    views = join(dir, 'read-model.sqlite');
  }, 120_000);
  afterAll(() => removeDir(dir));

  function edit(sql: string, ...params: unknown[]): void {
    const db = new Database(views);
    db.prepare(sql).run(...params);
    db.close();
  }

  async function check() {
    const store = new SqliteEventStore({ filename: ledger, synchronous: 'NORMAL' });
    try {
      return readModelReport(views, await compareWithRebuild(store, views, featureProjections()));
    } finally {
      await store.close();
    }
  }

  it('a read model the server built matches a rebuild from the ledger, every table', async () => {
    const report = await check();
    expect(report.lines).toEqual([
      expect.stringMatching(
        /^read model .* matches a rebuild from the ledger: \d+ tables, \d+ rows$/,
      ),
    ]);
    expect(report.ok).toBe(true);
  });

  const wins = (player: string): number => {
    const db = new Database(views, { readonly: true });
    const row = db
      .prepare('SELECT matches_won AS n FROM stat_player_matches WHERE match_id = ? AND player = ?')
      .get(matchId, player) as { n: number };
    db.close();
    return row.n;
  };

  it("names an edited stats row: a player's matchesWon", async () => {
    const won = wins('ana');
    edit(
      'UPDATE stat_player_matches SET matches_won = 26 WHERE match_id = ? AND player = ?',
      matchId,
      'ana',
    );
    const report = await check();
    expect(report.ok).toBe(false);
    // The per-player and per-pair totals follow the match row (triggers keep them), so they differ
    // too.
    expect(report.lines[0]).toContain(
      `3 rows differ in 3 tables; first: stat_player_matches (match_id="${matchId}", player="ana") matches_won: read model 26, rebuild ${won}`,
    );
    edit(
      'UPDATE stat_player_matches SET matches_won = ? WHERE match_id = ? AND player = ?',
      won,
      matchId,
      'ana',
    );
    expect((await check()).ok).toBe(true);
  });

  it('names an edited registry row, and each table that differs', async () => {
    edit("UPDATE registry_players SET display_name = 'Someone Else' WHERE licence_id = 'PT-4'");
    edit(`DELETE FROM live_places WHERE match_id = ?`, matchId);
    const report = await check();
    expect(report.ok).toBe(false);
    expect(report.lines.slice(1).sort()).toEqual([
      `  1 rows differ, first: live_places (match_id="${matchId}"): in the rebuild, missing from the read model`,
      `  1 rows differ, first: registry_players (licence_id="PT-4") display_name: read model "Someone Else", rebuild "Carla Dias"`,
    ]);
  });

  it('names the path inside an edited match view, and a removed appeal case', async () => {
    edit(
      `UPDATE match_views SET state = json_set(state, '$.players[0].name', 'Someone Else') WHERE match_id = ?`,
      matchId,
    );
    edit('DELETE FROM appeal_cases WHERE match_id = ?', matchId);
    const text = (await check()).lines.join('\n');
    expect(text).toContain(
      `match_views (match_id="${matchId}") state $.players[0].name: read model "Someone Else", rebuild "Ana Sousa"`,
    );
    expect(text).toMatch(/appeal_cases \(match_id=".*", appeal_id=".*"\): in the rebuild, missing/);
  });

  it('the server rebuilds, instead of serving, a read model whose checkpoint is ahead of the ledger', async () => {
    edit(`UPDATE checkpoints SET position = '999999' WHERE projection = 'matches'`);
    const store = new SqliteEventStore({ filename: ledger, synchronous: 'NORMAL' });
    const model = new ReadModel(views);
    expect(await readModelAhead(store, model)).toBe(true);
    model.close();
    await store.close();
    const server = await startServer(dir);
    try {
      const res = await server.gql(`query($id: String!) { match(id: $id) { players { name } } }`, {
        id: matchId,
      });
      expect(res.data?.match.players[0].name).toBe('Ana Sousa');
    } finally {
      await server.close();
    }
    expect((await check()).ok).toBe(true);
  }, 60_000);
});
