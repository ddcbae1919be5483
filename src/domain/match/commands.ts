import type { AppealWindowStart } from './amendments/window';
import type {
  ConductSanction,
  LagShot,
  PlayerRef,
  RefereeRulingKind,
  SpontaneousMovementFacts,
  SpontaneousMovementOutcome,
  WarnedViolation,
} from '../events/catalogue';
import type {
  AppealFee,
  AppealFeeRule,
  AppealOutcome,
  EvidenceKind,
  RemedyKind,
  ReviewOutcome,
  SignatoryCapacity,
} from '../events/appeals';
import type { GameResultFacts, ImportSource, ResultAttestation } from '../events/results';
import type { ShotCall, ShotFacts } from '../events/shot-facts';
import type { OptionKind } from '../rules/ruling';
import type { Layout } from '../table/layout';
import type {
  BreakOrderMethod,
  BreakOrderRule,
  Cushion,
  Discipline,
  PlacementZone,
  RuleProfileId,
} from '../table/vocabulary';

export interface ScheduleMatch {
  type: 'ScheduleMatch';
  matchId: string;
  discipline: Discipline;
  ruleProfile: RuleProfileId;
  raceTo: number;
  players: [PlayerRef, PlayerRef];
  breakOrder: BreakOrderRule;
  refereePresent: boolean;
  competition: string | null;
  appealWindowMinutes?: number;
  // Set for a competition's match: the window is then frozen into it (with its minutes).
  appealWindowStart?: AppealWindowStart;
  competitionId?: string;
  venue?: string;
  tableNumber?: number;
  scheduledAt?: string;
  // A match brought in from a past results file.
  imported?: ImportSource;
}

export interface DecideBreakOrder {
  type: 'DecideBreakOrder';
  method: BreakOrderMethod;
  // Coin toss: who won it. Lag: either who won it, or the lag facts for both players to rule on.
  winner: string | null;
  lag?: LagShot[];
}

export interface ChooseOption {
  type: 'ChooseOption';
  player: string;
  option: OptionKind;
}

export interface PlaceCueBall {
  type: 'PlaceCueBall';
  player: string;
  zone: PlacementZone;
  // Where the balls lay once the cue ball was placed (optional, recorded with it).
  layout?: Layout;
}

export interface CallShot {
  type: 'CallShot';
  player: string;
  call: ShotCall;
}

// G1.36: a ball frozen to a cushion, declared before the shot.
export interface DeclareFrozenBall {
  type: 'DeclareFrozenBall';
  declaredBy: string;
  ball: number;
  cushion: Cushion;
  layout?: Layout;
}

export interface PlayShot {
  type: 'PlayShot';
  shooter: string;
  facts: ShotFacts;
  // G1.4 / E8.11 / N9.2: the call made for this shot, recorded with it in one write (as if
  // CallShot had come first); refused when a call is already recorded.
  call?: ShotCall;
  // Where the balls lay before the stroke (optional).
  layout?: Layout;
}

export interface RecordRefereeRuling {
  type: 'RecordRefereeRuling';
  kind: RefereeRulingKind;
  player: string | null;
  restored: boolean | null;
  movement?: SpontaneousMovementOutcome;
  ball?: number;
  // G1.31: what was seen, for the engine to rule the movement (instead of, or checked against,
  // the outcome given as `movement`).
  seen?: SpontaneousMovementFacts;
  sanction?: ConductSanction;
  // A warning: the violation it is given for (G1.9 or G1.29); absent means G1.29, as before.
  violation?: WarnedViolation;
  note: string;
  layout?: Layout;
}

// A layout on its own (now), a cited correction of a recorded one, or an appellant's proposal for
// the event their appeal disputes.
export interface RecordLayout {
  type: 'RecordLayout';
  by: string;
  layout: Layout;
  corrects?: { revision: number; reason: string };
  appealId?: string;
}

export interface AssignOfficials {
  type: 'AssignOfficials';
  scorers: string[];
  referees: string[];
}

export type MatchCommand =
  | ScheduleMatch
  | DecideBreakOrder
  | ChooseOption
  | PlaceCueBall
  | CallShot
  | DeclareFrozenBall
  | PlayShot
  | RecordRefereeRuling
  | AssignOfficials
  | RecordLayout
  | RecordGameResult
  | AmendmentCommand;

// A game recorded as its result (see ../events/results.ts), by `by`, attested as said.
export interface RecordGameResult extends GameResultFacts {
  type: 'RecordGameResult';
  gameNumber: number;
  by: string;
  attestation: ResultAttestation;
  referee?: string | null;
  imported?: ImportSource;
}

// A recorded result corrected: the fields given replace the recorded ones.
export interface CorrectGameResult {
  type: 'CorrectGameResult';
  by: string;
  // The GameResultRecorded corrected.
  revision: number;
  result: Partial<GameResultFacts>;
  reason: string;
}

// Commands decided against the recorded history (see ./amendments/).
export interface CorrectShot {
  type: 'CorrectShot';
  by: string;
  // The ShotPlayed corrected (or its ShotAdjudicated).
  revision: number;
  facts: Partial<ShotFacts>;
  call?: ShotCall;
  reason: string;
}

export interface FileAppeal {
  type: 'FileAppeal';
  by: string;
  againstRevision: number;
  grounds: string;
  proposal: AmendmentProposal;
  // The competition's appeal policy, when it has one (read by the write path; defaults otherwise).
  policy?: AppealPolicy;
}

export interface AppealPolicy {
  appealWindowMinutes?: number;
  decisionDeadlineHours?: number | null;
  appealFee?: AppealFee | null;
  // Who may decide appeals of the competition (null: any committee member).
  committee?: string[] | null;
  // What becomes of a closed appeal's fee, and whether a withdrawn claim may be filed again
  // (default: REFUNDED_WHEN_ALLOWED, not allowed).
  feeRule?: AppealFeeRule;
  refileAfterWithdrawal?: boolean;
}

// Evidence by reference for a pending appeal; `role` is the author's token role.
export interface AttachAppealEvidence {
  type: 'AttachAppealEvidence';
  appealId: string;
  by: string;
  role: string;
  kind: EvidenceKind;
  url?: string;
  atSecond?: number;
  reference?: string;
  text?: string;
  // The competition's committee, when it names one: only its members write hearing notes there.
  committee?: string[] | null;
}

export interface DecideAppeal {
  type: 'DecideAppeal';
  appealId: string;
  decidedBy: string;
  outcome: AppealOutcome;
  // Defaults to the appellant's proposal when allowed.
  remedy?: AmendmentProposal;
  reason: string;
  reasonPt?: string;
  // The competition's committee, when it names one: only its members may decide there.
  committee?: string[] | null;
}

// A review panel confirms a committee decision or sets it aside and substitutes its own.
export interface ReviewAppealDecision {
  type: 'ReviewAppealDecision';
  appealId: string;
  reviewedBy: string;
  outcome: ReviewOutcome;
  // SET_ASIDE: the decision substituted, and when ALLOWED its remedy (default: the proposal).
  decision?: AppealOutcome;
  remedy?: AmendmentProposal;
  reason: string;
  reasonPt?: string;
}

// A player of the match asks for the review of a committee decision, within the window.
export interface RequestAppealReview {
  type: 'RequestAppealReview';
  appealId: string;
  by: string;
  reason: string;
  // The competition's appeal policy (its window, for a match scheduled before windows were frozen).
  policy?: AppealPolicy;
}

// The appellant withdraws a pending appeal, with a reason.
export interface WithdrawAppeal {
  type: 'WithdrawAppeal';
  appealId: string;
  by: string;
  reason: string;
}

export interface SignOffMatch {
  type: 'SignOffMatch';
  by: string;
  capacity: SignatoryCapacity;
}

// A remedy as asked for: facts are changes to the recorded ones, merged when applied.
export interface AmendmentProposal {
  kind: RemedyKind;
  facts?: Partial<ShotFacts>;
  call?: ShotCall;
  restoreRevision?: number;
  player?: string;
  // AMEND_RESULT: the fields of the disputed result changed.
  result?: Partial<GameResultFacts>;
}

export type AmendmentCommand =
  | CorrectShot
  | CorrectGameResult
  | FileAppeal
  | DecideAppeal
  | AttachAppealEvidence
  | ReviewAppealDecision
  | WithdrawAppeal
  | RequestAppealReview
  | SignOffMatch;
