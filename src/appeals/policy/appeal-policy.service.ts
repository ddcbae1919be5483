import type { AppealPolicy } from '../../domain';
import type { ReadModel } from '../../projections/read-model';
import { AppealCaseQuery } from '../cases/appeal-cases.query';
import { toAppealPolicy, type CompetitionAppealPolicy } from './competition-appeal-policy';

// The appeal policy of a match: its competition's settings through the port, or none (defaults).
export class AppealPolicyService {
  private readonly cases: AppealCaseQuery;

  constructor(
    readModel: ReadModel,
    private readonly port: CompetitionAppealPolicy,
  ) {
    this.cases = new AppealCaseQuery(readModel.database);
  }

  async forMatch(matchId: string): Promise<AppealPolicy | null> {
    const competitionId = this.cases.competitionOf(matchId);
    if (competitionId === null) return null;
    const settings = await this.port.forCompetition(competitionId);
    return settings && toAppealPolicy(settings);
  }
}
