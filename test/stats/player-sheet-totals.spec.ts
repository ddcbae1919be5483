import { MAX_COUNTERS, STAT_COUNTERS, type Counters } from '../../src/domain/stats';
import { MatchProjector } from '../../src/projections/match-projector';
import { ReadModel } from '../../src/projections/read-model';
import { whereOf, type StatsFilter } from '../../src/stats/stats-queries';
import { statsProjection } from '../../src/stats/stats.projection';
import { figuresOf, StatsService, type PlayerStats } from '../../src/stats/stats.service';
import { statsSeason } from '../support/stats-season';

const snake = (c: string) => c.replace(/[A-Z]/g, (x) => `_${x.toLowerCase()}`);
const SUMMED = STAT_COUNTERS.map(
  (c) => `COALESCE(${MAX_COUNTERS.includes(c) ? 'MAX' : 'SUM'}(${snake(c)}), 0) AS ${c}`,
).join(', ');

// A player's sheet as the code before the kept totals answered it: summed over their match rows
// and the foul rows of those matches.
function summed(rm: ReadModel, player: string, filter: StatsFilter): PlayerStats {
  const db = rm.database;
  const w = whereOf(filter);
  const row = db
    .prepare(
      `SELECT MAX(player_name) AS name, ${SUMMED} FROM stat_player_matches
       WHERE ${['player = ?', ...w.sql].join(' AND ')}`,
    )
    .get(player, ...w.params) as Counters & { name: string | null };
  const { name, ...counters } = row;
  const f = whereOf(filter, 'm.');
  const fouls = db
    .prepare(
      `SELECT f.kind, f.rule, SUM(f.count) AS count FROM stat_fouls f
       JOIN stat_player_matches m ON m.match_id = f.match_id AND m.player = f.player
       WHERE ${['f.player = ?', ...f.sql].join(' AND ')}
       GROUP BY f.kind, f.rule ORDER BY count DESC, f.kind, f.rule`,
    )
    .all(player, ...f.params) as PlayerStats['foulsByKind'];
  return {
    playerId: player,
    name: name ?? player,
    stats: figuresOf(counters as Counters),
    foulsByKind: fouls,
  };
}

const PLAYERS = ['p1', 'p2', 'p3', 'nobody'];
const TABLES = ['stat_pair_totals', 'stat_foul_totals', 'stat_pair_foul_totals'];
const dump = (rm: ReadModel, t: string) =>
  rm.database.prepare(`SELECT * FROM ${t} ORDER BY 1, 2, 3, 4, 5, 6`).all();

describe("a player's sheet and head to head from the kept totals", () => {
  it('equal the sums over the match rows for every filter, after corrections and allowed appeals, live and rebuilt', async () => {
    const { store, live, amendments } = await statsSeason(54);
    // Both kinds of amendment changed matches after the fact.
    expect(amendments.ShotCorrected).toBeGreaterThan(0);
    expect(amendments.AppealDecided).toBeGreaterThan(0);
    // Pair totals that add up several matches, so a total that overwrites instead of adding shows.
    const most = live.database.prepare('SELECT max(matches) FROM stat_pair_totals').pluck().get();
    expect(most).toBeGreaterThan(1);
    const rebuilt = new ReadModel(':memory:', [statsProjection()]);
    await new MatchProjector(store, rebuilt).catchUp();
    for (const t of TABLES) expect(dump(rebuilt, t)).toEqual(dump(live, t));
    // Emptied in place (the totals' triggers dropped meanwhile) and projected again: the same.
    const kept = [...TABLES, 'stat_player_totals'];
    const before = kept.map((t) => dump(live, t));
    live.reset();
    for (const t of kept) expect(dump(live, t)).toEqual([]);
    await new MatchProjector(store, live).catchUp();
    expect(kept.map((t) => dump(live, t))).toEqual(before);

    const dates = live.database
      .prepare('SELECT played_on FROM stat_matches ORDER BY played_on')
      .pluck()
      .all() as string[];
    const [early, late] = [dates[5], dates[20]];
    const filters: StatsFilter[] = [
      {},
      { discipline: 'NINE_BALL' },
      { ruleProfile: 'FPB' },
      { competitionId: 'league' },
      { competitionId: 'cup', discipline: 'TEN_BALL' },
      { competitionId: 'none' },
      { from: early },
      { from: early, to: late, discipline: 'EIGHT_BALL' },
      { to: late, competitionId: 'league' },
    ];
    const service = new StatsService(live);
    let fouls = 0;
    for (const f of filters)
      for (const p of PLAYERS) {
        expect(service.playerStats(p, f)).toEqual(summed(live, p, f));
        fouls += service.playerStats(p, f).foulsByKind.length;
        // Head to head: each side is the player's sheet against the other.
        for (const o of PLAYERS.filter((x) => x !== p)) {
          const h2h = service.headToHead(p, o, f);
          expect(h2h.a).toEqual(summed(live, p, { ...f, opponent: o }));
          expect(h2h.b).toEqual(summed(live, o, { ...f, opponent: p }));
        }
      }
    expect(fouls).toBeGreaterThan(0);
    // Three pairs met: every player has two opponents' totals.
    const pairs = live.database
      .prepare('SELECT DISTINCT player, opponent FROM stat_pair_totals')
      .all();
    expect(pairs).toHaveLength(6);
    for (const rm of [live, rebuilt]) rm.close();
  });

  it('read a player without their match rows, and a period through the index by player and date', async () => {
    const { live } = await statsSeason(3);
    const db = live.database;
    const plan = (sql: string) =>
      (
        db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(
          ...sql
            .split('?')
            .slice(1)
            .map(() => 'x'),
        ) as {
          detail: string;
        }[]
      )
        .map((r) => r.detail)
        .join('\n');
    const spy = jest.spyOn(db, 'prepare');
    const service = new StatsService(live);
    const sqlOf = (call: () => unknown): string[] => {
      spy.mockClear();
      call();
      return spy.mock.calls.map(([sql]) => sql);
    };
    for (const f of [{}, { opponent: 'p2' }, { competitionId: 'cup', discipline: 'NINE_BALL' }])
      for (const sql of sqlOf(() => service.playerStats('p1', f)))
        expect(sql).not.toMatch(/stat_player_matches|stat_fouls /);
    const period = sqlOf(() =>
      service.playerStats('p1', { from: '2026', discipline: 'NINE_BALL', opponent: 'p2' }),
    );
    spy.mockRestore();
    expect(period).toHaveLength(2);
    for (const sql of period) expect(plan(sql)).toMatch(/stat_player_matches_by_date/);
    // Each match's foul rows by the key's prefix, never every foul row of the player per match.
    const fouls = period.find((sql) => sql.includes('stat_fouls'))!;
    expect(plan(fouls)).toMatch(/SEARCH f USING INDEX sqlite_autoindex_stat_fouls_1 \(match_id=\?/);
    live.close();
  });
});
