import {
  previewAppeal,
  type AmendmentProposal,
  type AppealPreview,
  type RecordedEvent,
} from '../domain';
import { matchStream, toRecorded } from '../ledger/envelope';
import type { EventStore } from '../ledger/event-store';
import { MatchNotFoundError } from '../matches/match-errors';

// Appeal previews: reads the stream and applies the remedy to a branch of it. Never appends.
export class AppealQueryService {
  constructor(private readonly store: EventStore) {}

  async preview(
    matchId: string,
    appealId: string,
    remedy?: AmendmentProposal,
  ): Promise<AppealPreview & { streamRevision: number; events: RecordedEvent[] }> {
    const stored = await this.store.readStream(matchStream(matchId));
    if (stored.length === 0) throw new MatchNotFoundError(matchId);
    const events = toRecorded(stored);
    return {
      ...previewAppeal(events, appealId, remedy),
      streamRevision: stored[stored.length - 1].revision,
      events,
    };
  }
}
