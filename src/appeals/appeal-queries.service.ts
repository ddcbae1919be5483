import { previewAppeal, type AmendmentProposal, type AppealPreview } from '../domain';
import type { EventStore } from '../ledger/event-store';
import { longReads } from '../ledger/slices';
import { requireReplay } from '../matches/match-replay';

// Appeal previews: the decision run on the stream as read, or what closed the appeal. Never appends.
export class AppealQueryService {
  constructor(private readonly store: EventStore) {}

  async preview(
    matchId: string,
    appealId: string,
    remedy?: AmendmentProposal,
  ): Promise<AppealPreview & { streamRevision: number }> {
    return longReads.run(async (slice) => {
      const { records, revision, state } = await requireReplay(this.store, matchId, slice);
      // The decision's own replay runs whole: it starts on a turn of its own.
      await slice.away(new Promise((resolve) => setImmediate(resolve)));
      return { ...previewAppeal(records, state, appealId, remedy), streamRevision: revision };
    });
  }
}
