// Pure helpers of the load bench: percentiles of latency samples and min/median/max of figures
// repeated over several runs.

// Nearest-rank percentile (p in 0–100) of unsorted samples; NaN when there are none.
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export interface Spread {
  min: number;
  median: number;
  max: number;
}

export function spread(values: readonly number[]): Spread {
  const finite = values.filter((v) => Number.isFinite(v));
  if (finite.length === 0) return { min: NaN, median: NaN, max: NaN };
  return { min: Math.min(...finite), median: median(finite), max: Math.max(...finite) };
}

// A number for a table cell: thousands separated, `digits` decimals, "–" when not measured.
export function num(value: number, digits = 0): string {
  if (!Number.isFinite(value)) return '–';
  return value.toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

// "min/median/max" of one figure over the runs; a single run prints the one value.
export function triple(values: readonly number[], digits = 0): string {
  const s = spread(values);
  if (!Number.isFinite(s.median)) return '–';
  if (values.length === 1) return num(s.median, digits);
  return [s.min, s.median, s.max].map((v) => num(v, digits)).join('/');
}

// Ratios taken run by run (the two figures of one run were measured side by side).
export function ratios(numerators: readonly number[], denominators: readonly number[]): number[] {
  return numerators.map((n, i) => n / denominators[i]);
}
