// The simulator's seeded randomness: the same seed plays the same matches on every machine.
export function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    // xorshift32: small, fast and deterministic.
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 0x100000000;
  };
}

export function shuffle<T>(xs: T[], random: () => number): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

// How a player's skill (0–1, 0.5 = the plain simulator) bends an outcome draw: the draw r becomes
// r^k with k from 0.5 to 2, and since a low draw is the good outcome (a pot, not a foul), a
// stronger player pots more and fouls less. Skill 0.5 leaves r exactly as drawn.
export type SkillOf = (player: string) => number;
export function edge(r: number, skill: number | undefined): number {
  return skill === undefined ? r : r ** (2 ** ((skill - 0.5) * 2));
}
