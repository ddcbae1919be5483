import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import { MatchProjector } from '../../src/projections/match-projector';
import { ReadModel } from '../../src/projections/read-model';
import { statsProjection } from '../../src/stats/stats.projection';
import { loadLegacyLedger } from '../support/legacy-ledger';

// The ledger recorded before the re-cut (corrections, appeals, sign-off, every discipline) feeds
// the stats read model, and its figures agree with the match views it was projected beside.
describe('stats of the legacy ledger', () => {
  it('projects every match, with games and matches won as the match views score them', async () => {
    const store = new SqliteEventStore({ filename: ':memory:' });
    await loadLegacyLedger(store);
    const rm = new ReadModel(':memory:', [statsProjection()]);
    await new MatchProjector(store, rm).catchUp();
    const rows = rm.database
      .prepare('SELECT match_id, player, games_won, matches_won FROM stat_player_matches')
      .all() as { match_id: string; player: string; games_won: number; matches_won: number }[];
    expect(new Set(rows.map((r) => r.match_id)).size).toBe(rm.matchCount());
    for (const r of rows) {
      const state = rm.match(r.match_id)!;
      expect([r.match_id, r.player, r.games_won]).toEqual([
        r.match_id,
        r.player,
        state.score[r.player] ?? 0,
      ]);
      const won = state.status === 'COMPLETED' && state.winner === r.player ? 1 : 0;
      expect([r.match_id, r.player, r.matches_won]).toEqual([r.match_id, r.player, won]);
    }
    rm.close();
  });
});
