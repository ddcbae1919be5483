// Shared by the bench sections: how many runs, and how figures are printed.

// BENCH_RUNS=3 prints min/median/max of three runs.
export const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));

export interface Spread {
  min: number;
  median: number;
  max: number;
}

// The median of an even count is the mean of the middle two, as the load bench's (load/stats.ts).
export function spreadOf(xs: readonly number[]): Spread {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  const median = s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
  return { min: s[0], median, max: s[s.length - 1] };
}

export function median(xs: readonly number[]): number {
  return spreadOf(xs).median;
}

export const int = (n: number): string => Math.round(n).toLocaleString('en-US');
export const fmt = (n: number): string => `${int(n)}/s`;
export const ratio = (a: number, b: number): string => `${(a / b).toFixed(2)}×`;

// "min/median/max" with a unit or a formatter.
export function spread(s: Spread, show: (n: number) => string = int): string {
  return `${show(s.min)}/${show(s.median)}/${show(s.max)}`;
}

export const seconds = (t0: bigint): number => Number(process.hrtime.bigint() - t0) / 1e9;

// Runs `fn` RUNS times and returns the rate of each run (events per second).
export async function rates(events: number, fn: () => unknown): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = process.hrtime.bigint();
    await fn();
    out.push(events / seconds(t0));
  }
  return out;
}

// A gate or target line: PASS or FAIL on the median of the runs' figures, with min/median/max.
export function verdict(
  name: string,
  figures: readonly number[],
  ok: (median: number) => boolean,
  show: (n: number) => string = (n) => `${n.toFixed(2)}×`,
): string {
  if (figures.length === 0 || figures.some((x) => !Number.isFinite(x)))
    return `  FAIL  ${name}: not measured`;
  const s = spreadOf(figures);
  return `  ${ok(s.median) ? 'PASS' : 'FAIL'}  ${name}: ${spread(s, show)}`;
}
