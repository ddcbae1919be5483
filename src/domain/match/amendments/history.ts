import { DomainError, type DomainErrorCode } from '../../errors';
import type { AppealDecided, AppealFiled, AppealReviewed } from '../../events/appeals';
import type { LedgerEvent, LedgerEventType, ShotPlayed } from '../../events/catalogue';
import type { RulingV1 } from '../../events/ruling';
import { evolve } from '../evolve';
import { tableWords } from './table-words';
import type { MatchState } from '../state';

// The recorded stream as amendments see it, and ways to find things in it.

export interface RecordedEvent {
  revision: number;
  recordedAt: string;
  // Who recorded it (the metadata's recordedBy; null where unknown).
  recordedBy: string | null;
  event: LedgerEvent;
  // Whether this is the last event its command appended: a position can only be restored
  // between commands, never halfway through one (e.g. between GameEnded and GameStarted).
  endsCommand: boolean;
  // The game it is filed under (see gameNumberOf).
  gameNumber: number | null;
}

// What a history-aware decision needs: the stream as recorded, and the time of this write.
export interface RecordedHistory {
  events: RecordedEvent[];
  now: string;
}

// Events that make up play, i.e. what a re-derivation replaces. Officials, appeals filed, dismissed
// decisions and signatures are not play: they survive an amendment.
const PLAY_EVENTS: readonly LedgerEventType[] = [
  'BreakOrderDecided',
  'GameStarted',
  'CueBallPlaced',
  'ShotCalled',
  'FrozenBallDeclared',
  'ShotPlayed',
  'ShotAdjudicated',
  'OptionChosen',
  'RefereeRuled',
  'GameEnded',
  'MatchEnded',
  'ShotCorrected',
  'GameResultRecorded',
  'GameResultCorrected',
];

export function isPlay(e: LedgerEvent): boolean {
  return (
    PLAY_EVENTS.includes(e.type) ||
    (e.type === 'AppealDecided' && e.data.outcome === 'ALLOWED') ||
    (e.type === 'AppealReviewed' && e.data.outcome === 'SET_ASIDE')
  );
}

// A committee's decision or its review: final, superseded only by a review.
export function isCommitteeDecision(e: LedgerEvent): e is AppealDecided | AppealReviewed {
  return e.type === 'AppealDecided' || e.type === 'AppealReviewed';
}

// The revisions an event supersedes (a correction, an appeal decision or its review), else none.
export function supersedesOf(event: LedgerEvent): readonly number[] {
  return event.type === 'ShotCorrected' ||
    event.type === 'GameResultCorrected' ||
    event.type === 'AppealDecided' ||
    event.type === 'AppealReviewed'
    ? event.data.supersedes
    : [];
}

// revision → the revision of the correction or decision that superseded it (the first one still
// in force: a review that sets a decision aside reinstates what that decision superseded).
export function supersededRevisions(
  events: readonly Pick<RecordedEvent, 'revision' | 'event'>[],
): Map<number, number> {
  const by = new Map<number, number>();
  for (const { revision, event } of events) {
    if (event.type === 'AppealReviewed') for (const r of event.data.reinstates) by.delete(r);
    for (const r of supersedesOf(event)) if (!by.has(r)) by.set(r, revision);
  }
  return by;
}

export function fold(state: MatchState, events: LedgerEvent[]): MatchState {
  return events.reduce<MatchState>((s, e) => evolve(s, e), state);
}

// The state as recorded right before `revision` (mechanical: earlier amendments included).
export function stateBefore(events: readonly RecordedEvent[], revision: number): MatchState {
  let s: MatchState | null = null;
  for (const r of events) {
    if (r.revision >= revision) break;
    s = evolve(s, r.event);
  }
  if (s === null) throw new DomainError('INVALID_APPEAL', 'Nothing precedes that event');
  return s;
}

export function eventAt(
  events: readonly RecordedEvent[],
  revision: number,
  code: DomainErrorCode,
): RecordedEvent {
  const found = events.find((e) => e.revision === revision);
  if (!found) throw new DomainError(code, `The match has no event at revision ${revision}`);
  return found;
}

// The shot a revision designates: the ShotPlayed itself, or the ShotAdjudicated ruling on it.
export function locateShot(
  events: readonly RecordedEvent[],
  revision: number,
  code: DomainErrorCode,
): { revision: number; shot: ShotPlayed['data'] } {
  const at = eventAt(events, revision, code);
  const played =
    at.event.type === 'ShotAdjudicated'
      ? eventAt(events, revision - 1, code)
      : (at as RecordedEvent);
  if (played.event.type !== 'ShotPlayed')
    throw new DomainError(
      code,
      `Revision ${revision} is ${tableWords(at.event.type)}; only a shot (its recorded facts or its ruling) can be amended`,
    );
  return { revision: played.revision, shot: played.event.data };
}

// The events an appeal against `against` concerns: the event and, for a shot, both its facts
// (ShotPlayed) and its ruling (ShotAdjudicated).
export function concernedEvents(
  events: readonly RecordedEvent[],
  against: number,
): RecordedEvent[] {
  const target = eventAt(events, against, 'INVALID_APPEAL');
  const pair =
    target.event.type === 'ShotPlayed'
      ? events.find((r) => r.revision === against + 1 && r.event.type === 'ShotAdjudicated')
      : target.event.type === 'ShotAdjudicated'
        ? events.find((r) => r.revision === against - 1 && r.event.type === 'ShotPlayed')
        : undefined;
  return pair ? [target, pair] : [target];
}

export function rulingAfter(
  events: readonly RecordedEvent[],
  shotRevision: number,
): RulingV1 | null {
  const next = events.find((e) => e.revision === shotRevision + 1);
  return next?.event.type === 'ShotAdjudicated' ? next.event.data.ruling : null;
}

// The call in force for the shot at `revision`: the latest ShotCalled after the previous ruling.
export function lastCallBefore(events: readonly RecordedEvent[], revision: number): number | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const r = events[i];
    if (r.revision >= revision) continue;
    if (r.event.type === 'ShotCalled') return r.revision;
    if (r.event.type === 'ShotAdjudicated' || r.event.type === 'GameStarted') return null;
  }
  return null;
}

export function filedEvent(
  events: readonly RecordedEvent[],
  appealId: string,
): AppealFiled['data'] {
  for (const r of events)
    if (r.event.type === 'AppealFiled' && r.event.data.appealId === appealId) return r.event.data;
  throw new DomainError('APPEAL_NOT_FOUND', `No appeal ${appealId} in this match`);
}

// The first later event that changed the record as it stood after `revision` (a correction, a
// decision or a review superseding events at or before it), with the revisions it superseded.
export function laterSupersession(
  events: readonly RecordedEvent[],
  revision: number,
): { by: RecordedEvent; revisions: number[] } | null {
  for (const r of events) {
    if (r.revision <= revision) continue;
    const revisions = supersedesOf(r.event).filter((x) => x <= revision);
    if (revisions.length > 0) return { by: r, revisions };
  }
  return null;
}
