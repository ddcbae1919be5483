import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STAT_COUNTERS, STAT_RATIOS } from '../../src/domain/stats';
import { AuditIndex } from '../../src/projections/audit-index';
import { MatchProjector } from '../../src/projections/match-projector';
import { ReadModel } from '../../src/projections/read-model';
import { StatsQueries, type StatsFilter } from '../../src/stats/stats-queries';
import { statsProjection } from '../../src/stats/stats.projection';
import { statsSeason } from '../support/stats-season';

// Each player's totals per discipline, rule profile and competition, summed from the match rows.
function fromScratch(rm: ReadModel): unknown[] {
  const sums = STAT_COUNTERS.map((c) => c.replace(/[A-Z]/g, (x) => `_${x.toLowerCase()}`)).map(
    (c) => (c === 'longest_run' ? `MAX(${c}) AS ${c}` : `SUM(${c}) AS ${c}`),
  );
  return rm.database
    .prepare(
      `SELECT player, discipline, rule_profile, COALESCE(competition_id, '') AS competition_key,
       MAX(player_name) AS player_name, COUNT(*) AS matches, ${sums.join(', ')}
       FROM stat_player_matches GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
    )
    .all();
}

describe('stats totals kept by the projection', () => {
  it('equal a computation from the match rows, and give the same leaderboards and CSV rows', async () => {
    const { store, live } = await statsSeason(12);
    const kept = live.database
      .prepare('SELECT * FROM stat_player_totals ORDER BY 1, 2, 3, 4')
      .all();
    expect(kept.length).toBeGreaterThanOrEqual(18);
    expect(kept).toEqual(fromScratch(live));

    // The same from a rebuild, where each match arrives whole.
    const rebuilt = new ReadModel(':memory:', [statsProjection()]);
    await new MatchProjector(store, rebuilt).catchUp();
    expect(
      rebuilt.database.prepare('SELECT * FROM stat_player_totals ORDER BY 1, 2, 3, 4').all(),
    ).toEqual(kept);

    // A filter by period reads the match rows: every date kept, it is the from-scratch answer.
    const q = new StatsQueries(live.database);
    const filters: StatsFilter[] = [
      {},
      { discipline: 'NINE_BALL' },
      { competitionId: 'league' },
      { ruleProfile: 'FPB', competitionId: 'cup' },
      // By opponent: the pair totals.
      { opponent: 'p2' },
      { opponent: 'p3', discipline: 'NINE_BALL', competitionId: 'league' },
    ];
    const page = { first: 50, after: null, ascending: false };
    for (const f of filters) {
      const scratch = { ...f, from: '0000' };
      for (const stat of [...STAT_COUNTERS, ...STAT_RATIOS])
        expect(q.leaderboard(stat, f, 1, page)).toEqual(q.leaderboard(stat, scratch, 1, page));
      expect(q.allPlayers(f, 0)).toEqual(q.allPlayers(scratch, 0));
    }
    for (const rm of [live, rebuilt]) rm.close();
  });

  it('are summed once at the end of a replay, and at the next open after a replay that stopped', async () => {
    const { store, live } = await statsSeason(12);
    const totals = (db: Database.Database) =>
      ['stat_player_totals', 'stat_pair_totals', 'stat_foul_totals', 'stat_pair_foul_totals'].map(
        (t) => db.prepare(`SELECT * FROM ${t} ORDER BY 1, 2, 3, 4, 5, 6`).all(),
      );
    const triggers = (db: Database.Database) =>
      db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'trigger'").pluck().get();
    const expected = totals(live.database);
    const dir = mkdtempSync(join(tmpdir(), 'cue-ledger-totals-'));
    try {
      const file = join(dir, 'read-model.sqlite');
      const stopped = new ReadModel(file, [statsProjection()]);
      // The process stops after the replay's last commit, before the totals are summed.
      jest.spyOn(stopped, 'endBulkLoad').mockImplementation(() => undefined);
      await new MatchProjector(store, stopped).catchUp();
      stopped.close();
      const raw = new Database(file, { readonly: true });
      expect(raw.prepare('SELECT count(*) FROM stat_player_matches').pluck().get()).toBe(24);
      expect(triggers(raw)).toBe(0);
      expect(totals(raw).flat()).toEqual([]);
      raw.close();

      const reopened = new ReadModel(file, [statsProjection()]);
      expect(totals(reopened.database)).toEqual(expected);
      // Kept from then on by the triggers, as the live read model's are.
      expect(triggers(reopened.database)).toBe(triggers(live.database));
      expect(triggers(live.database)).toBeGreaterThan(0);
      reopened.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
      live.close();
    }
  });

  it('are kept again after a replay whose audit index failed to finish', async () => {
    const { store, live } = await statsSeason(6);
    const rm = new ReadModel(':memory:', [statsProjection()]);
    jest.spyOn(AuditIndex.prototype, 'endBulkLoad').mockImplementationOnce(() => {
      throw new Error('disk full');
    });
    await expect(new MatchProjector(store, rm).catchUp()).rejects.toThrow('disk full');
    expect(fromScratch(rm)).toHaveLength(fromScratch(live).length);
    // Kept by the triggers from then on: a row changed in place changes the totals.
    rm.database.prepare('UPDATE stat_player_matches SET games_played = games_played + 5').run();
    expect(
      rm.database.prepare('SELECT * FROM stat_player_totals ORDER BY 1, 2, 3, 4').all(),
    ).toEqual(fromScratch(rm));
    for (const m of [rm, live]) m.close();
  });
});
