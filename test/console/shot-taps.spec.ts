import { simulatedTaps } from './shot-taps';

// The console's composer makes every shot of simulated matches, and the common shots take at
// most three taps (a legal miss, the called ball in the called pocket, a scratch).
describe('console taps over simulated matches', () => {
  it.each([
    ['EIGHT_BALL', 1],
    ['NINE_BALL', 2],
    ['TEN_BALL', 3],
  ] as const)('%s: every shot can be entered, median at most 2.5 taps', (discipline, seed) => {
    const shots = simulatedTaps(seed, discipline);
    const missing = shots.filter((s) => s.taps === null);
    expect(missing.map((m) => m.command)).toEqual([]);
    const counts = shots.map((s) => s.taps!.length).sort((a, b) => a - b);
    expect(counts[Math.floor(counts.length / 2)]).toBeLessThanOrEqual(2.5);
  });
});
