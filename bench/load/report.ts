import { verdict } from '../common';
import { percentile, ratios, triple } from './stats';

// Figures collected run by run, printed as min/median/max, each write figure beside its ceiling.

export class Figures {
  private readonly values = new Map<string, number[]>();

  add(key: string, value: number): void {
    const list = this.values.get(key) ?? [];
    list.push(value);
    this.values.set(key, list);
  }

  get(key: string): number[] {
    return this.values.get(key) ?? [];
  }
}

export interface Target {
  label: string;
  root: string;
}

export const SYNC_MODES = ['FULL', 'NORMAL'] as const;
export type Sync = (typeof SYNC_MODES)[number];

// Figure keys: one place, so collection and report agree.
export const key = {
  writes: (t: string, s: Sync, k: number) => `${t}:${s}:writes:${k}`,
  // The ceiling's latencies are kept under CEILING.
  latency: (t: string, s: Sync | 'CEILING', k: number, p: number) => `${t}:${s}:p${p}:${k}`,
  ceiling: (t: string, k: number) => `${t}:ceiling:${k}`,
  early: (t: string) => `${t}:long:early`,
  late: (t: string) => `${t}:long:late`,
  errors: (t: string) => `${t}:errors`,
};

export const PERCENTILES = [50, 95, 99] as const;

export function addLatencies(
  f: Figures,
  t: string,
  s: Sync | 'CEILING',
  k: number,
  ms: number[],
): void {
  for (const p of PERCENTILES) f.add(key.latency(t, s, k, p), percentile(ms, p));
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return rows
    .map((r) => ('  ' + r.map((cell, c) => cell.padEnd(widths[c])).join('   ')).trimEnd())
    .join('\n');
}

function targetSection(f: Figures, t: Target, ks: readonly number[]): string {
  const l = t.label;
  const per = (a: number[], b: number[]) => triple(ratios(a, b), 2);
  const full = (k: number) => f.get(key.writes(l, 'FULL', k));
  const normal = (k: number) => f.get(key.writes(l, 'NORMAL', k));
  const ceiling = (k: number) => f.get(key.ceiling(l, k));
  const throughput = [
    [
      'K',
      '{__typename} req/s',
      'FULL writes/s',
      '÷ ceiling',
      'NORMAL writes/s',
      '÷ ceiling',
      'FULL ÷ NORMAL',
    ],
    ...ks.map((k) => [
      String(k),
      triple(ceiling(k)),
      triple(full(k)),
      per(full(k), ceiling(k)),
      triple(normal(k)),
      per(normal(k), ceiling(k)),
      per(full(k), normal(k)),
    ]),
  ];
  const lat = (s: Sync | 'CEILING', k: number, p: number) => f.get(key.latency(l, s, k, p));
  const latency = [
    ['K', '', '{__typename}', 'FULL write', '÷ ceiling', 'NORMAL write', '÷ ceiling'],
    ...ks.flatMap((k) =>
      PERCENTILES.map((p) => [
        String(k),
        `p${p}`,
        triple(lat('CEILING', k, p), 1),
        triple(lat('FULL', k, p), 1),
        per(lat('FULL', k, p), lat('CEILING', k, p)),
        triple(lat('NORMAL', k, p), 1),
        per(lat('NORMAL', k, p), lat('CEILING', k, p)),
      ]),
    ),
  ];
  const early = f.get(key.early(l));
  const late = f.get(key.late(l));
  return [
    `${l}: ${t.root}`,
    `Throughput, each client on its own match; the ceiling is {__typename} with the same tokens on the FULL server`,
    table(throughput),
    `Latency (ms)`,
    table(latency),
    `Long stream (1 client, one match), p50 write latency: revisions 0–499 ${triple(early, 1)} ms, past 2,000 ${triple(late, 1)} ms, ratio ${per(late, early)}`,
    `Refused writes or failed requests: ${f.get(key.errors(l)).reduce((a, b) => a + b, 0)}`,
  ].join('\n');
}

// new ÷ old for each figure, run by run (both measured in the same run, one after the other).
function againstSection(f: Figures, a: Target, b: Target, ks: readonly number[]): string {
  const r = (k: (t: string) => string, digits = 2) =>
    triple(ratios(f.get(k(a.label)), f.get(k(b.label))), digits);
  const rows = [
    ['K', '{__typename} req/s', 'FULL writes/s', 'FULL p50', 'FULL p99', 'NORMAL writes/s'],
    ...ks.map((k) => [
      String(k),
      r((t) => key.ceiling(t, k)),
      r((t) => key.writes(t, 'FULL', k)),
      r((t) => key.latency(t, 'FULL', k, 50)),
      r((t) => key.latency(t, 'FULL', k, 99)),
      r((t) => key.writes(t, 'NORMAL', k)),
    ]),
  ];
  return [
    `${a.label} ÷ ${b.label}, figure by figure (throughput above 1 is faster, latency below 1 is faster)`,
    table(rows),
    `Long stream p50: revisions 0–499 ${r(key.early)}, past 2,000 ${r(key.late)}`,
  ].join('\n');
}

// The gates of this checkout's write path, each PASS or FAIL on the median of the runs' ratios.
function gates(f: Figures, t: Target, ks: readonly number[]): string {
  const l = t.label;
  const top = Math.max(...ks);
  return [
    `Gates (${l})`,
    ...ks.map((k) =>
      verdict(
        `FULL ≥ 0.9 × NORMAL throughput at ${k} client${k === 1 ? '' : 's'}`,
        ratios(f.get(key.writes(l, 'FULL', k)), f.get(key.writes(l, 'NORMAL', k))),
        (m) => m >= 0.9,
      ),
    ),
    verdict(
      'write latency past revision 2,000 ≤ 1.2 × at revision 0 (p50)',
      ratios(f.get(key.late(l)), f.get(key.early(l))),
      (m) => m <= 1.2,
    ),
    verdict(
      `FULL writes ÷ {__typename} ceiling at ${top} clients ≥ 0.25`,
      ratios(f.get(key.writes(l, 'FULL', top)), f.get(key.ceiling(l, top))),
      (m) => m >= 0.25,
    ),
  ].join('\n');
}

export function report(f: Figures, targets: Target[], ks: readonly number[]): string {
  const parts = targets.map((t) => `${targetSection(f, t, ks)}\n\n${gates(f, t, ks)}`);
  if (targets.length === 2) parts.push(againstSection(f, targets[0], targets[1], ks));
  return parts.join('\n\n');
}
