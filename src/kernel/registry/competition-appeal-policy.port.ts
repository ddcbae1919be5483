import type { AppealFeeRule } from '../../domain';

// A competition's appeal settings, as the committee needs them: the filing window, the decision
// deadline, the fee (recorded on each appeal, never collected) and the committee (the token
// subjects who may decide appeals there; null or empty: any committee member).
export interface CompetitionAppealSettings {
  appealWindowMinutes: number | null;
  decisionDeadlineHours: number | null;
  appealFee: { amount: number; currency: string } | null;
  // Absent: the defaults (REFUNDED_WHEN_ALLOWED; a withdrawn claim is not filed again).
  appealFeeRule?: AppealFeeRule;
  appealRefileAfterWithdrawal?: boolean;
  committee: string[] | null;
}

// How appeals read a competition's settings. Declared here, provided by the registry feature
// (RegistryModule), read from the competition's own stream (never stale). null: the competition
// is unknown or sets nothing, and today's defaults apply.
export interface CompetitionAppealPolicy {
  forCompetition(competitionId: string): Promise<CompetitionAppealSettings | null>;
}

export const COMPETITION_APPEAL_POLICY = Symbol('COMPETITION_APPEAL_POLICY');
