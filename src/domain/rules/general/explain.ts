import type { FoulFinding } from '../ruling';

export function ball(n: number): string {
  return `the ${n}`;
}

export function names(balls: number[]): string {
  if (balls.length === 0) return 'nothing';
  const parts = balls.map(ball);
  return parts.length === 1
    ? parts[0]
    : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

// G1.30: the applied foul first, then every other foul found on the same stroke.
export function describeFoul(applied: FoulFinding, all: FoulFinding[]): string {
  const others = all.filter((f) => f !== applied);
  if (others.length === 0) return applied.detail;
  return `${applied.detail} (also found: ${others.map((f) => `${f.detail}, ${f.rule}`).join('; ')}; penalised once, G1.30)`;
}

export function joinSentences(...clauses: string[]): string {
  return `${clauses.join('; ')}.`;
}
