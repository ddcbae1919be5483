import {
  decide,
  evolve,
  standings,
  type LedgerEvent,
  type MatchCommand,
  type MatchState,
} from '../../src/domain';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import { MatchProjector } from '../../src/projections/match-projector';
import { ReadModel } from '../../src/projections/read-model';
import { RegistryQueryService } from '../../src/registry/registry-queries.service';
import { registryProjection } from '../../src/registry/registry.projection';
import { amendedMatch } from '../support/amended-match';
import { appendRecorded, tickingClock } from '../support/recorded-ledger';
import { nextCommand, rng } from '../support/simulator';

const PLAYERS = 4;

// A match between two of the players, played through the engine for `steps` commands (to the
// end when enough), in a competition.
function played(i: number, random: () => number, steps: number): LedgerEvent[][] {
  const a = Math.floor(random() * PLAYERS);
  const b = (a + 1 + Math.floor(random() * (PLAYERS - 1))) % PLAYERS;
  const schedule: MatchCommand = {
    type: 'ScheduleMatch',
    matchId: `m${i}`,
    discipline: 'NINE_BALL',
    ruleProfile: 'WPA',
    raceTo: 2,
    players: [
      { id: `lic-${a}`, name: `Player ${a}` },
      { id: `lic-${b}`, name: `Player ${b}` },
    ],
    breakOrder: 'WINNER',
    refereePresent: true,
    competition: null,
  };
  const batches = [decide(schedule, null)];
  const scheduled = batches[0][0] as Extract<LedgerEvent, { type: 'MatchScheduled' }>;
  scheduled.data.competitionId = i % 3 ? 'league' : 'cup';
  let state: MatchState = evolve(null, scheduled);
  for (let step = 0; state.status !== 'COMPLETED' && step < steps; step++) {
    const events = decide(nextCommand(state, random), state);
    batches.push(events);
    for (const e of events) state = evolve(state, e);
  }
  return batches;
}

// The table as computed from every match of the competition (how the standings were read before
// the read model kept them as rows).
function fromScratch(rm: ReadModel, competitionId: string) {
  const rows = rm.database
    .prepare<
      [string],
      Record<string, string | number | null>
    >('SELECT player_a, player_b, status, winner, games_a, games_b FROM registry_matches WHERE competition_id = ?')
    .all(competitionId);
  return standings(
    rows.map((r) => ({
      players: [r.player_a as string, r.player_b as string],
      winner: r.status === 'COMPLETED' ? (r.winner as string) : null,
      games: [r.games_a as number, r.games_b as number],
    })),
  );
}

describe("a competition's standings kept as rows", () => {
  it('equal the table computed from its matches, live and rebuilt, results amended or not', async () => {
    const random = rng(9);
    const matches: { id: string; batches: LedgerEvent[][] }[] = [];
    // Some matches left unfinished (their players drawn in with nothing played).
    for (let i = 0; i < 24; i++)
      matches.push({ id: `m${i}`, batches: played(i, random, i % 5 === 4 ? 6 : 5000) });
    // Matches between p1 and p2 with a shot corrected or an appeal allowed after it was played.
    for (let seed = 1; matches.length < 30; seed++) {
      const m = amendedMatch({
        seed,
        discipline: 'NINE_BALL',
        nth: 2,
        later: 2,
        matchId: `a${seed}`,
      });
      if (!m) continue;
      const scheduled = m.recorded[0][0] as Extract<LedgerEvent, { type: 'MatchScheduled' }>;
      scheduled.data.competitionId = 'league';
      matches.push({ id: `a${seed}`, batches: m.recorded });
    }
    const store = new SqliteEventStore({ filename: ':memory:' });
    const live = new ReadModel(':memory:', [registryProjection]);
    const projector = new MatchProjector(store, live);
    const clock = tickingClock();
    for (let i = 0; matches.some((m) => i < m.batches.length); i++)
      for (const m of matches)
        if (i < m.batches.length) {
          await appendRecorded(store, m.id, [m.batches[i]], clock, i);
          await projector.catchUp();
        }
    const rebuilt = new ReadModel(':memory:', [registryProjection]);
    await new MatchProjector(store, rebuilt).catchUp();
    for (const competition of ['league', 'cup']) {
      const expected = fromScratch(live, competition);
      expect(expected.length).toBeGreaterThanOrEqual(PLAYERS);
      // The head-to-head tie-break is exercised.
      if (competition === 'league') expect(expected.some((r) => r.headToHeadWins > 0)).toBe(true);
      for (const rm of [live, rebuilt]) {
        const table = new RegistryQueryService(rm).standings(competition);
        expect(table.map(({ displayName: _, ...row }) => row)).toEqual(expected);
      }
    }
    // Every kept row equals its sum over the matches (unfinished ones included).
    const kept = 'SELECT * FROM registry_standings ORDER BY competition_id, player';
    const summed = `SELECT competition_id, player, count(*) AS matches,
        sum(done) AS played, sum(done AND winner IS player) AS won,
        sum(done AND winner IS NOT player) AS lost, sum(done * mine) AS games_for,
        sum(done * theirs) AS games_against FROM (
          SELECT competition_id, player_a AS player, games_a AS mine, games_b AS theirs, winner,
            status = 'COMPLETED' AND winner IS NOT NULL AS done FROM registry_matches
          UNION ALL SELECT competition_id, player_b, games_b, games_a, winner,
            status = 'COMPLETED' AND winner IS NOT NULL FROM registry_matches)
        GROUP BY 1, 2 ORDER BY 1, 2`;
    for (const rm of [live, rebuilt])
      expect(rm.database.prepare(kept).all()).toEqual(live.database.prepare(summed).all());
    expect(live.database.prepare(kept).all()).toHaveLength(2 * PLAYERS + 2);
    for (const rm of [live, rebuilt]) rm.close();
  });
});
