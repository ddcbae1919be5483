import type { AppealPolicy } from '../../domain';
import type { CompetitionAppealSettings } from '../../kernel/registry/competition-appeal-policy.port';

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
