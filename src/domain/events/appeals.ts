import type { RuleId } from '../rules/ruling';
import type { RulingV1 } from './ruling';
import type { PlaySnapshot } from './play-snapshot';
import type { GameResultFacts } from './results';
import type { ShotCall, ShotFacts } from './shot-facts';
import type { AppealFee, AppealFeeRule, AppealFeeSettled, FeeOutcome } from './appeal-fees';
import type { AppealEvidenceAttached, Evidence } from './appeal-evidence';

export * from './appeal-fees';
export * from './appeal-evidence';

// Corrections, appeals and sign-off. Nothing recorded is ever deleted: an event that
// changes the past names the revisions it supersedes and carries the re-derived present
// (`resulting`), so evolve only installs it and a replay can never disagree with the decision.

export const REMEDY_KINDS = [
  // Re-adjudicate the disputed shot with amended facts (and/or call) and resume from there.
  'AMEND_FACTS',
  // The position as it was right after a given revision; play resumes from it.
  'RESTORE_AT_EVENT',
  // The disputed game goes to a named player; score, next game (G1.34) or match end follow.
  'AWARD_GAME',
  // Re-rack the disputed game, the original breaker breaking again (as G1.33).
  'REPLAY_GAME',
  // A result-level game's result, corrected; the match is re-derived from it.
  'AMEND_RESULT',
] as const;
export type RemedyKind = (typeof REMEDY_KINDS)[number];

export interface Amendment {
  kind: RemedyKind;
  // AMEND_FACTS: facts replacing the recorded ones (whole, already merged), and the call in force.
  facts?: ShotFacts;
  call?: ShotCall;
  // RESTORE_AT_EVENT: the revision whose resulting position is restored.
  restoreRevision?: number;
  // AWARD_GAME: who is awarded the game.
  player?: string;
  // AMEND_RESULT: the result replacing the recorded one (whole, already merged).
  result?: GameResultFacts;
}

// A scorer's or referee's correction of a shot's facts, while its frame is still in play.
export interface ShotCorrected {
  type: 'ShotCorrected';
  // Version 2: the rulings carry warningsIssued (version 1: warningIssued; see upcast.ts).
  version: 2;
  data: {
    correctedRevision: number;
    gameNumber: number;
    shotNumber: number;
    correctedBy: string;
    reason: string;
    // Original and correction side by side.
    original: { facts: ShotFacts; call: ShotCall | null; ruling: RulingV1 };
    corrected: { facts: ShotFacts; call: ShotCall | null; ruling: RulingV1 };
    supersedes: number[];
    resulting: PlaySnapshot;
    explanation: string;
    explanationPt: string;
  };
}

export interface AppealFiled {
  type: 'AppealFiled';
  version: 1;
  data: {
    appealId: string;
    by: string;
    againstRevision: number;
    againstType: string;
    gameNumber: number | null;
    grounds: string;
    proposal: Amendment;
    // The filing window it was filed in (from the disputed event's recordedAt).
    windowClosesAt: string;
    // When it was filed, and by when the committee should decide (absent in older events; the
    // deadline is null when the competition sets none). The fee is recorded, never collected.
    filedAt?: string;
    decisionDeadline?: string | null;
    fee?: AppealFee | null;
    // What becomes of the fee when the appeal closes, and whether a withdrawn claim may be filed
    // again: the competition's settings, frozen at filing (absent in older events: the defaults).
    feeRule?: AppealFeeRule;
    refileAfterWithdrawal?: boolean;
    explanation: string;
    explanationPt: string;
  };
}

// DISMISSED: the record stands. ALLOWED: the appellant wins and the remedy applies.
export const APPEAL_OUTCOMES = ['DISMISSED', 'ALLOWED'] as const;
export type AppealOutcome = (typeof APPEAL_OUTCOMES)[number];

// Where an appeal stands: pending, decided, withdrawn by its appellant, or closed as moot.
export const APPEAL_STATUSES = ['PENDING', ...APPEAL_OUTCOMES, 'WITHDRAWN', 'MOOT'] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];

// Version 3 (version 1 said UPHELD for DISMISSED and OVERTURNED for ALLOWED; versions 1 and 2
// held a ruling with warningIssued instead of warningsIssued; see upcast.ts).
export interface AppealDecided {
  type: 'AppealDecided';
  version: 3;
  data: {
    appealId: string;
    decidedBy: string;
    outcome: AppealOutcome;
    // null when dismissed: the record stands.
    remedy: Amendment | null;
    reason: string;
    // The reason in Portuguese, when the committee gives one (absent in older events).
    reasonPt?: string;
    // When it was decided (absent in older events: the metadata's recordedAt says it).
    decidedAt?: string;
    // The preview the decision was taken on: the recorded and the amended present, side by side.
    recorded: PlaySnapshot;
    amended: PlaySnapshot | null;
    // The re-adjudicated ruling of the disputed shot, for AMEND_FACTS.
    ruling: RulingV1 | null;
    supersedes: number[];
    resulting: PlaySnapshot | null;
    // An allowed appeal on a completed or signed-off match reopens it.
    reopened: boolean;
    rule: RuleId | null;
    explanation: string;
    explanationPt: string;
  };
}

// The review of a committee decision: the only thing that may supersede an AppealDecided. A review
// panel (its own role, none of its members the decider or involved) confirms the decision or sets
// it aside and substitutes its own (DISMISSED: the record the appeal disputed is restored; ALLOWED:
// with a remedy, re-derived as if the decision had not been taken). One review per decision.
export const REVIEW_OUTCOMES = ['CONFIRMED', 'SET_ASIDE'] as const;
export type ReviewOutcome = (typeof REVIEW_OUTCOMES)[number];

export interface AppealReviewed {
  type: 'AppealReviewed';
  // Version 2: the ruling carries warningsIssued (version 1: warningIssued; see upcast.ts).
  version: 2;
  data: {
    appealId: string;
    // The AppealDecided reviewed.
    reviewedRevision: number;
    reviewedBy: string;
    outcome: ReviewOutcome;
    // The reason in Portuguese, when the panel gives one (absent in older events).
    reasonPt?: string;
    // The decision in force after the review (CONFIRMED: the reviewed one's).
    decision: AppealOutcome;
    remedy: Amendment | null;
    reason: string;
    ruling: RulingV1 | null;
    // SET_ASIDE: the reviewed decision and the play after it; the events the decision superseded
    // are reinstated (and superseded again when the substituted remedy replaces them).
    supersedes: number[];
    reinstates: number[];
    // SET_ASIDE: the appeals the reviewed decision had closed as moot whose disputed event is in
    // force again; they are pending again (absent in older events: none).
    reopens?: string[];
    resulting: PlaySnapshot | null;
    reopened: boolean;
    explanation: string;
    explanationPt: string;
  };
}

// A party asks for the review of a committee decision, within the window (counted from the
// decision). Until the panel reviews it, evidence may be attached for the review.
export interface AppealReviewRequested {
  type: 'AppealReviewRequested';
  version: 1;
  data: {
    appealId: string;
    by: string;
    reason: string;
    requestedAt: string;
    // When the window to ask closed (the decision's recordedAt plus the match's window).
    windowClosesAt: string;
    explanation: string;
    explanationPt: string;
  };
}

// The appellant withdraws a pending appeal.
export interface AppealWithdrawn {
  type: 'AppealWithdrawn';
  version: 1;
  data: {
    appealId: string;
    by: string;
    reason: string;
    explanation: string;
    explanationPt: string;
  };
}

// A pending appeal overtaken by events: an allowing decision on another appeal superseded the
// event it disputes. Appended by the same command, right after that AppealDecided.
export interface AppealMooted {
  type: 'AppealMooted';
  version: 1;
  data: {
    appealId: string;
    // The appeal whose decision superseded the disputed event.
    mootedBy: string;
    againstRevision: number;
    reason: string;
    explanation: string;
    explanationPt: string;
  };
}

export const SIGNATORY_CAPACITIES = ['PLAYER', 'REFEREE'] as const;
export type SignatoryCapacity = (typeof SIGNATORY_CAPACITIES)[number];

// One signature on the scoresheet of a completed match.
export interface MatchSigned {
  type: 'MatchSigned';
  version: 1;
  data: { by: string; capacity: SignatoryCapacity; explanation: string; explanationPt: string };
}

// Both players, or the referee, have signed: the match is final.
export interface MatchSignedOff {
  type: 'MatchSignedOff';
  version: 1;
  data: {
    signedBy: string[];
    score: Record<string, number>;
    winner: string | null;
    explanation: string;
    explanationPt: string;
  };
}

export interface AppealState {
  id: string;
  by: string;
  againstRevision: number;
  gameNumber: number | null;
  grounds: string;
  proposal: RemedyKind;
  status: AppealStatus;
  decidedBy: string | null;
  remedy: RemedyKind | null;
  reason: string | null;
  // Who reviewed the decision, and how (null until reviewed); who asked for the review.
  reviewedBy: string | null;
  reviewRequestedBy: string | null;
  review: ReviewOutcome | null;
  // Filed at, window and deadline (null for appeals filed before these were recorded).
  filedAt: string | null;
  windowClosesAt: string;
  decisionDeadline: string | null;
  decidedAt: string | null;
  reasonPt: string | null;
  fee: AppealFee | null;
  // The fee's outcome once the appeal is closed (null: open, or no fee).
  feeOutcome: { outcome: FeeOutcome; amount: number; currency: string } | null;
  evidence: (Evidence & { forReview: boolean })[];
  // MOOT: the appeal whose decision (or review) mooted it; null otherwise.
  mootedBy: string | null;
}

export type AmendmentEvent =
  | ShotCorrected
  | AppealFiled
  | AppealDecided
  | AppealReviewed
  | AppealEvidenceAttached
  | AppealReviewRequested
  | AppealWithdrawn
  | AppealMooted
  | AppealFeeSettled
  | MatchSigned
  | MatchSignedOff;
