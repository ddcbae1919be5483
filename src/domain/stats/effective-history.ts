import type { Amendment } from '../events/appeals';
import type { LedgerEvent } from '../events/catalogue';
import {
  filedEvent,
  isPlay,
  lastCallBefore,
  supersededRevisions,
  type RecordedEvent,
} from '../match/amendments/history';
import { rederive } from '../match/amendments/rederive';

// The match as if its amended history had always been recorded that way: the schedule and every
// play event nobody superseded, each correction and allowed appeal replaced by the play events its
// re-derivation stands for (the same engine, on the history recorded before it). Appeals filed,
// signatures and officials are not play and are left out.
export function effectiveHistory(events: readonly RecordedEvent[]): LedgerEvent[] {
  const superseded = supersededRevisions(events);
  const out: LedgerEvent[] = [];
  events.forEach((r, i) => {
    if (superseded.has(r.revision)) return;
    const e = r.event;
    if (e.type === 'MatchScheduled') out.push(e);
    else if (
      e.type === 'ShotCorrected' ||
      e.type === 'GameResultCorrected' ||
      e.type === 'AppealDecided'
    ) {
      const amended = amendmentOf(events.slice(0, i), r);
      if (amended)
        out.push(
          ...rederive(events.slice(0, i), amended.against, amended.a, 'INVALID_APPEAL').events,
        );
    } else if (e.type === 'AppealReviewed') {
      // A decision set aside for an allowed one: its remedy, re-derived on the record without the
      // reviewed decision (a dismissal substituted just brings the reinstated play back).
      if (e.data.outcome !== 'SET_ASIDE' || !e.data.remedy) return;
      const before = events.slice(0, i).filter((x) => x.revision !== e.data.reviewedRevision);
      const against = filedEvent(before, e.data.appealId).againstRevision;
      out.push(...rederive(before, against, e.data.remedy, 'INVALID_REVIEW').events);
    } else if (isPlay(e)) out.push(e);
  });
  return out;
}

// What a correction or an allowed decision amended, against which revision (null: a dismissal).
function amendmentOf(
  before: readonly RecordedEvent[],
  r: RecordedEvent,
): { against: number; a: Amendment } | null {
  const e = r.event;
  if (e.type === 'AppealDecided') {
    if (e.data.outcome !== 'ALLOWED' || !e.data.remedy) return null;
    return { against: filedEvent(before, e.data.appealId).againstRevision, a: e.data.remedy };
  }
  if (e.type === 'GameResultCorrected')
    return {
      against: e.data.correctedRevision,
      a: { kind: 'AMEND_RESULT', result: e.data.corrected },
    };
  if (e.type !== 'ShotCorrected') return null;
  const d = e.data;
  // The correction re-stated the call exactly when it superseded the call in force (or there was
  // none and it made one); otherwise the recorded call stands.
  const lastCall = lastCallBefore(before, d.correctedRevision);
  const called =
    d.corrected.call !== null && (lastCall === null || d.supersedes.includes(lastCall));
  const a: Amendment = called
    ? { kind: 'AMEND_FACTS', facts: d.corrected.facts, call: d.corrected.call! }
    : { kind: 'AMEND_FACTS', facts: d.corrected.facts };
  return { against: d.correctedRevision, a };
}
