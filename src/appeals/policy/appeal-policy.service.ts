import type { AppealPolicy } from '../../domain';
import { matchStream, toDomain } from '../../ledger/envelope';
import type { EventStore } from '../../ledger/event-store';
import type { CompetitionAppealPolicy } from '../../kernel/registry/competition-appeal-policy.port';
import { toAppealPolicy } from './competition-appeal-policy';

// The appeal policy of a match: its competition's settings through the port, or none (defaults).
export class AppealPolicyService {
  constructor(
    private readonly store: EventStore,
    private readonly port: CompetitionAppealPolicy,
  ) {}

  async forMatch(matchId: string): Promise<AppealPolicy | null> {
    const competitionId = await this.competitionOf(matchId);
    if (competitionId === null) return null;
    const settings = await this.port.forCompetition(competitionId);
    return settings && toAppealPolicy(settings);
  }

  // From the match's own first event, never from a view that may lag behind it: a competition's
  // committee must not be skipped because a projection has not caught up.
  private async competitionOf(matchId: string): Promise<string | null> {
    const [first] = await this.store.readStream(matchStream(matchId), { maxCount: 1 });
    const scheduled = first?.type === 'MatchScheduled' ? toDomain(first) : null;
    return scheduled?.type === 'MatchScheduled' ? (scheduled.data.competitionId ?? null) : null;
  }
}
