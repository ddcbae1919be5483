import { previewAppeal, type AmendmentProposal, type AppealPreview } from '../domain';
import type { EventStore } from '../ledger/event-store';
import { requireMatch } from '../matches/match-stream';

// Appeal previews: the decision run on the stream as read, or what closed the appeal. Never appends.
export class AppealQueryService {
  constructor(private readonly store: EventStore) {}

  async preview(
    matchId: string,
    appealId: string,
    remedy?: AmendmentProposal,
  ): Promise<AppealPreview & { streamRevision: number }> {
    const { records, revision, state } = await requireMatch(this.store, matchId);
    return { ...previewAppeal(records, state, appealId, remedy), streamRevision: revision };
  }
}
