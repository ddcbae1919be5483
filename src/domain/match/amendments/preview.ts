import type { Amendment } from '../../events/appeals';
import type { PlaySnapshot } from '../../events/play-snapshot';
import type { Ruling } from '../../rules/ruling';
import type { AmendmentProposal } from '../commands';
import { toPlaySnapshot } from '../play-snapshot';
import type { MatchState } from '../state';
import { filedEvent, rulingAfter, type RecordedEvent } from './history';
import { normaliseAmendment, rederive } from './rederive';

export interface AppealPreview {
  appealId: string;
  againstRevision: number;
  remedy: Amendment;
  recorded: PlaySnapshot;
  amended: PlaySnapshot;
  recordedRuling: Ruling | null;
  ruling: Ruling | null;
  supersedes: number[];
}

// What-if: the proposal (or another remedy) applied to a branch of the recorded history.
// Reads only; nothing is appended. `current` is the state the events fold to.
export function previewAppeal(
  events: readonly RecordedEvent[],
  current: MatchState,
  appealId: string,
  remedy?: AmendmentProposal,
): AppealPreview {
  const filed = filedEvent(events, appealId);
  const amendment = remedy
    ? normaliseAmendment(events, filed.againstRevision, remedy, 'INVALID_APPEAL')
    : filed.proposal;
  const derived = rederive(events, filed.againstRevision, amendment, 'INVALID_APPEAL');
  const target = events.find((r) => r.revision === filed.againstRevision);
  const recordedRuling =
    target?.event.type === 'ShotPlayed'
      ? rulingAfter(events, target.revision)
      : target?.event.type === 'ShotAdjudicated'
        ? target.event.data.ruling
        : null;
  return {
    appealId,
    againstRevision: filed.againstRevision,
    remedy: amendment,
    recorded: toPlaySnapshot(current),
    amended: derived.resulting,
    recordedRuling,
    ruling: derived.ruling,
    supersedes: derived.supersedes,
  };
}
