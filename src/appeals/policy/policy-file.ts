import { readFileSync } from 'node:fs';
import type {
  CompetitionAppealPolicy,
  CompetitionAppealSettings,
} from './competition-appeal-policy';

// Competition appeal settings from a JSON file ({ "<competitionId>": { ... } }), for deployments
// that run without the registry; every field optional (absent: the default).
export function policyFromFile(path: string): CompetitionAppealPolicy {
  const raw = JSON.parse(readFileSync(path, 'utf8')) as Record<string, Record<string, unknown>>;
  const byCompetition = new Map<string, CompetitionAppealSettings>();
  for (const [id, s] of Object.entries(raw)) {
    const problem = problemOf(s);
    if (problem) throw new Error(`Appeal policy of ${id} in ${path}: ${problem}`);
    byCompetition.set(id, {
      appealWindowMinutes: (s.appealWindowMinutes as number | undefined) ?? null,
      decisionDeadlineHours: (s.decisionDeadlineHours as number | undefined) ?? null,
      appealFee: (s.appealFee as CompetitionAppealSettings['appealFee'] | undefined) ?? null,
      committee: (s.committee as string[] | undefined) ?? null,
    });
  }
  return { forCompetition: (id) => Promise.resolve(byCompetition.get(id) ?? null) };
}

const whole = (v: unknown, min: number, max: number) =>
  v === undefined ||
  v === null ||
  (Number.isInteger(v) && (v as number) >= min && (v as number) <= max);

function problemOf(s: Record<string, unknown>): string | null {
  if (!whole(s.appealWindowMinutes, 0, 10080)) return 'appealWindowMinutes must be 0–10080';
  if (!whole(s.decisionDeadlineHours, 1, 8760)) return 'decisionDeadlineHours must be 1–8760';
  const fee = s.appealFee as { amount?: unknown; currency?: unknown } | null | undefined;
  if (
    fee &&
    !(typeof fee.amount === 'number' && fee.amount >= 0 && /^[A-Z]{3}$/.test(String(fee.currency)))
  )
    return 'appealFee must be { amount ≥ 0, currency: a 3-letter code }';
  const c = s.committee;
  if (
    c !== undefined &&
    c !== null &&
    !(Array.isArray(c) && c.every((m) => typeof m === 'string' && m.length > 0))
  )
    return 'committee must be a list of token subjects';
  return null;
}
