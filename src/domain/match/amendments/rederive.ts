import { DomainError, type DomainErrorCode } from '../../errors';
import type { Amendment, RemedyKind } from '../../events/appeals';
import type { LedgerEvent } from '../../events/catalogue';
import type { PlaySnapshot } from '../../events/play-snapshot';
import type { ShotFacts } from '../../events/shot-facts';
import type { RulingV1 } from '../../events/ruling';
import type { AmendmentProposal } from '../commands';
import { endGame, startGame } from '../game-flow';
import { decidePlay } from '../play';
import { toPlaySnapshot } from '../play-snapshot';
import { isPlayerOf, opponentOf, type GameState, type MatchState } from '../state';
import {
  eventAt,
  fold,
  isPlay,
  lastCallBefore,
  stateBefore,
  supersededRevisions,
  type RecordedEvent,
} from './history';
import { tableWords } from './table-words';
import { locateAmendable } from './amendable';
import { amendResult, locateResult, mergedResult } from '../results/amend';

// When an amendment changes the past, the new present is re-derived by replaying the recorded
// events up to the disputed one and applying the amendment with the same rules engine.

export interface Derived {
  resulting: PlaySnapshot;
  // The re-derived shot's ruling as its ShotAdjudicated stores it (what an amending event keeps).
  ruling: RulingV1 | null;
  supersedes: number[];
  // The play events the amendment stands for in place of those it supersedes: the history as if
  // it had always been recorded this way (read by the stats).
  events: LedgerEvent[];
}

// Turns a proposal into the amendment applied: for AMEND_FACTS, the changed facts are merged over
// the recorded ones, so the record shows exactly which facts were re-adjudicated.
export function normaliseAmendment(
  events: readonly RecordedEvent[],
  against: number,
  p: AmendmentProposal,
  code: DomainErrorCode,
): Amendment {
  requireOnlyFieldsOf(p, code);
  switch (p.kind) {
    case 'AMEND_FACTS': {
      const { shot } = locateAmendable(events, against, code);
      if (!p.facts && !p.call)
        throw new DomainError(code, 'AMEND_FACTS needs changed facts or a different call');
      const facts: ShotFacts = { ...shot.facts, ...(p.facts ?? {}) };
      return p.call ? { kind: p.kind, facts, call: { ...p.call } } : { kind: p.kind, facts };
    }
    case 'RESTORE_AT_EVENT':
      if (p.restoreRevision === undefined)
        throw new DomainError(code, 'RESTORE_AT_EVENT needs the revision to restore');
      return { kind: p.kind, restoreRevision: p.restoreRevision };
    case 'AWARD_GAME':
      if (p.player === undefined)
        throw new DomainError(code, 'AWARD_GAME needs the player awarded the game');
      return { kind: p.kind, player: p.player };
    case 'REPLAY_GAME':
      return { kind: p.kind };
    case 'AMEND_RESULT': {
      const { result } = locateResult(events, against, code);
      if (!p.result) throw new DomainError(code, 'AMEND_RESULT needs the changed result');
      return { kind: p.kind, result: mergedResult(result, p.result) };
    }
  }
}

// The fields each remedy takes beside its kind.
const REMEDY_FIELDS: Record<RemedyKind, readonly string[]> = {
  AMEND_FACTS: ['facts', 'call'],
  RESTORE_AT_EVENT: ['restoreRevision'],
  AWARD_GAME: ['player'],
  REPLAY_GAME: [],
  AMEND_RESULT: ['result'],
};

// A field the remedy does not take is refused, never dropped: the appellant (or the committee)
// would otherwise be recorded as asking for less than they sent.
function requireOnlyFieldsOf(p: AmendmentProposal, code: DomainErrorCode): void {
  const takes = REMEDY_FIELDS[p.kind];
  const extra = Object.entries(p)
    .filter(([field, value]) => field !== 'kind' && value !== undefined && !takes.includes(field))
    .map(([field]) => field);
  if (extra.length > 0)
    throw new DomainError(
      code,
      `${p.kind} does not take ${extra.join(', ')}; it takes ${takes.length > 0 ? takes.join(' and/or ') : 'nothing beside its kind'}`,
    );
}

// Replays the recorded history with the amendment applied at `against` and returns the new present.
export function rederive(
  events: readonly RecordedEvent[],
  against: number,
  a: Amendment,
  code: DomainErrorCode,
): Derived {
  const superseded = supersededRevisions(events);
  const b: Branch = {
    events,
    against,
    code,
    superseded,
    live: (from, inclusive) =>
      events
        .filter(
          (r) =>
            (inclusive ? r.revision >= from : r.revision > from) &&
            !superseded.has(r.revision) &&
            isPlay(r.event),
        )
        .map((r) => r.revision),
    inProgress: (s) => {
      const g = s.currentGame;
      if (!g || g.status !== 'IN_PROGRESS')
        throw new DomainError(code, `No game was in progress at revision ${against}`);
      return g;
    },
  };
  switch (a.kind) {
    case 'AMEND_FACTS':
      return amendFacts(b, a);
    case 'RESTORE_AT_EVENT':
      return restoreAt(b, a.restoreRevision!);
    case 'AWARD_GAME':
      return awardGame(b, a.player!);
    case 'REPLAY_GAME':
      return replayGame(b);
    case 'AMEND_RESULT':
      return amendResult(events, against, a.result!, code, b.live);
  }
}

// The recorded history an amendment is applied to, and what it needs to know about it.
interface Branch {
  events: readonly RecordedEvent[];
  against: number;
  code: DomainErrorCode;
  superseded: Map<number, number>;
  // The live play revisions from `from` on: what the amendment supersedes.
  live(from: number, inclusive: boolean): number[];
  inProgress(s: MatchState): GameState;
}

function amendFacts(b: Branch, a: Amendment): Derived {
  const { events, code } = b;
  const { revision, shot, call: corrected, from } = locateAmendable(events, b.against, code);
  const before = stateBefore(events, revision);
  const game = b.inProgress(before);
  let base = before;
  let callRevision: number | null = null;
  const called: LedgerEvent[] = [];
  const call = a.call ?? corrected;
  if (call) {
    // E8.2: the break is not a called shot.
    if (game.isBreakShot) throw new DomainError(code, 'The break is not a called shot', 'E8.2');
    // The amended call must be one the table would have accepted (the same checks as callShot:
    // G1.4 one ball and one pocket on the table, no calls in 9-ball, push outs only when allowed).
    called.push(...decidePlay({ type: 'CallShot', player: shot.shooter, call }, before));
    base = fold(before, called);
    callRevision = lastCallBefore(events, revision);
  }
  // The same engine re-adjudicates the shot from the position it was played in.
  const decided = decidePlay({ type: 'PlayShot', shooter: shot.shooter, facts: a.facts! }, base);
  const after = fold(base, decided);
  const adjudicated = decided.find((e) => e.type === 'ShotAdjudicated');
  const supersedes = b.live(from, true);
  if (callRevision !== null && !b.superseded.has(callRevision)) supersedes.unshift(callRevision);
  return {
    resulting: toPlaySnapshot(after),
    ruling: adjudicated?.type === 'ShotAdjudicated' ? adjudicated.data.ruling : null,
    supersedes,
    events: [...called, ...decided],
  };
}

function restoreAt(b: Branch, t: number): Derived {
  const { code, superseded } = b;
  const target = eventAt(b.events, t, code);
  if (superseded.has(t))
    throw new DomainError(code, `Revision ${t} was superseded at ${superseded.get(t)}`);
  if (!isPlay(target.event) && target.event.type !== 'OfficialsAssigned')
    throw new DomainError(
      code,
      `Revision ${t} (${tableWords(target.event.type)}) is not a position`,
    );
  if (!target.endsCommand)
    throw new DomainError(
      code,
      `Revision ${t} (${tableWords(target.event.type)}) is in the middle of a recorded command; restore the position after the command's last event`,
    );
  if (t > b.against)
    throw new DomainError(code, 'The position restored must be at or before the disputed event');
  const after = stateBefore(b.events, t + 1);
  return {
    resulting: toPlaySnapshot(after),
    ruling: null,
    supersedes: b.live(t, false),
    events: [],
  };
}

function awardGame(b: Branch, winner: string): Derived {
  const before = stateBefore(b.events, b.against);
  const game = b.inProgress(before);
  if (!isPlayerOf(before, winner))
    throw new DomainError('NOT_A_PLAYER_OF_MATCH', `${winner} is not a player of this match`);
  const events = endGame(
    before,
    game,
    winner,
    opponentOf(before, winner),
    'AWARDED_ON_APPEAL',
    'APPEAL',
  );
  const after = fold(before, events);
  // An award settles any choice that was owed in that game.
  const resulting = toPlaySnapshot(after);
  resulting.pendingChoice = null;
  return { resulting, ruling: null, supersedes: b.live(b.against, true), events };
}

// G1.33: the game is replayed with the same breaker.
function replayGame(b: Branch): Derived {
  const before = stateBefore(b.events, b.against);
  const game = b.inProgress(before);
  const events = [startGame(before, game.number, game.rack + 1, game.breaker, 'RERACK', 'G1.33')];
  const after = fold(before, events);
  return {
    resulting: toPlaySnapshot(after),
    ruling: null,
    supersedes: b.live(b.against, true),
    events,
  };
}
