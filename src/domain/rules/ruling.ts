import type { BallInHand, Group, RuleProfileId } from '../table/vocabulary';

// Rule ids as in ../shared/rules/README.md: G1.n general, E8.n 8-ball, N9.n 9-ball, T10.n 10-ball.
export type RuleId = string;

// A8 / G1.30: the order in which penalties beat each other (higher wins).
export const PENALTIES = [
  'NONE',
  'TURN_END',
  'STANDARD_FOUL',
  'BREAK_FOUL',
  'LOSS_OF_GAME',
  'FORFEIT_OF_MATCH',
] as const;
export type Penalty = (typeof PENALTIES)[number];

export function penaltyRank(p: Penalty): number {
  return PENALTIES.indexOf(p);
}

export const FOUL_KINDS = [
  'CUE_BALL_SCRATCHED',
  'CUE_BALL_OFF_TABLE',
  'CUE_BALL_TOUCHED_POCKETED_BALL',
  'OBJECT_BALL_OFF_TABLE',
  'NO_FIRST_CONTACT',
  'WRONG_BALL_FIRST',
  'EIGHT_FIRST_ON_OPEN_TABLE',
  'NO_RAIL_AFTER_CONTACT',
  'ILLEGAL_BREAK',
  'NON_TIP_CONTACT',
  'DOUBLE_HIT',
  'PUSH_SHOT',
  'FOOT_OFF_FLOOR',
  'SHOT_WHILE_BALLS_MOVING',
  'TOUCHED_BALL',
  'SCOOP_JUMP',
  'CUE_BALL_TOUCHED_AFTER_PLACEMENT',
  'EQUIPMENT_MISUSE',
  'TABLE_MARKED',
  'BREAK_CUE_BALL_INTERFERENCE',
  // E8.18: a foul that loses the game because of the 8.
  'EIGHT_OFF_TABLE',
  'EIGHT_POCKETED_ON_FOUL',
  // N9.8 / T10.10: the third consecutive foul after the two-foul warning.
  'THIRD_CONSECUTIVE_FOUL',
  // A10 (G1.9, G1.29): the second warned violation of the same rule forfeits the match.
  'SECOND_WARNED_VIOLATION',
  // G1.10, G1.22, G1.37: cue ball in hand.
  'PLACEMENT_OVER_HEAD_STRING',
  'OBJECT_BALL_TOUCHED_WHILE_PLACING',
  'CUE_BALL_DID_NOT_CROSS_HEAD_STRING',
] as const;
export type FoulKind = (typeof FOUL_KINDS)[number];

export interface FoulFinding {
  kind: FoulKind;
  rule: RuleId;
  penalty: Penalty;
  detail: string;
  detailPt: string;
}

export const OPTIONS = [
  'BREAK',
  'CEDE_BREAK',
  'ACCEPT_TABLE',
  'BALL_IN_HAND_BEHIND_HEAD_STRING',
  'RERACK_AND_BREAK',
  'RERACK_OPPONENT_BREAKS',
  'SPOT_EIGHT_AND_SHOOT',
  // N9.2 / T10.6: after a push out or a wrongful pocketing, shoot or hand the shot back.
  'SHOOT',
  'PASS_BACK',
  // G1.37 without a referee: ball in hand, or restore and replay.
  'BALL_IN_HAND_ANYWHERE',
  'REPLAY_SHOT',
] as const;
export type OptionKind = (typeof OPTIONS)[number];

export const CHOICE_KINDS = [
  'BREAK_OR_CEDE',
  'ILLEGAL_BREAK',
  'EIGHT_ON_BREAK',
  'BALL_OFF_TABLE_ON_BREAK',
  'AFTER_PUSH_OUT',
  'WRONGFUL_POCKET',
  'BREAK_INTERFERENCE',
  'KITCHEN_SHOT_NOT_CROSSED',
] as const;
export type ChoiceKind = (typeof CHOICE_KINDS)[number];

// A12: a choice owed to a player; play is refused until it is recorded.
export interface PendingChoice {
  kind: ChoiceKind;
  player: string;
  options: OptionKind[];
  rule: RuleId;
  // Ball in hand the chooser gets if they choose to shoot the table as it lies.
  ballInHandIfShooting: BallInHand;
  // G1.37 replay: balls to put back if the shot is replayed.
  restore?: number[];
}

export const TURN_RESULTS = ['CONTINUES', 'PASSES', 'CHOICE_PENDING', 'GAME_OVER'] as const;
export type TurnResult = (typeof TURN_RESULTS)[number];

export const GAME_END_REASONS = [
  'EIGHT_POCKETED_LEGALLY',
  'EIGHT_POCKETED_WITH_FOUL',
  'EIGHT_POCKETED_WITH_LAST_GROUP_BALL',
  'EIGHT_OFF_TABLE',
  'EIGHT_IN_UNCALLED_POCKET',
  'EIGHT_POCKETED_EARLY',
  'NINE_ON_THE_BREAK',
  'NINE_POCKETED_LEGALLY',
  'TEN_POCKETED_LEGALLY',
  'THREE_CONSECUTIVE_FOULS',
  'MATCH_FORFEITED',
  'UNSPORTSMANLIKE_CONDUCT',
  // The appeals committee awarded the game.
  'AWARDED_ON_APPEAL',
  // A game recorded as its result (no shots): won, lost by a foul that ends it, or forfeited.
  'RESULT_RECORDED',
  'RESULT_LOST_BY_FOUL',
  'RESULT_GAME_FORFEITED',
] as const;
export type GameEndReason = (typeof GAME_END_REASONS)[number];

export interface GameResult {
  winner: string;
  loser: string;
  reason: GameEndReason;
  rule: RuleId;
}

export interface Ruling {
  profile: RuleProfileId;
  engineVersion: string;
  shooter: string;
  isBreak: boolean;
  fouls: FoulFinding[];
  // G1.30: the one foul whose penalty was applied (the most severe), null when clean.
  appliedFoul: FoulFinding | null;
  penalty: Penalty;
  rules: RuleId[];
  turn: TurnResult;
  nextShooter: string | null;
  ballInHand: BallInHand;
  legallyPocketed: number[];
  ballsOnTableAfter: number[];
  spotted: number[];
  groupsAssigned: Record<string, Group> | null;
  pendingChoice: PendingChoice | null;
  gameResult: GameResult | null;
  // The shooter's run of fouls after this shot (N9.8, T10.10; counted but harmless in 8-ball, E8.20).
  consecutiveFoulsAfter: number;
  // N9.2 / T10.3: whether the next shot may be declared a push out.
  pushOutAvailable: boolean;
  // G1.9 / G1.29: the warnings issued to the shooter with this ruling, one per rule violated (A14);
  // a second warned violation of the same rule forfeits the match (A10).
  warningsIssued: RuleId[];
  explanation: string;
  explanationPt: string;
}
