import { previewAppeal, type AmendmentProposal, type AppealPreview } from '../domain';
import { longReads } from '../ledger/slices';
import type { MatchReplay } from '../kernel/match/match-replay.port';

// Appeal previews: the decision run on the stream as read, or what closed the appeal. Never appends.
export class AppealQueryService {
  constructor(private readonly replay: MatchReplay) {}

  async preview(
    matchId: string,
    appealId: string,
    remedy?: AmendmentProposal,
  ): Promise<AppealPreview & { streamRevision: number }> {
    return longReads.run(async (slice) => {
      const { records, revision, state } = await this.replay.require(matchId, slice);
      // The decision's own replay runs whole: it starts on a turn of its own.
      await slice.away(new Promise((resolve) => setImmediate(resolve)));
      return { ...previewAppeal(records, state, appealId, remedy), streamRevision: revision };
    });
  }
}
