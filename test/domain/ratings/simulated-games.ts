import { gameWinProbability, type RatedGame } from '../../../src/domain/ratings';

// A seeded generator (mulberry32): the same seed gives the same games on every run.
export function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Games between random pairs of players whose true ratings are given, each won with the model's
// probability: what a season would record if the model were exactly right.
export function simulateGames(
  skills: ReadonlyMap<string, number>,
  count: number,
  seed: number,
): RatedGame[] {
  const random = seeded(seed);
  const ids = [...skills.keys()];
  const games: RatedGame[] = [];
  while (games.length < count) {
    const a = ids[Math.floor(random() * ids.length)];
    const b = ids[Math.floor(random() * ids.length)];
    if (a === b) continue;
    const aWins = random() < gameWinProbability(skills.get(a)!, skills.get(b)!);
    games.push(aWins ? { winner: a, loser: b } : { winner: b, loser: a });
  }
  return games;
}
