import { DomainError } from '../../errors';
import { canonicalJson } from '../../canonical-json';
import {
  DEFAULT_APPEAL_FEE_RULE,
  type Amendment,
  type AppealDecided,
  type AppealFeeSettled,
  type AppealFiled,
  type AppealMooted,
} from '../../events/appeals';
import type { PlaySnapshot } from '../../events/play-snapshot';
import type { RulingV1 } from '../../events/ruling';
import type { DecideAppeal, FileAppeal } from '../commands';
import { requireText } from '../guards';
import { toPlaySnapshot } from '../play-snapshot';
import { isPlayerOf, playerName, type MatchState } from '../state';
import {
  eventAt,
  filedEvent,
  isCommitteeDecision,
  isPlay,
  supersededRevisions,
  type RecordedHistory,
} from './history';
import { mooted, pendingAppeal } from './closing';
import { disputedText } from './disputed-texts';
import { requireNoDecisionUndone, requireNotRuledOn } from './finality';
import { requireNoEarlierPending } from './order';
import { requireOnPanel } from './recusal';
import { requireAllowable, requireNotWithdrawn } from './filing-checks';
import { mootedWithFees, settleFee } from './fees';
import { normaliseAmendment, rederive } from './rederive';
import { REMEDY_TEXT } from './remedy-texts';
import { tableWords } from './table-words';
import { requireWindowOpen } from './window-close';

// A player of the match appeals a ruling or event within the window in force (window-close.ts);
// never once the match is signed off.
export function fileAppeal(c: FileAppeal, state: MatchState, h: RecordedHistory): AppealFiled {
  const grounds = requireText(c.grounds, 'The grounds of the appeal');
  if (state.final)
    throw new DomainError(
      'MATCH_SIGNED_OFF',
      'The match is signed off and final; appeals must be filed before sign-off',
    );
  if (!isPlayerOf(state, c.by))
    throw new DomainError('NOT_A_PLAYER_OF_MATCH', `${c.by} does not play in this match`);
  const target = eventAt(h.events, c.againstRevision, 'INVALID_APPEAL');
  if (isCommitteeDecision(target.event))
    throw new DomainError(
      'DECISION_FINAL',
      'A decision of the appeals committee is final; only its review may change it',
    );
  if (!isPlay(target.event))
    throw new DomainError(
      'INVALID_APPEAL',
      `Revision ${target.revision} is ${tableWords(target.event.type)}, not a ruling or an event of play, and cannot be appealed`,
    );
  const superseded = supersededRevisions(h.events);
  // What a decision already ruled on is final too, so the same appeal cannot be filed again.
  requireNotRuledOn(state, h.events, target, superseded.get(target.revision));
  if (superseded.has(target.revision))
    throw new DomainError(
      'INVALID_APPEAL',
      `Revision ${target.revision} was superseded at ${superseded.get(target.revision)} (${supersededBy(h, superseded.get(target.revision))}); appeal that instead`,
    );
  const closes = requireWindowOpen(state, c.policy, h, target);
  const proposal = normaliseAmendment(h.events, target.revision, c.proposal, 'INVALID_APPEAL');
  requireNotWithdrawn(
    state,
    h.events,
    c.by,
    target.revision,
    c.policy?.refileAfterWithdrawal ?? false,
  );
  requireNoTwin(state, h, c.by, target.revision, proposal);
  // The decision's own checks: an appeal that could never be allowed is refused now.
  requireAllowable(state, h.events, target.revision, proposal);
  const appealId = `A${state.appeals.length + 1}`;
  const by = playerName(state, c.by);
  const what = disputedText(state, target.event);
  const where = (rev: string, app: string) => `(${rev} ${target.revision}, ${app} ${appealId})`;
  return {
    type: 'AppealFiled',
    version: 1,
    data: {
      appealId,
      by: c.by,
      againstRevision: target.revision,
      againstType: target.event.type,
      gameNumber: target.gameNumber,
      grounds,
      proposal,
      windowClosesAt: closes,
      filedAt: h.now,
      decisionDeadline: deadline(h.now, c.policy?.decisionDeadlineHours ?? null),
      fee: c.policy?.appealFee ?? null,
      feeRule: c.policy?.feeRule ?? DEFAULT_APPEAL_FEE_RULE,
      refileAfterWithdrawal: c.policy?.refileAfterWithdrawal ?? false,
      explanation: `${by} appeals ${what.en} ${where('revision', 'appeal')}: ${grounds}`,
      explanationPt: `${by} recorre ${what.pt} ${where('revisão', 'recurso')}: ${grounds}`,
    },
  };
}

function supersededBy(h: RecordedHistory, revision: number | undefined): string {
  const by = h.events.find((r) => r.revision === revision);
  return by ? tableWords(by.event.type) : 'a later event';
}

function deadline(filedAt: string, hours: number | null): string | null {
  return hours === null ? null : new Date(Date.parse(filedAt) + hours * 3_600_000).toISOString();
}

// The same player appealing the same event with the same proposal while that appeal is pending
// (once it is decided, requireNotRuledOn refuses any appeal against that event).
function requireNoTwin(
  state: MatchState,
  h: RecordedHistory,
  by: string,
  againstRevision: number,
  proposal: Amendment,
): void {
  const twin = state.appeals.find(
    (a) =>
      a.status === 'PENDING' &&
      a.by === by &&
      a.againstRevision === againstRevision &&
      canonicalJson(filedEvent(h.events, a.id).proposal) === canonicalJson(proposal),
  );
  if (twin)
    throw new DomainError(
      'DUPLICATE_APPEAL',
      `Appeal ${twin.id} already disputes revision ${againstRevision} with the same proposal and is pending`,
      undefined,
      twin.id,
    );
}

// The appeals committee decides: dismissed (the record stands) or allowed with a remedy. A member
// involved in the match or in what the appeal concerns is recused (recusal.ts). An appeal filed
// before sign-off may still be decided after it; allowing one clears the signatures (the new
// result is signed again), reopens the match when the re-derived present is not over, and closes
// as moot any other pending appeal whose disputed event it supersedes; it never undoes another
// appeal's decision (finality.ts).
export function decideAppeal(
  c: DecideAppeal,
  state: MatchState,
  h: RecordedHistory,
): [AppealDecided, ...(AppealFeeSettled | AppealMooted)[]] {
  pendingAppeal(state, c.appealId);
  // Appeals pending together are decided in table order (order.ts).
  requireNoEarlierPending(state, h.events, c.appealId);
  const filed = filedEvent(h.events, c.appealId);
  requireOnPanel(c.decidedBy, c.committee, state, h.events, filed);
  const reason = requireText(c.reason, 'A written reason for the decision');
  const reasonPt =
    c.reasonPt === undefined ? undefined : requireText(c.reasonPt, 'The reason in Portuguese');
  if (c.outcome === 'DISMISSED' && c.remedy)
    throw new DomainError(
      'REMEDY_WITH_DISMISSAL',
      `A dismissal leaves the record as it stands and takes no remedy; allow appeal ${c.appealId} to apply one`,
      undefined,
      c.appealId,
    );
  const decision: Decision = {
    c,
    state,
    h,
    reason,
    filed,
    superseded: supersededRevisions(h.events),
    recorded: toPlaySnapshot(state),
    by: playerName(state, filed.by),
    written: {
      ...(reasonPt === undefined ? {} : { reasonPt }),
      ...(h.now ? { decidedAt: h.now } : {}),
    },
  };
  // The fee is settled with the decision (and each mooted appeal's with its closing).
  if (c.outcome === 'DISMISSED')
    return [dismissed(decision), ...settleFee(state, filed, 'DISMISSED')];
  const decided = allowed(decision);
  const moot = mooted(state, c.appealId, decided.data.supersedes);
  return [decided, ...settleFee(state, filed, 'ALLOWED'), ...mootedWithFees(state, h.events, moot)];
}

interface Decision {
  c: DecideAppeal;
  state: MatchState;
  h: RecordedHistory;
  reason: string;
  filed: AppealFiled['data'];
  superseded: Map<number, number>;
  recorded: PlaySnapshot;
  by: string;
  // The reason in Portuguese and when it was decided (the preview has no time).
  written: { reasonPt?: string; decidedAt?: string };
}

function dismissed(x: Decision): AppealDecided {
  const { c, h, reason, filed, superseded, recorded, by, written } = x;
  // The preview the committee declined, kept beside the record; it may no longer apply.
  let amended: PlaySnapshot | null = null;
  let ruling: RulingV1 | null = null;
  if (!superseded.has(filed.againstRevision)) {
    try {
      const d = rederive(h.events, filed.againstRevision, filed.proposal, 'INVALID_APPEAL');
      amended = d.resulting;
      ruling = d.ruling;
    } catch (err) {
      // A proposal the engine now refuses has no preview; anything else is a real failure.
      if (!(err instanceof DomainError)) throw err;
      amended = null;
    }
  }
  return {
    type: 'AppealDecided',
    version: 3,
    data: {
      appealId: c.appealId,
      decidedBy: c.decidedBy,
      outcome: 'DISMISSED',
      remedy: null,
      reason,
      ...written,
      recorded,
      amended,
      ruling,
      supersedes: [],
      resulting: null,
      reopened: false,
      rule: null,
      explanation: `Appeal ${c.appealId} by ${by} is dismissed and the record stands: ${reason}`,
      explanationPt: `O recurso ${c.appealId} de ${by} é julgado improcedente e o registo mantém-se: ${written.reasonPt ?? reason}`,
    },
  };
}

function allowed(x: Decision): AppealDecided {
  const { c, state, h, reason, filed, superseded, recorded, by, written } = x;
  if (superseded.has(filed.againstRevision))
    throw new DomainError(
      'INVALID_APPEAL',
      `The disputed revision ${filed.againstRevision} has since been superseded at ${superseded.get(filed.againstRevision)}; the appeal can only be dismissed`,
    );
  const remedy = c.remedy
    ? normaliseAmendment(h.events, filed.againstRevision, c.remedy, 'INVALID_APPEAL')
    : filed.proposal;
  const d = rederive(h.events, filed.againstRevision, remedy, 'INVALID_APPEAL');
  // Only a review supersedes a decision: not an appeal reaching behind it.
  requireNoDecisionUndone(state, h.events, d.supersedes, c.appealId);
  const closed = state.final || state.status === 'COMPLETED';
  const reopened = closed && d.resulting.status !== 'COMPLETED';
  const what = REMEDY_TEXT[remedy.kind](state, remedy, d.resulting.status === 'COMPLETED');
  return {
    type: 'AppealDecided',
    version: 3,
    data: {
      appealId: c.appealId,
      decidedBy: c.decidedBy,
      outcome: 'ALLOWED',
      remedy,
      reason,
      ...written,
      recorded,
      amended: d.resulting,
      ruling: d.ruling,
      supersedes: d.supersedes,
      resulting: d.resulting,
      reopened,
      rule: remedy.kind === 'REPLAY_GAME' ? 'G1.33' : null,
      explanation: `Appeal ${c.appealId} by ${by} is allowed: ${what.en}${d.ruling ? ` ${d.ruling.explanation}` : ''} Reason: ${reason}`,
      explanationPt: `O recurso ${c.appealId} de ${by} é julgado procedente: ${what.pt}${d.ruling ? ` ${d.ruling.explanationPt}` : ''} Fundamento: ${written.reasonPt ?? reason}`,
    },
  };
}
