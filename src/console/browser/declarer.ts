import type { MatchState } from '../../domain';

// G1.36: who declares a frozen ball, as the server accepts it. A referee when the match has one
// present (this device's own when it is one of the match's referees), else the shooter's opponent:
// a referee assigned to a match played without one is not a declarer.
export function declarerOf(m: MatchState, subject: string | null): string {
  const referees = m.refereePresent ? m.officials.referees : [];
  if (subject !== null && referees.includes(subject)) return subject;
  return referees[0] ?? m.players.find((p) => p.id !== m.currentGame!.shooter)!.id;
}
