import type { PlayerRef, RefereeRulingKind } from '../events/catalogue';
import type { ShotCall, ShotFacts } from '../events/shot-facts';
import type { OptionKind } from '../rules/ruling';
import type {
  BreakOrderMethod,
  BreakOrderRule,
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
}

export interface DecideBreakOrder {
  type: 'DecideBreakOrder';
  method: BreakOrderMethod;
  winner: string;
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
  | PlayShot
  | RecordRefereeRuling
  | AssignOfficials;
