import fc from 'fast-check';
import { isPlay } from '../../src/domain/match/amendments/history';
import {
  effectiveHistory,
  statsOfHistory,
  statsOfRecorded,
  tallyOfRecorded,
  totalOf,
  type PlayerGameStats,
} from '../../src/domain/stats';
import { simulateMatch } from '../support/simulator';
import { recordedHistory } from '../support/decider-spec';
import { amendedMatch } from '../support/amended-match';

// Play figures only: appeals filed and allowed are counted from the record, not from play.
const play = (rows: PlayerGameStats[]) =>
  rows
    .map((r) => ({ ...r, counters: { ...r.counters, appealsFiled: 0, appealsAllowed: 0 } }))
    .sort((a, b) => a.game - b.game || a.player.localeCompare(b.player));

describe('effective history', () => {
  it('is the history recorded directly with the amended shot, and gives the same stats', () => {
    const kinds = new Set<string>();
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.constantFrom('EIGHT_BALL', 'NINE_BALL', 'TEN_BALL' as const),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 0, max: 6 }),
        (seed, discipline, nth, later) => {
          const m = amendedMatch({ seed, discipline, nth, later });
          fc.pre(m !== null);
          kinds.add(m!.amendment);
          const recorded = recordedHistory(m!.recorded.flat()).events;
          const direct = m!.direct.flat().filter((e) => e.type === 'MatchScheduled' || isPlay(e));
          expect(effectiveHistory(recorded)).toEqual(direct);
          expect(play(statsOfRecorded(recorded).rows)).toEqual(
            play(statsOfHistory(direct).result().rows),
          );
        },
      ),
      { numRuns: 40, seed: 20261130 },
    );
    // Both paths were exercised: corrections and allowed appeals.
    expect(kinds).toEqual(new Set(['ShotCorrected', 'AppealDecided']));
  });
});

describe('per-player totals kept as the tally runs', () => {
  it('equal the sum (maximum for the longest run) of the player rows, in every simulated match', () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const sim = simulateMatch(seed, { matchId: `totals-${seed}`, raceTo: 4 });
      const stats = tallyOfRecorded(recordedHistory(sim.events).events).tally.result();
      const players = new Set(stats.rows.map((r) => r.player));
      expect(players.size).toBe(2);
      for (const p of players)
        expect(stats.totals.get(p)).toEqual(
          totalOf(stats.rows.filter((r) => r.player === p).map((r) => r.counters)),
        );
    }
  });
});
