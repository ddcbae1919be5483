import {
  fitRatings,
  gameWinProbability,
  STARTER_RATING,
  type RatedGame,
} from '../../../src/domain/ratings';
import { simulateGames } from './simulated-games';

describe('rating model', () => {
  it('puts 2:1 odds per game at a 100-point difference, 4:1 at 200', () => {
    expect(gameWinProbability(600, 500)).toBeCloseTo(2 / 3, 12);
    expect(gameWinProbability(700, 500)).toBeCloseTo(4 / 5, 12);
    expect(gameWinProbability(500, 500)).toBe(0.5);
    expect(gameWinProbability(500, 600)).toBeCloseTo(1 / 3, 12);
  });

  it('recovers known skills from 40,000 simulated games within 25 points (about 4 standard errors)', () => {
    // 40 players from 300 to 690, 2,000 games each on average: a standard error near 7 points.
    const skills = new Map(
      Array.from({ length: 40 }, (_, i) => [`p${String(i).padStart(2, '0')}`, 300 + 10 * i]),
    );
    const fit = fitRatings(simulateGames(skills, 40_000, 7));
    expect(fit.converged).toBe(true);
    for (const [player, skill] of skills) {
      const r = fit.ratings.get(player)!;
      expect(Math.abs(r.rating - skill)).toBeLessThan(25);
      expect(r.uncertainty).toBeGreaterThan(4);
      expect(r.uncertainty).toBeLessThan(10);
      expect(r.games).toBeGreaterThan(1500);
    }
    // The ordering of well-separated players survives: 100 points apart is always ranked right.
    const rated = (p: string) => fit.ratings.get(p)!.rating;
    for (let i = 0; i + 10 < 40; i++)
      expect(rated(`p${String(i + 10).padStart(2, '0')}`)).toBeGreaterThan(
        rated(`p${String(i).padStart(2, '0')}`),
      );
  });

  it('holds a player with few games near the starter rating (the prior), and counts the games', () => {
    const fit = fitRatings([{ winner: 'a', loser: 'b' }]);
    const a = fit.ratings.get('a')!;
    const b = fit.ratings.get('b')!;
    // One win against one loss, each beside one pseudo-win and one pseudo-loss at the starter.
    expect(a.rating).toBeGreaterThan(STARTER_RATING);
    expect(a.rating).toBeLessThan(STARTER_RATING + 100);
    expect(a.rating - STARTER_RATING).toBeCloseTo(STARTER_RATING - b.rating, 6);
    expect(a).toMatchObject({ games: 1, wins: 1 });
    expect(b).toMatchObject({ games: 1, wins: 0 });
  });

  it('gives an unbeaten player a finite rating that grows with the wins', () => {
    const wins = (n: number): RatedGame[] =>
      Array.from({ length: n }, () => ({ winner: 'a', loser: 'b' }));
    const r5 = fitRatings(wins(5)).ratings.get('a')!.rating;
    const r50 = fitRatings(wins(50)).ratings.get('a')!.rating;
    expect(Number.isFinite(r50)).toBe(true);
    expect(r50).toBeGreaterThan(r5);
  });

  it('is deterministic: the same games in any order give the same ratings', () => {
    const skills = new Map([
      ['x', 400],
      ['y', 500],
      ['z', 650],
    ]);
    const games = simulateGames(skills, 600, 3);
    const a = fitRatings(games);
    const b = fitRatings([...games].reverse());
    for (const p of skills.keys()) expect(b.ratings.get(p)).toEqual(a.ratings.get(p));
  });

  it('reaches the maximum of the posterior: the gradient vanishes at the fit', () => {
    const skills = new Map([
      ['x', 420],
      ['y', 520],
      ['z', 610],
      ['w', 480],
    ]);
    const games = simulateGames(skills, 2_000, 11);
    const fit = fitRatings(games, { tolerance: 1e-9 });
    for (const p of skills.keys()) {
      const r = fit.ratings.get(p)!.rating;
      let expectedWins = 1 - gameWinProbability(r, STARTER_RATING) * 2 + 0; // prior: 1 won of 2
      for (const g of games) {
        if (g.winner === p) expectedWins -= gameWinProbability(r, fit.ratings.get(g.loser)!.rating);
        if (g.loser === p) expectedWins -= gameWinProbability(r, fit.ratings.get(g.winner)!.rating);
      }
      expect(Math.abs(fit.ratings.get(p)!.wins + expectedWins)).toBeLessThan(1e-6);
    }
  });
});
