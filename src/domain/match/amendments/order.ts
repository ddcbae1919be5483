import { DomainError } from '../../errors';
import type { AppealState } from '../../events/appeals';
import type { MatchState } from '../state';
import type { RecordedEvent } from './history';

// Appeals pending together are decided in table order, whichever the committee opens first: an
// appeal against an earlier event is decided (or withdrawn) before one against a later event, and
// of two against the same shot the one filed first goes first. Allowing any appeal re-derives play
// from its disputed event, superseding everything after it, so the earlier claim is causally first:
// deciding the later one first would either foreclose it (an allowance it could not undo) or be
// undone by it. With this rule the record after the same decisions does not depend on the order
// the committee takes them in.

// Where an appeal stands in table order: the disputed shot (its facts and its ruling are one
// place), then the filing.
function tableKey(events: readonly RecordedEvent[], appeal: AppealState): [number, number] {
  const target = events.find((r) => r.revision === appeal.againstRevision);
  const place =
    target?.event.type === 'ShotAdjudicated' ? appeal.againstRevision - 1 : appeal.againstRevision;
  const filedAt = events.find(
    (r) => r.event.type === 'AppealFiled' && r.event.data.appealId === appeal.id,
  )?.revision;
  return [place, filedAt ?? Infinity];
}

function before(a: [number, number], b: [number, number]): boolean {
  return a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
}

// The pending appeal that comes first in table order before `appealId`, if any.
export function earlierPending(
  state: MatchState,
  events: readonly RecordedEvent[],
  appealId: string,
): AppealState | null {
  const appeal = state.appeals.find((a) => a.id === appealId);
  if (!appeal) return null;
  const key = tableKey(events, appeal);
  let first: { appeal: AppealState; key: [number, number] } | null = null;
  for (const a of state.appeals) {
    if (a.id === appealId || a.status !== 'PENDING') continue;
    const k = tableKey(events, a);
    if (before(k, key) && (!first || before(k, first.key))) first = { appeal: a, key: k };
  }
  return first?.appeal ?? null;
}

// Deciding an appeal (either way) while an earlier one is pending is refused, naming it.
export function requireNoEarlierPending(
  state: MatchState,
  events: readonly RecordedEvent[],
  appealId: string,
): void {
  const earlier = earlierPending(state, events, appealId);
  if (earlier)
    throw new DomainError(
      'APPEAL_EARLIER_PENDING',
      `Appeal ${earlier.id} disputes an earlier event (revision ${earlier.againstRevision}) and is pending; the committee decides it (or its appellant withdraws it) before appeal ${appealId}, whose outcome depends on it`,
      undefined,
      earlier.id,
    );
}
