import { DomainError, type DomainErrorCode } from '../errors';
import type {
  AppealDecided,
  AppealFiled,
  AppealState,
  Amendment,
  AmendmentEvent,
  MatchSigned,
  MatchSignedOff,
  PlayState,
  ShotCorrected,
} from '../events/appeals';
import type { LedgerEvent, LedgerEventType, ShotPlayed } from '../events/catalogue';
import type { ShotCall, ShotFacts } from '../events/shot-facts';
import type { Ruling } from '../rules/ruling';
import type {
  AmendmentCommand,
  AmendmentProposal,
  CorrectShot,
  DecideAppeal,
  FileAppeal,
  MatchCommand,
  SignOffMatch,
} from './commands';
import { decide, endGame, startGame } from './decide';
import { evolve } from './evolve';
import { isPlayerOf, opponentOf, playerName, type MatchState } from './state';

// Corrections, appeals and sign-off (issue 4). These commands are decided against the recorded
// history, not only the current state: when one changes the past, the new present is re-derived
// here by replaying the recorded events up to the disputed one, applying the amendment with the
// same rules engine, and the event carries the resulting play state so evolve just installs it.
// Nothing is deleted: the events the amendment overrides stay in the stream and are named in
// `supersedes`, so the history can show them next to what replaced them.

export const DEFAULT_APPEAL_WINDOW_MINUTES = 30;
export const MAX_APPEAL_WINDOW_MINUTES = 7 * 24 * 60;

export interface RecordedEvent {
  revision: number;
  recordedAt: string;
  event: LedgerEvent;
  // Whether this is the last event its command appended: a position can only be restored
  // between commands, never halfway through one (e.g. between GameEnded and GameStarted).
  endsCommand: boolean;
}

// What a history-aware decision needs: the stream as recorded, and the time of this write.
export interface RecordedHistory {
  events: RecordedEvent[];
  now: string;
}

const AMENDMENT_COMMANDS: readonly MatchCommand['type'][] = [
  'CorrectShot',
  'FileAppeal',
  'DecideAppeal',
  'SignOffMatch',
];

export function isAmendmentCommand(c: MatchCommand): c is AmendmentCommand {
  return AMENDMENT_COMMANDS.includes(c.type);
}

// Events that make up play, i.e. what a re-derivation replaces. Officials, appeals filed, upheld
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
];

function isPlay(e: LedgerEvent): boolean {
  return (
    PLAY_EVENTS.includes(e.type) || (e.type === 'AppealDecided' && e.data.outcome === 'OVERTURNED')
  );
}

// revision → the revision of the correction or decision that superseded it.
export function supersededRevisions(events: readonly RecordedEvent[]): Map<number, number> {
  const by = new Map<number, number>();
  for (const { revision, event } of events) {
    if (event.type === 'ShotCorrected' || event.type === 'AppealDecided')
      for (const r of event.data.supersedes) if (!by.has(r)) by.set(r, revision);
  }
  return by;
}

export function playStateOf(s: MatchState): PlayState {
  return clone({
    status: s.status,
    score: s.score,
    pendingChoice: s.pendingChoice,
    currentGame: s.currentGame,
    games: s.games,
    warnings: s.warnings,
    winner: s.winner,
  });
}

function clone<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}

function fold(state: MatchState, events: LedgerEvent[]): MatchState {
  return events.reduce<MatchState>((s, e) => evolve(s, e), state);
}

// The state as recorded right before `revision` (mechanical: earlier amendments included).
function stateBefore(events: readonly RecordedEvent[], revision: number): MatchState {
  let s: MatchState | null = null;
  for (const r of events) {
    if (r.revision >= revision) break;
    s = evolve(s, r.event);
  }
  if (s === null) throw new DomainError('INVALID_APPEAL', 'Nothing precedes that event');
  return s;
}

function eventAt(
  events: readonly RecordedEvent[],
  revision: number,
  code: DomainErrorCode,
): RecordedEvent {
  const found = events.find((e) => e.revision === revision);
  if (!found) throw new DomainError(code, `The match has no event at revision ${revision}`);
  return found;
}

// The shot a revision designates: the ShotPlayed itself, or the ShotAdjudicated ruling on it.
function locateShot(
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
      `Revision ${revision} is a ${at.event.type}; only a shot's facts (ShotPlayed or its ShotAdjudicated) can be amended`,
    );
  return { revision: played.revision, shot: played.event.data };
}

function rulingAfter(events: readonly RecordedEvent[], shotRevision: number): Ruling | null {
  const next = events.find((e) => e.revision === shotRevision + 1);
  return next?.event.type === 'ShotAdjudicated' ? next.event.data.ruling : null;
}

function gameNumberAt(events: readonly RecordedEvent[], revision: number): number | null {
  let n: number | null = null;
  for (const r of events) {
    if (r.revision > revision) break;
    if (r.event.type === 'GameStarted') n = r.event.data.gameNumber;
  }
  return n;
}

interface Derived {
  resulting: PlayState;
  ruling: Ruling | null;
  supersedes: number[];
}

// Turns a proposal into the amendment applied: for AMEND_FACTS, the changed facts are merged over
// the recorded ones, so the record shows exactly which facts were re-adjudicated.
export function normaliseAmendment(
  events: readonly RecordedEvent[],
  against: number,
  p: AmendmentProposal,
  code: DomainErrorCode,
): Amendment {
  switch (p.kind) {
    case 'AMEND_FACTS': {
      const { shot } = locateShot(events, against, code);
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
  }
}

// Replays the recorded history with the amendment applied at `against` and returns the new present.
export function rederive(
  events: readonly RecordedEvent[],
  against: number,
  a: Amendment,
  code: DomainErrorCode,
): Derived {
  const superseded = supersededRevisions(events);
  const live = (from: number, inclusive: boolean) =>
    events
      .filter(
        (r) =>
          (inclusive ? r.revision >= from : r.revision > from) &&
          !superseded.has(r.revision) &&
          isPlay(r.event),
      )
      .map((r) => r.revision);
  const inProgress = (s: MatchState) => {
    const g = s.currentGame;
    if (!g || g.status !== 'IN_PROGRESS')
      throw new DomainError(code, `No game was in progress at revision ${against}`);
    return g;
  };

  switch (a.kind) {
    case 'AMEND_FACTS': {
      const { revision, shot } = locateShot(events, against, code);
      const before = stateBefore(events, revision);
      const game = inProgress(before);
      let base = before;
      let callRevision: number | null = null;
      if (a.call) {
        // E8.2: the break is not a called shot.
        if (game.isBreakShot) throw new DomainError(code, 'The break is not a called shot', 'E8.2');
        // The amended call must be one the table would have accepted (the same checks as callShot:
        // G1.4 one ball and one pocket on the table, no calls in 9-ball, push outs only when allowed).
        base = fold(
          before,
          decide({ type: 'CallShot', player: shot.shooter, call: a.call }, before),
        );
        callRevision = lastCallBefore(events, revision);
      }
      // The same engine re-adjudicates the shot from the position it was played in.
      const decided = decide({ type: 'PlayShot', shooter: shot.shooter, facts: a.facts! }, base);
      const after = fold(base, decided);
      const adjudicated = decided.find((e) => e.type === 'ShotAdjudicated');
      const supersedes = live(revision, true);
      if (callRevision !== null && !superseded.has(callRevision)) supersedes.unshift(callRevision);
      return {
        resulting: playStateOf(after),
        ruling: adjudicated?.type === 'ShotAdjudicated' ? adjudicated.data.ruling : null,
        supersedes,
      };
    }
    case 'RESTORE_AT_EVENT': {
      const t = a.restoreRevision!;
      const target = eventAt(events, t, code);
      if (superseded.has(t))
        throw new DomainError(code, `Revision ${t} was superseded at ${superseded.get(t)}`);
      if (!isPlay(target.event) && target.event.type !== 'OfficialsAssigned')
        throw new DomainError(code, `Revision ${t} (${target.event.type}) is not a position`);
      if (!target.endsCommand)
        throw new DomainError(
          code,
          `Revision ${t} (${target.event.type}) is in the middle of a recorded command; restore the position after the command's last event`,
        );
      if (t > against)
        throw new DomainError(
          code,
          'The position restored must be at or before the disputed event',
        );
      const after = stateBefore(events, t + 1);
      return { resulting: playStateOf(after), ruling: null, supersedes: live(t, false) };
    }
    case 'AWARD_GAME': {
      const before = stateBefore(events, against);
      const game = inProgress(before);
      const winner = a.player!;
      if (!isPlayerOf(before, winner))
        throw new DomainError('NOT_A_PLAYER_OF_MATCH', `${winner} is not a player of this match`);
      const after = fold(
        before,
        endGame(before, game, winner, opponentOf(before, winner), 'AWARDED_ON_APPEAL', 'APPEAL'),
      );
      // An award settles any choice that was owed in that game.
      const resulting = playStateOf(after);
      resulting.pendingChoice = null;
      return { resulting, ruling: null, supersedes: live(against, true) };
    }
    case 'REPLAY_GAME': {
      const before = stateBefore(events, against);
      const game = inProgress(before);
      // G1.33: the game is replayed with the same breaker.
      const after = fold(before, [
        startGame(before, game.number, game.rack + 1, game.breaker, 'RERACK', 'G1.33'),
      ]);
      return { resulting: playStateOf(after), ruling: null, supersedes: live(against, true) };
    }
  }
}

// The call in force for the shot at `revision`: the latest ShotCalled after the previous ruling.
function lastCallBefore(events: readonly RecordedEvent[], revision: number): number | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const r = events[i];
    if (r.revision >= revision) continue;
    if (r.event.type === 'ShotCalled') return r.revision;
    if (r.event.type === 'ShotAdjudicated' || r.event.type === 'GameStarted') return null;
  }
  return null;
}

function requireHistory(h: RecordedHistory | undefined): RecordedHistory {
  if (!h) throw new Error('Corrections, appeals and sign-off are decided against the history');
  return h;
}

function requireText(text: string, what: string): string {
  const trimmed = text.trim();
  if (trimmed.length === 0) throw new DomainError('REASON_REQUIRED', `${what} is required`);
  return trimmed;
}

export function decideAmendment(
  c: AmendmentCommand,
  state: MatchState,
  recorded: RecordedHistory | undefined,
): LedgerEvent[] {
  switch (c.type) {
    case 'CorrectShot':
      return [correctShot(c, state, requireHistory(recorded))];
    case 'FileAppeal':
      return [fileAppeal(c, state, requireHistory(recorded))];
    case 'DecideAppeal':
      return [decideAppeal(c, state, requireHistory(recorded))];
    case 'SignOffMatch':
      return signOff(c, state);
  }
}

// A scorer's mistake is corrected while its frame (game and rack) is still in play; later shots
// of the frame are superseded and play resumes from the corrected shot. Once the frame is over,
// or the match signed off, the path is an appeal.
function correctShot(c: CorrectShot, state: MatchState, h: RecordedHistory): ShotCorrected {
  const reason = requireText(c.reason, 'A reason for the correction');
  if (state.final)
    throw new DomainError(
      'MATCH_SIGNED_OFF',
      'The match is signed off; only an appeal can change it',
    );
  const game = state.currentGame;
  if (state.status !== 'IN_PLAY' || !game || game.status !== 'IN_PROGRESS')
    throw new DomainError(
      'INVALID_CORRECTION',
      'Only a shot of the frame in play can be corrected; file an appeal instead',
    );
  const { revision, shot } = locateShot(h.events, c.revision, 'INVALID_CORRECTION');
  const superseded = supersededRevisions(h.events);
  if (superseded.has(revision))
    throw new DomainError(
      'INVALID_CORRECTION',
      `The shot at revision ${revision} was already superseded at ${superseded.get(revision)}`,
    );
  const before = stateBefore(h.events, revision);
  if (shot.gameNumber !== game.number || before.currentGame?.rack !== game.rack)
    throw new DomainError(
      'INVALID_CORRECTION',
      `The shot at revision ${revision} belongs to a frame that is over; file an appeal instead`,
    );
  const amendment = normaliseAmendment(
    h.events,
    revision,
    { kind: 'AMEND_FACTS', facts: c.facts, call: c.call },
    'INVALID_CORRECTION',
  );
  const originalCall = before.currentGame?.isBreakShot ? null : (before.currentGame?.call ?? null);
  if (
    JSON.stringify(canonical(amendment.facts)) === JSON.stringify(canonical(shot.facts)) &&
    (amendment.call === undefined || sameCall(amendment.call, originalCall))
  )
    throw new DomainError('INVALID_CORRECTION', 'The correction changes nothing');
  const derived = rederive(h.events, revision, amendment, 'INVALID_CORRECTION');
  const originalRuling = rulingAfter(h.events, revision)!;
  const corrected = derived.ruling!;
  const who = playerName(state, shot.shooter);
  return {
    type: 'ShotCorrected',
    version: 1,
    data: {
      correctedRevision: revision,
      gameNumber: shot.gameNumber,
      shotNumber: shot.shotNumber,
      correctedBy: c.by,
      reason,
      original: { facts: shot.facts, call: originalCall, ruling: originalRuling },
      corrected: {
        facts: amendment.facts!,
        call: amendment.call ?? originalCall,
        ruling: corrected,
      },
      supersedes: derived.supersedes,
      resulting: derived.resulting,
      explanation: `Correction of ${who}'s shot ${shot.shotNumber} of game ${shot.gameNumber} by ${c.by} (${reason}): ${corrected.explanation}`,
      explanationPt: `Correção da tacada ${shot.shotNumber} de ${who} no jogo ${shot.gameNumber} por ${c.by} (${reason}): ${corrected.explanationPt}`,
    },
  };
}

function sameCall(a: ShotCall, b: ShotCall | null): boolean {
  return b !== null && a.ball === b.ball && a.pocket === b.pocket && a.safety === b.safety;
}

function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (v !== null && typeof v === 'object')
    return Object.fromEntries(
      Object.entries(v as Record<string, unknown>)
        .filter(([, x]) => x !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, x]) => [k, canonical(x)]),
    );
  return v;
}

// A player of the match appeals a ruling or event within the competition's window, counted from
// when the disputed event was recorded; never once the match is signed off.
function fileAppeal(c: FileAppeal, state: MatchState, h: RecordedHistory): AppealFiled {
  const grounds = requireText(c.grounds, 'The grounds of the appeal');
  if (state.final)
    throw new DomainError(
      'MATCH_SIGNED_OFF',
      'The match is signed off and final; appeals must be filed before sign-off',
    );
  if (!isPlayerOf(state, c.by))
    throw new DomainError('NOT_A_PLAYER_OF_MATCH', `${c.by} does not play in this match`);
  const target = eventAt(h.events, c.againstRevision, 'INVALID_APPEAL');
  if (target.event.type === 'AppealDecided')
    throw new DomainError('INVALID_APPEAL', 'A decision of the appeals committee is final');
  if (!isPlay(target.event))
    throw new DomainError(
      'INVALID_APPEAL',
      `A ${target.event.type} is not a ruling or an event of play and cannot be appealed`,
    );
  const superseded = supersededRevisions(h.events);
  if (superseded.has(target.revision))
    throw new DomainError(
      'INVALID_APPEAL',
      `Revision ${target.revision} was superseded at ${superseded.get(target.revision)}; appeal that instead`,
    );
  const minutes = state.appealWindowMinutes ?? DEFAULT_APPEAL_WINDOW_MINUTES;
  const closes = new Date(Date.parse(target.recordedAt) + minutes * 60_000).toISOString();
  if (Date.parse(h.now) > Date.parse(closes))
    throw new DomainError(
      'APPEAL_WINDOW_CLOSED',
      `The ${minutes}-minute appeal window for revision ${target.revision} closed at ${closes}`,
    );
  const proposal = normaliseAmendment(h.events, target.revision, c.proposal, 'INVALID_APPEAL');
  // The proposal must be one the engine can apply (a what-if that would fail is refused now).
  rederive(h.events, target.revision, proposal, 'INVALID_APPEAL');
  const appealId = `A${(state.appeals ?? []).length + 1}`;
  const by = playerName(state, c.by);
  return {
    type: 'AppealFiled',
    version: 1,
    data: {
      appealId,
      by: c.by,
      againstRevision: target.revision,
      againstType: target.event.type,
      gameNumber: gameNumberAt(h.events, target.revision),
      grounds,
      proposal,
      windowClosesAt: closes,
      explanation: `${by} appeals the ${target.event.type} at revision ${target.revision} (appeal ${appealId}): ${grounds}`,
      explanationPt: `${by} recorre do ${target.event.type} da revisão ${target.revision} (recurso ${appealId}): ${grounds}`,
    },
  };
}

function filedEvent(events: readonly RecordedEvent[], appealId: string): AppealFiled['data'] {
  for (const r of events)
    if (r.event.type === 'AppealFiled' && r.event.data.appealId === appealId) return r.event.data;
  throw new DomainError('APPEAL_NOT_FOUND', `No appeal ${appealId} in this match`);
}

export interface AppealPreview {
  appealId: string;
  againstRevision: number;
  remedy: Amendment;
  recorded: PlayState;
  amended: PlayState;
  recordedRuling: Ruling | null;
  ruling: Ruling | null;
  supersedes: number[];
}

// What-if: the proposal (or another remedy) applied to a branch of the recorded history.
// Reads only; nothing is appended.
export function previewAppeal(
  events: readonly RecordedEvent[],
  appealId: string,
  remedy?: AmendmentProposal,
): AppealPreview {
  const filed = filedEvent(events, appealId);
  const amendment = remedy
    ? normaliseAmendment(events, filed.againstRevision, remedy, 'INVALID_APPEAL')
    : filed.proposal;
  const derived = rederive(events, filed.againstRevision, amendment, 'INVALID_APPEAL');
  let current: MatchState | null = null;
  for (const r of events) current = evolve(current, r.event);
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
    recorded: playStateOf(current!),
    amended: derived.resulting,
    recordedRuling,
    ruling: derived.ruling,
    supersedes: derived.supersedes,
  };
}

// The appeals committee decides: upheld (the record stands) or overturned with a remedy. A member
// who played in or officiated the match is recused. An appeal filed before sign-off may still be
// decided after it; an overturning decision clears the signatures (the new result is signed again)
// and reopens the match when the re-derived present is not over.
function decideAppeal(c: DecideAppeal, state: MatchState, h: RecordedHistory): AppealDecided {
  const appeal = (state.appeals ?? []).find((a) => a.id === c.appealId);
  if (!appeal) throw new DomainError('APPEAL_NOT_FOUND', `No appeal ${c.appealId} in this match`);
  if (appeal.status !== 'PENDING')
    throw new DomainError(
      'APPEAL_ALREADY_DECIDED',
      `Appeal ${c.appealId} was already decided: ${appeal.status}`,
    );
  const officials = state.officials ?? { scorers: [], referees: [] };
  if (
    isPlayerOf(state, c.decidedBy) ||
    officials.scorers.includes(c.decidedBy) ||
    officials.referees.includes(c.decidedBy)
  )
    throw new DomainError(
      'RECUSED',
      `${c.decidedBy} played in or officiated this match and cannot decide its appeal`,
    );
  const reason = requireText(c.reason, 'A written reason for the decision');
  const filed = filedEvent(h.events, c.appealId);
  const superseded = supersededRevisions(h.events);
  const recorded = playStateOf(state);
  const by = playerName(state, filed.by);

  if (c.outcome === 'UPHELD') {
    // The preview the committee declined, kept beside the record; it may no longer apply.
    let amended: PlayState | null = null;
    let ruling: Ruling | null = null;
    if (!superseded.has(filed.againstRevision)) {
      try {
        const d = rederive(h.events, filed.againstRevision, filed.proposal, 'INVALID_APPEAL');
        amended = d.resulting;
        ruling = d.ruling;
      } catch {
        amended = null;
      }
    }
    return {
      type: 'AppealDecided',
      version: 1,
      data: {
        appealId: c.appealId,
        decidedBy: c.decidedBy,
        outcome: 'UPHELD',
        remedy: null,
        reason,
        recorded,
        amended,
        ruling,
        supersedes: [],
        resulting: null,
        reopened: false,
        rule: null,
        explanation: `Appeal ${c.appealId} by ${by} is dismissed and the record stands: ${reason}`,
        explanationPt: `O recurso ${c.appealId} de ${by} é indeferido e o registo mantém-se: ${reason}`,
      },
    };
  }

  if (superseded.has(filed.againstRevision))
    throw new DomainError(
      'INVALID_APPEAL',
      `The disputed revision ${filed.againstRevision} has since been superseded at ${superseded.get(filed.againstRevision)}; the appeal can only be dismissed`,
    );
  const remedy = c.remedy
    ? normaliseAmendment(h.events, filed.againstRevision, c.remedy, 'INVALID_APPEAL')
    : filed.proposal;
  const d = rederive(h.events, filed.againstRevision, remedy, 'INVALID_APPEAL');
  const closed = state.final || state.status === 'COMPLETED';
  const reopened = closed && d.resulting.status !== 'COMPLETED';
  const what = REMEDY_TEXT[remedy.kind](state, remedy);
  return {
    type: 'AppealDecided',
    version: 1,
    data: {
      appealId: c.appealId,
      decidedBy: c.decidedBy,
      outcome: 'OVERTURNED',
      remedy,
      reason,
      recorded,
      amended: d.resulting,
      ruling: d.ruling,
      supersedes: d.supersedes,
      resulting: d.resulting,
      reopened,
      rule: remedy.kind === 'REPLAY_GAME' ? 'G1.33' : null,
      explanation: `Appeal ${c.appealId} by ${by} succeeds and the ruling is overturned: ${what.en}${d.ruling ? ` ${d.ruling.explanation}` : ''} Reason: ${reason}`,
      explanationPt: `O recurso ${c.appealId} de ${by} procede e a decisão é revogada: ${what.pt}${d.ruling ? ` ${d.ruling.explanationPt}` : ''} Fundamento: ${reason}`,
    },
  };
}

const REMEDY_TEXT: Record<
  Amendment['kind'],
  (s: MatchState, a: Amendment) => { en: string; pt: string }
> = {
  AMEND_FACTS: () => ({
    en: 'the shot is re-adjudicated on the amended facts and play resumes from it.',
    pt: 'a tacada é julgada de novo com os factos corrigidos e o jogo retoma a partir dela.',
  }),
  RESTORE_AT_EVENT: (_s, a) => ({
    en: `the position after revision ${a.restoreRevision} is restored and play resumes from it.`,
    pt: `a posição após a revisão ${a.restoreRevision} é reposta e o jogo retoma a partir dela.`,
  }),
  AWARD_GAME: (s, a) => ({
    en: `the game is awarded to ${playerName(s, a.player ?? null)}.`,
    pt: `o jogo é atribuído a ${playerName(s, a.player ?? null)}.`,
  }),
  REPLAY_GAME: () => ({
    en: 'the game is replayed with the same breaker (G1.33).',
    pt: 'o jogo é repetido com o mesmo jogador a fazer a saída (G1.33).',
  }),
};

// Both players sign, or the referee signs for the table: then the match is final.
function signOff(c: SignOffMatch, state: MatchState): LedgerEvent[] {
  if (state.final)
    throw new DomainError('MATCH_SIGNED_OFF', 'The match is already signed off and final');
  if (state.status !== 'COMPLETED')
    throw new DomainError('MATCH_NOT_COMPLETED', 'Only a completed match can be signed off');
  const signatures = state.signatures ?? [];
  if (c.capacity === 'PLAYER' && !isPlayerOf(state, c.by))
    throw new DomainError('NOT_A_PLAYER_OF_MATCH', `${c.by} does not play in this match`);
  if (signatures.includes(c.by))
    throw new DomainError('ALREADY_SIGNED', `${c.by} has already signed this match`);
  const who = c.capacity === 'PLAYER' ? playerName(state, c.by) : `Referee ${c.by}`;
  const signed: MatchSigned = {
    type: 'MatchSigned',
    version: 1,
    data: {
      by: c.by,
      capacity: c.capacity,
      explanation: `${who} signs the scoresheet.`,
      explanationPt: `${who} assina a folha de jogo.`,
    },
  };
  const all = [...signatures, c.by];
  const final = c.capacity === 'REFEREE' || state.players.every((p) => all.includes(p.id));
  if (!final) return [signed];
  const done: MatchSignedOff = {
    type: 'MatchSignedOff',
    version: 1,
    data: {
      signedBy: all,
      score: { ...state.score },
      winner: state.winner,
      explanation: `The match is signed off and final: ${playerName(state, state.winner)} wins; only an appeal filed before now can change it.`,
      explanationPt: `A partida está assinada e é definitiva: vence ${playerName(state, state.winner)}; só um recurso apresentado antes pode alterá-la.`,
    },
  };
  return [signed, done];
}

function install(next: MatchState, r: PlayState): void {
  const p = clone(r);
  next.status = p.status;
  next.score = p.score;
  next.pendingChoice = p.pendingChoice;
  next.currentGame = p.currentGame;
  next.games = p.games;
  next.warnings = p.warnings;
  next.winner = p.winner;
}

// evolve for issue-4 events: install what was decided, nothing more.
export function evolveAmendment(next: MatchState, event: AmendmentEvent): MatchState {
  switch (event.type) {
    case 'ShotCorrected':
      install(next, event.data.resulting);
      return next;
    case 'AppealFiled': {
      const d = event.data;
      const appeal: AppealState = {
        id: d.appealId,
        by: d.by,
        againstRevision: d.againstRevision,
        gameNumber: d.gameNumber,
        grounds: d.grounds,
        proposal: d.proposal.kind,
        status: 'PENDING',
        decidedBy: null,
        remedy: null,
        reason: null,
      };
      next.appeals = [...(next.appeals ?? []), appeal];
      return next;
    }
    case 'AppealDecided': {
      const d = event.data;
      next.appeals = (next.appeals ?? []).map((a) =>
        a.id === d.appealId
          ? {
              ...a,
              status: d.outcome,
              decidedBy: d.decidedBy,
              remedy: d.remedy?.kind ?? null,
              reason: d.reason,
            }
          : a,
      );
      if (d.outcome === 'OVERTURNED' && d.resulting) {
        install(next, d.resulting);
        next.signatures = [];
        next.final = false;
      }
      return next;
    }
    case 'MatchSigned':
      next.signatures = [...(next.signatures ?? []), event.data.by];
      return next;
    case 'MatchSignedOff':
      next.final = true;
      return next;
  }
}
