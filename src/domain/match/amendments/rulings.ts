import { DomainError } from '../../errors';
import type { Amendment } from '../../events/appeals';
import type { ShotPlayed } from '../../events/catalogue';
import type { ShotCall } from '../../events/shot-facts';
import type { Ruling } from '../../rules/ruling';
import { evolve } from '../evolve';
import { decidePlay } from '../play';
import type { MatchState } from '../state';
import { filedEvent, supersededRevisions, type RecordedEvent } from './history';
import { rederive } from './rederive';

// Every ruling a match's record holds, ruled again by this engine from its own facts: a shot's
// ruling from the position it was played in, and the rulings inside corrections, committee
// decisions and reviews by re-deriving their amendment against the history they were decided on.
// Whether each is still official (not superseded by a later correction, decision or review) is
// said beside it, so an audit reports the official record apart from what it replaced.

// Where a ruling is recorded: a ShotAdjudicated, a ShotCorrected, an AppealDecided or an AppealReviewed.
export type RulingSource = 'SHOT' | 'CORRECTION' | 'DECISION' | 'REVIEW';

export interface RulingRecheck {
  // The revision of the event holding the ruling.
  revision: number;
  source: RulingSource;
  appealId: string | null;
  gameNumber: number;
  shotNumber: number;
  recorded: Ruling;
  // null when this engine refuses the facts (refusal says why).
  current: Ruling | null;
  refusal: string | null;
  official: boolean;
}

type Rerule = () => Ruling | null;

export function recheckRulings(events: readonly RecordedEvent[]): RulingRecheck[] {
  const superseded = supersededRevisions(events);
  const out: RulingRecheck[] = [];
  let state: MatchState | null = null;
  let played: { before: MatchState | null; data: ShotPlayed['data'] } | null = null;
  events.forEach((r, i) => {
    const e = r.event;
    const prefix = () => events.slice(0, i);
    const push = (
      source: RulingSource,
      recorded: Ruling,
      shot: { gameNumber: number; shotNumber: number },
      rerule: Rerule,
      appealId: string | null = null,
    ) =>
      out.push({
        revision: r.revision,
        source,
        appealId,
        gameNumber: shot.gameNumber,
        shotNumber: shot.shotNumber,
        recorded,
        ...attempt(rerule),
        official: !superseded.has(r.revision),
      });
    if (e.type === 'ShotPlayed') played = { before: state, data: e.data };
    else if (e.type === 'ShotAdjudicated' && played && sameShot(played.data, e.data)) {
      const { before, data } = played;
      push('SHOT', e.data.ruling, e.data, () => rerulePlayed(before, data));
      played = null;
    } else if (e.type === 'ShotCorrected') {
      const c = e.data;
      const amendment: Amendment = { kind: 'AMEND_FACTS', facts: c.corrected.facts };
      if (c.corrected.call && !sameCall(c.corrected.call, c.original.call))
        amendment.call = c.corrected.call;
      push('CORRECTION', c.corrected.ruling, c, () =>
        amended(prefix(), c.correctedRevision, amendment),
      );
    } else if (e.type === 'AppealDecided' && e.data.ruling && e.data.remedy) {
      const { ruling, remedy, appealId } = e.data;
      const filed = filedEvent(prefix(), appealId);
      const shot = shotOf(events, filed.againstRevision);
      push(
        'DECISION',
        ruling,
        shot,
        () => amended(prefix(), filed.againstRevision, remedy),
        appealId,
      );
    } else if (e.type === 'AppealReviewed' && e.data.ruling && e.data.remedy) {
      const { ruling, remedy, appealId, reviewedRevision } = e.data;
      // A review re-derives as if the decision it sets aside had not been taken.
      const without = prefix().filter((x) => x.revision !== reviewedRevision);
      const filed = filedEvent(without, appealId);
      const shot = shotOf(events, filed.againstRevision);
      push('REVIEW', ruling, shot, () => amended(without, filed.againstRevision, remedy), appealId);
    }
    state = evolve(state, e);
  });
  return out;
}

function attempt(rerule: Rerule): { current: Ruling | null; refusal: string | null } {
  try {
    const current = rerule();
    return current ? { current, refusal: null } : { current, refusal: 'no ruling was derived' };
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    return { current: null, refusal: `${err.code}: ${err.message}` };
  }
}

function rerulePlayed(before: MatchState | null, shot: ShotPlayed['data']): Ruling | null {
  if (!before) throw new DomainError('MATCH_NOT_SCHEDULED', 'No match precedes the shot');
  const decided = decidePlay(
    { type: 'PlayShot', shooter: shot.shooter, facts: shot.facts },
    before,
  );
  const adjudicated = decided.find((d) => d.type === 'ShotAdjudicated');
  return adjudicated?.type === 'ShotAdjudicated' ? adjudicated.data.ruling : null;
}

function amended(history: readonly RecordedEvent[], against: number, a: Amendment): Ruling | null {
  return rederive(history, against, a, 'INVALID_APPEAL').ruling;
}

// The game and shot numbers of the shot a revision designates (its facts or its ruling).
function shotOf(
  events: readonly RecordedEvent[],
  revision: number,
): { gameNumber: number; shotNumber: number } {
  // The event at the revision itself first: the one before it is usually the previous shot's.
  for (const at of [revision, revision - 1]) {
    const r = events.find((e) => e.revision === at);
    if (r?.event.type === 'ShotPlayed' || r?.event.type === 'ShotAdjudicated')
      return { gameNumber: r.event.data.gameNumber, shotNumber: r.event.data.shotNumber };
  }
  return { gameNumber: 0, shotNumber: 0 };
}

function sameShot(
  a: { gameNumber: number; shotNumber: number },
  b: { gameNumber: number; shotNumber: number },
): boolean {
  return a.gameNumber === b.gameNumber && a.shotNumber === b.shotNumber;
}

function sameCall(a: ShotCall, b: ShotCall | null): boolean {
  return b !== null && a.ball === b.ball && a.pocket === b.pocket && a.safety === b.safety;
}
