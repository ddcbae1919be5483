import type {
  AmendmentEvent,
  AppealDecided,
  AppealFiled,
  AppealReviewed,
  AppealState,
} from '../../events/appeals';
import { installPlaySnapshot } from '../play-snapshot';
import type { MatchState } from '../state';

// evolve for corrections, appeals and sign-off: install what was decided, nothing more.
export function evolveAmendment(next: MatchState, event: AmendmentEvent): MatchState {
  switch (event.type) {
    case 'ShotCorrected':
      installPlaySnapshot(next, event.data.resulting);
      return next;
    case 'AppealFiled':
      next.appeals = [...next.appeals, filedAppeal(event.data)];
      return next;
    case 'AppealDecided':
      return appealDecided(next, event.data);
    case 'AppealReviewed':
      return appealReviewed(next, event.data);
    case 'AppealEvidenceAttached': {
      const { appealId, explanation: _en, explanationPt: _pt, ...item } = event.data;
      next.appeals = next.appeals.map((a) =>
        a.id === appealId
          ? { ...a, evidence: [...a.evidence, { ...item, forReview: item.forReview ?? false }] }
          : a,
      );
      return next;
    }
    case 'AppealReviewRequested': {
      const { appealId, by } = event.data;
      next.appeals = next.appeals.map((a) =>
        a.id === appealId ? { ...a, reviewRequestedBy: by } : a,
      );
      return next;
    }
    case 'AppealWithdrawn':
      next.appeals = closed(next, event.data.appealId, 'WITHDRAWN', event.data.reason);
      return next;
    case 'AppealMooted': {
      const { appealId, mootedBy, reason } = event.data;
      next.appeals = closed(next, appealId, 'MOOT', reason).map((a) =>
        a.id === appealId ? { ...a, mootedBy } : a,
      );
      return next;
    }
    case 'AppealFeeSettled': {
      const { appealId, outcome, fee } = event.data;
      next.appeals = next.appeals.map((a) =>
        a.id === appealId ? { ...a, feeOutcome: { outcome, ...fee } } : a,
      );
      return next;
    }
    case 'MatchSigned':
      next.signatures = [...next.signatures, event.data.by];
      next.signaturesAskedAgain = next.signaturesAskedAgain.filter((b) => b !== event.data.by);
      return next;
    case 'MatchSignedOff':
      next.final = true;
      next.signaturesAskedAgain = [];
      return next;
  }
}

// A filed appeal starts pending, with nothing decided, reviewed or attached yet.
function filedAppeal(d: AppealFiled['data']): AppealState {
  return {
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
    reviewedBy: null,
    reviewRequestedBy: null,
    review: null,
    filedAt: d.filedAt ?? null,
    windowClosesAt: d.windowClosesAt,
    decisionDeadline: d.decisionDeadline ?? null,
    decidedAt: null,
    reasonPt: null,
    fee: d.fee ?? null,
    feeOutcome: null,
    evidence: [],
    mootedBy: null,
  };
}

function appealDecided(next: MatchState, d: AppealDecided['data']): MatchState {
  next.appeals = next.appeals.map((a) =>
    a.id === d.appealId
      ? {
          ...a,
          status: d.outcome,
          decidedBy: d.decidedBy,
          remedy: d.remedy?.kind ?? null,
          reason: d.reason,
          reasonPt: d.reasonPt ?? null,
          decidedAt: d.decidedAt ?? null,
        }
      : a,
  );
  if (d.outcome === 'ALLOWED' && d.resulting) {
    installPlaySnapshot(next, d.resulting);
    clearSignatures(next);
  }
  return next;
}

function appealReviewed(next: MatchState, d: AppealReviewed['data']): MatchState {
  next.appeals = next.appeals.map((a) =>
    a.id === d.appealId
      ? {
          ...a,
          status: d.decision,
          remedy: d.remedy?.kind ?? null,
          reason: d.outcome === 'SET_ASIDE' ? d.reason : a.reason,
          reasonPt: d.outcome === 'SET_ASIDE' ? (d.reasonPt ?? null) : a.reasonPt,
          reviewedBy: d.reviewedBy,
          review: d.outcome,
        }
      : a,
  );
  const reopens = d.reopens ?? [];
  next.appeals = next.appeals.map((a) =>
    reopens.includes(a.id)
      ? { ...a, status: 'PENDING' as const, reason: null, mootedBy: null, feeOutcome: null }
      : a,
  );
  if (d.resulting) {
    installPlaySnapshot(next, d.resulting);
    clearSignatures(next);
  }
  return next;
}

// An appeal closed without a decision: nobody decided it, and the reason says why it closed.
function closed(
  s: MatchState,
  id: string,
  status: 'WITHDRAWN' | 'MOOT',
  reason: string,
): AppealState[] {
  return s.appeals.map((a) => (a.id === id ? { ...a, status, reason } : a));
}

// A decision that changes the record clears the signatures: whoever had signed is asked again.
function clearSignatures(s: MatchState): void {
  s.signaturesAskedAgain = [...new Set([...s.signaturesAskedAgain, ...s.signatures])];
  s.signatures = [];
  s.final = false;
}
