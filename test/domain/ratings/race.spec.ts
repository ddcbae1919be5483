import fc from 'fast-check';
import {
  fairRace,
  gameWinProbability,
  raceWinProbability,
  raceWinProbabilityFor,
  RatingsError,
} from '../../../src/domain/ratings';

describe('race win probability', () => {
  it('is the negative-binomial sum worked out by hand', () => {
    // Race to 2 against race to 2 at p: win 2-0 (p²) or 2-1 (2·p²·q).
    expect(raceWinProbabilityFor(0.6, 2, 2)).toBeCloseTo(0.36 + 2 * 0.36 * 0.4, 12);
    // Race to 1 against 3: A needs one game before B wins three: 1 - q³.
    expect(raceWinProbabilityFor(0.3, 1, 3)).toBeCloseTo(1 - 0.7 ** 3, 12);
    // Even players in an even race: exactly a coin toss.
    expect(raceWinProbability(500, 500, 7, 7)).toBeCloseTo(0.5, 12);
  });

  it('is complementary: P(A wins a-to-b) + P(B wins b-to-a) = 1', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 900 }),
        fc.integer({ min: 0, max: 900 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 20 }),
        (ra, rb, a, b) =>
          Math.abs(raceWinProbability(ra, rb, a, b) + raceWinProbability(rb, ra, b, a) - 1) < 1e-9,
      ),
    );
  });

  it('is monotone: better for A with a higher rating, a shorter race for A, a longer one for B', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 900 }),
        fc.integer({ min: 100, max: 900 }),
        fc.integer({ min: 1, max: 14 }),
        fc.integer({ min: 1, max: 14 }),
        (ra, rb, a, b) => {
          const p = raceWinProbability(ra, rb, a, b);
          return (
            raceWinProbability(ra + 10, rb, a, b) >= p - 1e-12 &&
            raceWinProbability(ra, rb, a + 1, b) <= p + 1e-12 &&
            raceWinProbability(ra, rb, a, b + 1) >= p - 1e-12
          );
        },
      ),
    );
  });

  it('refuses a race outside 1..50 with a code', () => {
    expect(() => raceWinProbability(500, 500, 0, 3)).toThrow(RatingsError);
    expect(() => raceWinProbability(500, 500, 3, 51)).toThrow(
      expect.objectContaining({ code: 'INVALID_RACE' }),
    );
    expect(() => fairRace(500, 500, 2.5)).toThrow(
      expect.objectContaining({ code: 'INVALID_RACE' }),
    );
  });
});

describe('fair race', () => {
  it('gives even players the longest even race', () => {
    expect(fairRace(612, 612, 9)).toMatchObject({ raceA: 9, raceB: 9 });
    expect(fairRace(612, 612, 9).probabilityA).toBeCloseTo(0.5, 9);
  });

  it('makes the stronger player win more games, and is the closest to even of all races', () => {
    const r = fairRace(650, 500, 11);
    expect(r.raceA).toBeGreaterThan(r.raceB);
    const p = gameWinProbability(650, 500);
    for (let a = 1; a <= 11; a++)
      for (let b = 1; b <= 11; b++)
        expect(Math.abs(raceWinProbabilityFor(p, a, b) - 0.5)).toBeGreaterThanOrEqual(
          Math.abs(r.probabilityA - 0.5) - 1e-9,
        );
  });

  it('is symmetric: swapping the players swaps the races and complements the probability', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 200, max: 800 }),
        fc.integer({ min: 200, max: 800 }),
        fc.integer({ min: 1, max: 15 }),
        (ra, rb, max) => {
          const ab = fairRace(ra, rb, max);
          const ba = fairRace(rb, ra, max);
          return (
            ab.raceA === ba.raceB &&
            ab.raceB === ba.raceA &&
            Math.abs(ab.probabilityA + ba.probabilityA - 1) < 1e-12
          );
        },
      ),
    );
  });

  it('is monotone: a wider rating gap never gives the stronger player a smaller share of the games', () => {
    // The share of the race the stronger player must win, as the gap widens.
    let share = 0;
    for (let gap = 0; gap <= 400; gap += 5) {
      const r = fairRace(500 + gap, 500, 15);
      const s = r.raceA / (r.raceA + r.raceB);
      expect(s).toBeGreaterThanOrEqual(share - 0.05);
      share = Math.max(share, s);
    }
    expect(share).toBeGreaterThan(0.7);
  });
});
