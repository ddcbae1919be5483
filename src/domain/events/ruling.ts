import type {
  ChoiceKind,
  FoulFinding,
  FoulKind,
  GameEndReason,
  GameResult,
  OptionKind,
  PendingChoice,
  Penalty,
  Ruling,
  RuleId,
  TurnResult,
} from '../rules/ruling';
import type { BallInHand, Group, RuleProfileId } from '../table/vocabulary';

// The per-shot ruling as ShotAdjudicated (version 2), and the shot a ShotCorrected, an
// AppealDecided or an AppealReviewed re-adjudicated, store it: a stored contract, spelled out
// field by field and kept apart from the engine's Ruling, so a change to the engine's type cannot
// silently change what is written to the ledger. Stored events are never rewritten: a change of
// shape is a new version with an upcaster (upcast.ts lifts the single-warning ruling of engine
// 1.3.0 and before into this one), never an edit of this one.

export interface FoulFindingV1 {
  kind: FoulKind;
  rule: RuleId;
  penalty: Penalty;
  detail: string;
  detailPt: string;
}

export interface PendingChoiceV1 {
  kind: ChoiceKind;
  player: string;
  options: OptionKind[];
  rule: RuleId;
  ballInHandIfShooting: BallInHand;
  restore?: number[];
}

export interface GameResultV1 {
  winner: string;
  loser: string;
  reason: GameEndReason;
  rule: RuleId;
}

export interface RulingV1 {
  profile: RuleProfileId;
  engineVersion: string;
  shooter: string;
  isBreak: boolean;
  fouls: FoulFindingV1[];
  appliedFoul: FoulFindingV1 | null;
  penalty: Penalty;
  rules: RuleId[];
  turn: TurnResult;
  nextShooter: string | null;
  ballInHand: BallInHand;
  legallyPocketed: number[];
  ballsOnTableAfter: number[];
  spotted: number[];
  groupsAssigned: Record<string, Group> | null;
  pendingChoice: PendingChoiceV1 | null;
  gameResult: GameResultV1 | null;
  consecutiveFoulsAfter: number;
  pushOutAvailable: boolean;
  warningsIssued: RuleId[];
  explanation: string;
  explanationPt: string;
}

// Both ways copy each field by name, in the order the engine assembles a ruling: a field added
// to one side and not mapped fails the type check instead of reaching the ledger unnoticed.
type Rulings = Ruling | RulingV1;

function copy<T extends Rulings>(r: Rulings): T {
  return {
    profile: r.profile,
    engineVersion: r.engineVersion,
    shooter: r.shooter,
    isBreak: r.isBreak,
    fouls: r.fouls.map(foul),
    appliedFoul: r.appliedFoul && foul(r.appliedFoul),
    penalty: r.penalty,
    rules: [...r.rules],
    turn: r.turn,
    nextShooter: r.nextShooter,
    ballInHand: r.ballInHand,
    legallyPocketed: [...r.legallyPocketed],
    ballsOnTableAfter: [...r.ballsOnTableAfter],
    spotted: [...r.spotted],
    groupsAssigned: r.groupsAssigned && { ...r.groupsAssigned },
    pendingChoice: r.pendingChoice && choice(r.pendingChoice),
    gameResult: r.gameResult && result(r.gameResult),
    consecutiveFoulsAfter: r.consecutiveFoulsAfter,
    pushOutAvailable: r.pushOutAvailable,
    warningsIssued: [...r.warningsIssued],
    explanation: r.explanation,
    explanationPt: r.explanationPt,
  } satisfies Record<keyof Ruling | keyof RulingV1, unknown> as T;
}

export const toRulingV1 = (ruling: Ruling): RulingV1 => copy<RulingV1>(ruling);
export const fromRulingV1 = (stored: RulingV1): Ruling => copy<Ruling>(stored);

function foul(f: FoulFinding | FoulFindingV1): FoulFindingV1 & FoulFinding {
  return { kind: f.kind, rule: f.rule, penalty: f.penalty, detail: f.detail, detailPt: f.detailPt };
}

function choice(c: PendingChoice | PendingChoiceV1): PendingChoiceV1 & PendingChoice {
  return {
    kind: c.kind,
    player: c.player,
    options: [...c.options],
    rule: c.rule,
    ballInHandIfShooting: c.ballInHandIfShooting,
    ...(c.restore === undefined ? {} : { restore: [...c.restore] }),
  };
}

function result(g: GameResult | GameResultV1): GameResultV1 & GameResult {
  return { winner: g.winner, loser: g.loser, reason: g.reason, rule: g.rule };
}
