import { DEFAULT_APPEAL_FEE_RULE } from '../domain';
import type { CompetitionAppealPolicy } from '../kernel/registry/competition-appeal-policy.port';
import type { RegistryRecords } from './registry-streams';

// The kernel's COMPETITION_APPEAL_POLICY: the registry's answer, read from the competition's own
// stream (never stale). null: the match has no registered competition, and the defaults apply.
export function registryAppealPolicy(records: RegistryRecords): CompetitionAppealPolicy {
  return {
    async forCompetition(id) {
      const c = await records.competition(id);
      if (c === null) return null;
      return {
        appealWindowMinutes: c.appealWindowMinutes,
        decisionDeadlineHours: c.decisionDeadlineHours,
        appealFee: c.appealFee ? { ...c.appealFee } : null,
        appealFeeRule: c.appealFeeRule ?? DEFAULT_APPEAL_FEE_RULE,
        appealRefileAfterWithdrawal: c.appealRefileAfterWithdrawal ?? false,
        committee: [...c.committee],
      };
    },
  };
}
