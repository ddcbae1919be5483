import { canonicalJson } from '../../canonical-json';
import type { DomainErrorCode } from '../../errors';
import type { ShotPlayed } from '../../events/catalogue';
import type { ShotCall } from '../../events/shot-facts';
import { eventAt, locateShot, type RecordedEvent } from './history';

// The shot whose facts an AMEND_FACTS amendment changes: a recorded shot (its facts or its
// ruling), or a scorer's correction of one, whose corrected facts and call are then the record.
export interface AmendableShot {
  // The ShotPlayed: the shot is re-played from the position before it.
  revision: number;
  // Its facts as the record has them (a correction's corrected facts).
  shot: ShotPlayed['data'];
  // A call a correction substituted, which stands unless the amendment calls again.
  call: ShotCall | undefined;
  // Play is superseded from here on (inclusive): the shot, or the correction that replaced it.
  from: number;
}

export function locateAmendable(
  events: readonly RecordedEvent[],
  revision: number,
  code: DomainErrorCode,
): AmendableShot {
  const at = eventAt(events, revision, code);
  if (at.event.type !== 'ShotCorrected') {
    const found = locateShot(events, revision, code);
    return { ...found, call: undefined, from: found.revision };
  }
  const d = at.event.data;
  const played = locateShot(events, d.correctedRevision, code);
  const recalled = canonicalJson(d.corrected.call) !== canonicalJson(d.original.call);
  return {
    revision: played.revision,
    shot: { ...played.shot, facts: d.corrected.facts },
    call: recalled && d.corrected.call ? d.corrected.call : undefined,
    from: at.revision,
  };
}
