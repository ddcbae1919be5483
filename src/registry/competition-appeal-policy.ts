import { DEFAULT_APPEAL_FEE_RULE, type AppealFeeRule, type Money } from '../domain';
import type { RegistryRecords } from './registry-streams';

// What the appeals committee needs of a match's competition: the window to appeal in, how long
// the committee has to decide, the fee, and who sits on it. null: the match has no registered
// competition, and the defaults apply.
export interface CompetitionAppealSettings {
  competitionId: string;
  appealWindowMinutes: number;
  decisionDeadlineHours: number;
  appealFee: Money | null;
  appealFeeRule: AppealFeeRule;
  appealRefileAfterWithdrawal: boolean;
  committee: string[];
}

export interface CompetitionAppealPolicy {
  forCompetition(
    competitionId: string | null | undefined,
  ): Promise<CompetitionAppealSettings | null>;
}

export const COMPETITION_APPEAL_POLICY = Symbol('COMPETITION_APPEAL_POLICY');

// The registry's answer, read from the competition's own stream (never stale).
export function registryAppealPolicy(records: RegistryRecords): CompetitionAppealPolicy {
  return {
    async forCompetition(id) {
      if (id === null || id === undefined) return null;
      const c = await records.competition(id);
      if (c === null) return null;
      return {
        competitionId: c.competitionId,
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
