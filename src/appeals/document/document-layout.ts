import type { RecordedEvent } from '../../domain';
import type { LayoutRecorded } from '../../domain/events/layout';

// The layouts a decision document draws: the one recorded for the disputed shot's moment (before
// the shot: on its own, with a placement or a declaration, or with the shot itself), as corrected
// by any later cited correction, and the appellant's proposed layout. The same choice as the
// viewer's (assets/layouts.js); an event without one gets no diagram (no invented positions).

export type LayoutRecord = RecordedEvent & { event: LayoutRecorded };

const isLayout = (r: RecordedEvent): r is LayoutRecord => r.event.type === 'LayoutRecorded';
const recorded = (r: RecordedEvent): r is LayoutRecord => isLayout(r) && !r.event.data.proposedFor;

// Follows the chain of cited corrections to the layout in force.
function corrected(records: readonly RecordedEvent[], found: LayoutRecord): LayoutRecord {
  let cur = found;
  for (;;) {
    const next = records.find(
      (r): r is LayoutRecord => isLayout(r) && r.event.data.corrects?.revision === cur.revision,
    );
    if (!next) return cur;
    cur = next;
  }
}

export function disputedShotLayout(
  records: readonly RecordedEvent[],
  shot: RecordedEvent | null,
  disputedRevision: number,
): LayoutRecord | null {
  if (shot?.event.type === 'ShotPlayed') {
    const { gameNumber, shotNumber } = shot.event.data;
    const moment = records.filter(
      (r): r is LayoutRecord =>
        recorded(r) &&
        r.revision < shot.revision &&
        r.event.data.gameNumber === gameNumber &&
        r.event.data.shotNumber === shotNumber,
    );
    if (moment.length) return corrected(records, moment[moment.length - 1]);
  }
  // Otherwise a layout recorded with the disputed event itself (the write's previous event).
  const before = records.find((r) => r.revision === disputedRevision - 1);
  return before && recorded(before) && before.event.data.attachedTo !== 'NONE'
    ? corrected(records, before)
    : null;
}

export function proposedLayoutFor(
  records: readonly RecordedEvent[],
  appealId: string,
): LayoutRecord | null {
  const p = records.filter(
    (r): r is LayoutRecord => isLayout(r) && r.event.data.proposedFor?.appealId === appealId,
  );
  return p.length ? p[p.length - 1] : null;
}
