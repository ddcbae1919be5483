import type { EventStore } from '../../src/ledger/event-store';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import { MatchProjector } from '../../src/projections/match-projector';
import { ReadModel } from '../../src/projections/read-model';
import { StatsQueries } from '../../src/stats/stats-queries';
import { statsProjection } from '../../src/stats/stats.projection';
import type { Clock } from '../../src/ledger/clock';
import { A, B, NINE, down, legalBreak, rack, safeMiss } from '../domain/rotation-scenarios';
import { revisionOf, type Table } from '../support/match-fixtures';
import { appendRecorded, tickingClock } from '../support/recorded-ledger';

// A hand-played match appended under its own id and competition.
async function record(
  store: EventStore,
  t: Table,
  id: string,
  competitionId: string,
  clock: Clock,
) {
  const [scheduled, ...rest] = t.history;
  const data = { ...(scheduled.data as object), matchId: id, competitionId };
  await appendRecorded(
    store,
    id,
    [[{ ...scheduled, data } as typeof scheduled], ...rest.map((e) => [e])],
    clock,
  );
}

describe('stats queries: filters, appeals per competition, ordering', () => {
  let rm: ReadModel;
  let q: StatsQueries;

  beforeAll(async () => {
    // The cup match: Bruno's appeal is dismissed, Ana's is allowed and awards her the game.
    const cup = rack(NINE, { raceTo: 1 });
    legalBreak(cup);
    safeMiss(cup, B);
    cup.run({
      type: 'FileAppeal',
      by: B,
      againstRevision: revisionOf(cup, 'ShotPlayed', 1),
      grounds: 'short',
      proposal: { kind: 'REPLAY_GAME' },
    });
    cup.run({
      type: 'DecideAppeal',
      appealId: 'A1',
      decidedBy: 'committee',
      outcome: 'DISMISSED',
      reason: 'no',
    });
    cup.run({
      type: 'FileAppeal',
      by: A,
      againstRevision: revisionOf(cup, 'ShotPlayed', 2),
      grounds: 'conduct',
      proposal: { kind: 'AWARD_GAME', player: A },
    });
    cup.run({
      type: 'DecideAppeal',
      appealId: 'A2',
      decidedBy: 'committee',
      outcome: 'ALLOWED',
      reason: 'yes',
    });
    // The league match: Ana breaks and runs out.
    const league = rack(NINE, { raceTo: 1 });
    legalBreak(league, down([1, 'FL']));
    for (let b = 2; b <= 9; b++)
      league.shoot(A, { firstContact: b, pocketed: [{ ball: b, pocket: 'FL' }] });

    const store = new SqliteEventStore({ filename: ':memory:' });
    const clock = tickingClock(Date.parse('2026-05-01T10:00:00.000Z'));
    await record(store, cup, 'cup-1', 'cup', clock);
    await record(store, league, 'league-1', 'league', clock);
    rm = new ReadModel(':memory:', [statsProjection()]);
    await new MatchProjector(store, rm).catchUp();
    q = new StatsQueries(rm.database);
  });
  afterAll(() => rm.close());

  it('counts appeals filed and allowed per competition', () => {
    expect(q.appeals({})).toEqual({ filed: 2, allowed: 1 });
    expect(q.appeals({ competitionId: 'cup' })).toEqual({ filed: 2, allowed: 1 });
    expect(q.appeals({ competitionId: 'league' })).toEqual({ filed: 0, allowed: 0 });
  });

  it('filters by competition and by period (a match is dated when its schedule was recorded)', () => {
    expect(q.player(A, { competitionId: 'league' }).counters).toMatchObject({
      breakAndRuns: 1,
      matchesWon: 1,
    });
    expect(q.player(A, { competitionId: 'cup' }).counters).toMatchObject({
      breakAndRuns: 0,
      matchesWon: 1,
    });
    const leagueDay = rm.database
      .prepare("SELECT played_on FROM stat_matches WHERE match_id = 'league-1'")
      .get() as { played_on: string };
    expect(q.player(A, { from: leagueDay.played_on }).counters.matchesPlayed).toBe(1);
    expect(q.player(A, { to: leagueDay.played_on }).counters.matchesPlayed).toBe(2);
    expect(q.player(A, { to: '2026-04-30T00:00:00.000Z' }).counters.matchesPlayed).toBe(0);
  });

  it('orders a leaderboard lowest first when asked', () => {
    const page = q.leaderboard('gamesWon', {}, 0, { first: 5, after: null, ascending: true });
    expect(page.rows.map((r) => [r.player, r.value])).toEqual([
      [B, 0],
      [A, 2],
    ]);
  });
});
