import { RatingsError } from './errors';
import { gameWinProbability } from './model';

// Race lengths are whole games; longer than this is not a pool match (and the sums stay cheap).
export const LONGEST_RACE = 50;
export const DEFAULT_MAX_RACE = 15;

function requireRace(n: number, what: string): void {
  if (!Number.isInteger(n) || n < 1 || n > LONGEST_RACE)
    throw new RatingsError(
      'INVALID_RACE',
      `${what} must be a whole number from 1 to ${LONGEST_RACE}`,
    );
}

// P(A, winning each game with probability p, reaches raceA wins before B reaches raceB): a
// negative-binomial sum over how many games k < raceB B wins before A's last win.
export function raceWinProbabilityFor(p: number, raceA: number, raceB: number): number {
  requireRace(raceA, 'raceA');
  requireRace(raceB, 'raceB');
  if (!(p >= 0 && p <= 1)) throw new RatingsError('INVALID_RACE', 'p must be a probability');
  const q = 1 - p;
  let term = Math.pow(p, raceA);
  let sum = term;
  for (let k = 1; k < raceB; k++) {
    term *= ((raceA - 1 + k) / k) * q;
    sum += term;
  }
  return Math.min(1, sum);
}

export function raceWinProbability(ratingA: number, ratingB: number, raceA: number, raceB: number) {
  return raceWinProbabilityFor(gameWinProbability(ratingA, ratingB), raceA, raceB);
}

export interface FairRace {
  raceA: number;
  raceB: number;
  // P(A wins the match) at these race lengths.
  probabilityA: number;
}

// The race lengths (each from 1 to maxRace) that bring the match closest to even; among equally
// close races (to 1e-9) the longest, where skill shows most. Worked out with the stronger player
// as A and mirrored back, so fairRace(a, b) is exactly fairRace(b, a) mirrored.
export function fairRace(
  ratingA: number,
  ratingB: number,
  maxRace: number = DEFAULT_MAX_RACE,
): FairRace {
  requireRace(maxRace, 'maxRace');
  if (ratingA < ratingB) {
    const r = fairRace(ratingB, ratingA, maxRace);
    return { raceA: r.raceB, raceB: r.raceA, probabilityA: 1 - r.probabilityA };
  }
  const p = gameWinProbability(ratingA, ratingB);
  let best: FairRace = { raceA: 1, raceB: 1, probabilityA: p };
  let bestGap = Infinity;
  for (let a = 1; a <= maxRace; a++)
    for (let b = 1; b <= a; b++) {
      const probabilityA = raceWinProbabilityFor(p, a, b);
      const gap = Math.abs(probabilityA - 0.5);
      const closer = gap < bestGap - 1e-9;
      const asClose = Math.abs(gap - bestGap) <= 1e-9;
      if (closer || (asClose && a + b > best.raceA + best.raceB)) {
        best = { raceA: a, raceB: b, probabilityA };
        bestGap = Math.min(gap, bestGap);
      }
    }
  return best;
}
