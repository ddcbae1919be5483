import {
  fromPlaySnapshot,
  previewAppeal,
  type AmendmentProposal,
  type AppealPreview,
  type MatchState,
} from '../domain';
import type { EventStore } from '../ledger/event-store';
import { requireMatch } from '../matches/match-stream';

// Appeal previews: reads the stream and applies the remedy to a branch of it. Never appends.
export class AppealQueryService {
  constructor(private readonly store: EventStore) {}

  async preview(
    matchId: string,
    appealId: string,
    remedy?: AmendmentProposal,
  ): Promise<
    AppealPreview & { streamRevision: number; recordedMatch: MatchState; amendedMatch: MatchState }
  > {
    const { records, revision, state } = await requireMatch(this.store, matchId);
    const preview = previewAppeal(records, state, appealId, remedy);
    // The match as it would stand: the amended play over everything play does not decide.
    const amendedMatch = { ...state, ...fromPlaySnapshot(preview.amended) };
    return { ...preview, streamRevision: revision, recordedMatch: state, amendedMatch };
  }
}
