import { registerEnumType } from '@nestjs/graphql';
import {
  ACTOR_ROLES,
  APPEAL_OUTCOMES,
  APPEAL_WINDOW_STARTS,
  REVIEW_OUTCOMES,
  EVIDENCE_KINDS,
  STATEMENT_CAPACITIES,
  APPEAL_STATUSES,
  APPEAL_FEE_RULES,
  FEE_OUTCOMES,
  REMEDY_KINDS,
  BALL_IN_HAND,
  BREAK_ORDER_METHODS,
  BREAK_ORDER_RULES,
  CHOICE_KINDS,
  CONDUCT_SANCTIONS,
  LAG_FAULTS,
  RAIL_CONTACT_KINDS,
  SPONTANEOUS_MOVEMENT_OUTCOMES,
  CUSHIONS,
  DISCIPLINES,
  FOUL_KINDS,
  GAME_END_REASONS,
  GROUPS,
  HEAD_STRING_POSITIONS,
  OPTIONS,
  PENALTIES,
  PLACEMENT_ZONES,
  POCKETS,
  REFEREE_RULING_KINDS,
  RULE_PROFILES,
  STROKE_FOUL_KINDS,
  TURN_RESULTS,
  WARNED_VIOLATIONS,
} from '../../domain';

// GraphQL enums are generated from the domain's own constant lists, so they cannot drift.
function enumOf<T extends string>(
  values: readonly T[],
  name: string,
  description: string,
): Record<T, T> {
  const e = Object.fromEntries(values.map((v) => [v, v])) as Record<T, T>;
  registerEnumType(e, { name, description });
  return e;
}

export const Discipline = enumOf(
  DISCIPLINES,
  'Discipline',
  'The game played in every rack of the match.',
);
export const RuleProfile = enumOf(
  RULE_PROFILES,
  'RuleProfile',
  'Rule book pinned when the match is scheduled (see the decisions table A1–A12).',
);
export const Pocket = enumOf(
  POCKETS,
  'Pocket',
  'FL/FR foot corners, SL/SR side pockets, HL/HR head corners.',
);
export const Cushion = enumOf(
  CUSHIONS,
  'Cushion',
  'A long rail is two cushions split by the side pocket.',
);
export const BallInHand = enumOf(
  BALL_IN_HAND,
  'BallInHand',
  'Where the incoming shooter may place the cue ball.',
);
export const PlacementZone = enumOf(
  PLACEMENT_ZONES,
  'PlacementZone',
  'Where the cue ball was placed (G1.10, G1.16).',
);
export const HeadStringPosition = enumOf(
  HEAD_STRING_POSITIONS,
  'HeadStringPosition',
  'Where a ball lies relative to the head string, judged by where its base touches the cloth (G1.12): KITCHEN = behind the line (in the kitchen); ON_HEAD_STRING = on the line itself, which is not part of the kitchen (G1.16); BEYOND_HEAD_STRING = past the line, towards the foot of the table.',
);
export const BreakOrderRule = enumOf(
  BREAK_ORDER_RULES,
  'BreakOrderRule',
  'G1.34: who breaks the next game.',
);
export const BreakOrderMethod = enumOf(
  BREAK_ORDER_METHODS,
  'BreakOrderMethod',
  'G1.6–1.7: how the first break was decided.',
);
export const Group = enumOf(GROUPS, 'Group', '8-ball groups (E8.1).');
export const StrokeFoulKind = enumOf(
  STROKE_FOUL_KINDS,
  'StrokeFoulKind',
  'A foul reported by the referee or opponent.',
);
export const OptionKind = enumOf(
  OPTIONS,
  'OptionKind',
  'A choice a player makes when the rules give them one (A12).',
);
export const ChoiceKind = enumOf(CHOICE_KINDS, 'ChoiceKind', 'Why a choice is owed.');
export const Penalty = enumOf(PENALTIES, 'Penalty', 'Penalty tiers, least to most severe (A8).');
export const TurnResult = enumOf(
  TURN_RESULTS,
  'TurnResult',
  'What happens to the inning after a shot.',
);
export const GameEndReason = enumOf(
  GAME_END_REASONS,
  'GameEndReason',
  'How a game was won or lost (E8.1, E8.18).',
);
export const FoulKind = enumOf(FOUL_KINDS, 'FoulKind', 'A foul the engine found.');
export const RefereeRulingKind = enumOf(
  REFEREE_RULING_KINDS,
  'RefereeRulingKind',
  'A referee decision recorded as its own event.',
);
export const WarnedViolation = enumOf(
  WARNED_VIOLATIONS,
  'WarnedViolation',
  'The rule a referee warning is given under. BREAK_CUE_BALL_INTERFERENCE (G1.9): on the break, the cue ball was stopped or deflected after crossing the head string and before hitting an object ball. NON_TIP_CONTACT (G1.29): the cue ball was intentionally contacted with a part of the cue other than the tip. A second warned violation of the same rule in the match forfeits it (A10).',
);
export const ActorRole = enumOf(
  ACTOR_ROLES,
  'ActorRole',
  'The role in which an event was recorded.',
);
export const MatchStatus = enumOf(
  ['AWAITING_BREAK_ORDER', 'IN_PLAY', 'COMPLETED'] as const,
  'MatchStatus',
  'Where the match stands.',
);
export const GameStatus = enumOf(
  ['IN_PROGRESS', 'OVER'] as const,
  'GameStatus',
  'Where the game stands.',
);
export const LagFault = enumOf(LAG_FAULTS, 'LagFault', 'G1.6: how a lag ball loses the lag.');
export const SpontaneousMovementOutcome = enumOf(
  SPONTANEOUS_MOVEMENT_OUTCOMES,
  'SpontaneousMovementOutcome',
  'G1.31: a ball that moved by itself stays, is replaced, or the stroke is replayed.',
);
export const ConductSanction = enumOf(
  CONDUCT_SANCTIONS,
  'ConductSanction',
  'G1.39: the referee’s sanction.',
);
export const RailContactKind = enumOf(
  RAIL_CONTACT_KINDS,
  'RailContactKind',
  'G1.36: how a declared frozen ball met a cushion.',
);
export const RemedyKind = enumOf(
  REMEDY_KINDS,
  'RemedyKind',
  'How allowing an appeal amends the record.',
);
export const AppealWindowStart = enumOf(
  APPEAL_WINDOW_STARTS,
  'AppealWindowStart',
  'What an appeal window counts from: SHOT the disputed event, GAME_END the end of its game, MATCH_END the end of the match.',
);
export const AppealOutcome = enumOf(
  APPEAL_OUTCOMES,
  'AppealOutcome',
  'DISMISSED: the record stands; ALLOWED: the appellant wins and the remedy applies.',
);
export const EvidenceKind = enumOf(
  EVIDENCE_KINDS,
  'EvidenceKind',
  'Evidence by reference: VIDEO (url, atSecond), PHOTO (url or reference), STATEMENT (text), HEARING_NOTES (the committee’s).',
);
export const StatementCapacity = enumOf(
  STATEMENT_CAPACITIES,
  'StatementCapacity',
  'In what capacity the author attached the evidence.',
);
export const ReviewOutcome = enumOf(
  REVIEW_OUTCOMES,
  'ReviewOutcome',
  'CONFIRMED: the committee decision stands; SET_ASIDE: the review panel substitutes its own decision.',
);
export const AppealStatus = enumOf(
  APPEAL_STATUSES,
  'AppealStatus',
  'Where an appeal stands: PENDING, decided (DISMISSED: the record stands, or ALLOWED: the appellant won), WITHDRAWN by its appellant, or MOOT (a decision on another appeal superseded the event it disputes).',
);
export const FeeOutcome = enumOf(
  FEE_OUTCOMES,
  'FeeOutcome',
  'What became of a closed appeal’s fee: REFUNDED to the appellant or FORFEITED.',
);
export const AppealFeeRule = enumOf(
  APPEAL_FEE_RULES,
  'AppealFeeRule',
  'A competition’s rule for appeal fees: REFUNDED_WHEN_ALLOWED (default: refunded when allowed or moot, forfeited when dismissed or withdrawn), REFUNDED_UNLESS_DISMISSED (a withdrawal is refunded too), ALWAYS_FORFEITED.',
);
