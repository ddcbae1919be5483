import type {
  ConductSanction,
  LagShot,
  PlayerRef,
  RefereeRulingKind,
  SpontaneousMovementOutcome,
} from '../events/catalogue';
import type { AppealOutcome, RemedyKind, SignatoryCapacity } from '../events/appeals';
import type { ShotCall, ShotFacts } from '../events/shot-facts';
import type { OptionKind } from '../rules/ruling';
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
  competitionId?: string;
  venue?: string;
  tableNumber?: number;
  scheduledAt?: string;
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
}

export interface PlayShot {
  type: 'PlayShot';
  shooter: string;
  facts: ShotFacts;
}

export interface RecordRefereeRuling {
  type: 'RecordRefereeRuling';
  kind: RefereeRulingKind;
  player: string | null;
  restored: boolean | null;
  movement?: SpontaneousMovementOutcome;
  ball?: number;
  sanction?: ConductSanction;
  note: string;
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
  | AmendmentCommand;

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
}

export interface DecideAppeal {
  type: 'DecideAppeal';
  appealId: string;
  decidedBy: string;
  outcome: AppealOutcome;
  // Defaults to the appellant's proposal when allowed.
  remedy?: AmendmentProposal;
  reason: string;
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
}

export type AmendmentCommand =
  | CorrectShot
  | FileAppeal
  | DecideAppeal
  | WithdrawAppeal
  | SignOffMatch;
