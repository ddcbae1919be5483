import type { AppealFeeRule, AppealPolicy } from '../../domain';

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

// The port through which appeals read a competition's settings (the registry implements it).
// null: the competition is unknown or sets nothing, and today's defaults apply.
export interface CompetitionAppealPolicy {
  forCompetition(competitionId: string): Promise<CompetitionAppealSettings | null>;
}

export const COMPETITION_APPEAL_POLICY = Symbol('COMPETITION_APPEAL_POLICY');

// The settings as the appeal commands take them.
export function toAppealPolicy(s: CompetitionAppealSettings): AppealPolicy {
  return {
    ...(s.appealWindowMinutes === null ? {} : { appealWindowMinutes: s.appealWindowMinutes }),
    decisionDeadlineHours: s.decisionDeadlineHours,
    appealFee: s.appealFee,
    ...(s.appealFeeRule ? { feeRule: s.appealFeeRule } : {}),
    refileAfterWithdrawal: s.appealRefileAfterWithdrawal ?? false,
    committee: s.committee && s.committee.length > 0 ? s.committee : null,
  };
}
