import type { ShotFacts } from '../events/shot-facts';
import type { BallInHand, Group } from '../table/vocabulary';
import type { Text } from './general/explain';
import type { CommonSetup } from './general/setup';
import { ENGINE_VERSION } from './profiles';
import type { FoulFinding, GameResult, PendingChoice, Penalty, RuleId, Ruling } from './ruling';

// The outcome vocabulary every discipline rules with: who plays next, and how.
export type Next = Pick<
  Ruling,
  'turn' | 'nextShooter' | 'ballInHand' | 'pendingChoice' | 'gameResult'
>;

// G1.35: the shooter stays at the table.
export const continues = (shooter: string): Next => ({
  turn: 'CONTINUES',
  nextShooter: shooter,
  ballInHand: 'NONE',
  pendingChoice: null,
  gameResult: null,
});

// The opponent plays the balls as they lie.
export const passes = (to: string): Next => ({
  turn: 'PASSES',
  nextShooter: to,
  ballInHand: 'NONE',
  pendingChoice: null,
  gameResult: null,
});

// G1.17 / G1.10: after a foul the opponent places the cue ball.
export const ballInHand = (to: string, where: Exclude<BallInHand, 'NONE'>): Next => ({
  ...passes(to),
  ballInHand: where,
});

// A12: play waits for a player's choice.
export const choiceOwed = (choice: PendingChoice): Next => ({
  turn: 'CHOICE_PENDING',
  nextShooter: null,
  ballInHand: 'NONE',
  pendingChoice: choice,
  gameResult: null,
});

export const gameOver = (result: GameResult): Next => ({
  turn: 'GAME_OVER',
  nextShooter: null,
  ballInHand: 'NONE',
  pendingChoice: null,
  gameResult: result,
});

// What the shot did, besides who plays next.
export interface ShotRecord {
  fouls: FoulFinding[];
  appliedFoul: FoulFinding | null;
  penalty: Penalty;
  rules: RuleId[];
  legallyPocketed: number[];
  table: TableAfter;
  groupsAssigned?: Record<string, Group> | null;
  consecutiveFoulsAfter: number;
  pushOutAvailable?: boolean;
  why: Text;
}

// The one place a Ruling is assembled.
export function ruling(setup: CommonSetup, next: Next, shot: ShotRecord): Ruling {
  return {
    profile: setup.rules.id,
    engineVersion: ENGINE_VERSION,
    shooter: setup.shooter,
    isBreak: setup.isBreak,
    fouls: shot.fouls,
    appliedFoul: shot.appliedFoul,
    penalty: shot.penalty,
    rules: shot.rules,
    turn: next.turn,
    nextShooter: next.nextShooter,
    ballInHand: next.ballInHand,
    legallyPocketed: shot.legallyPocketed,
    ballsOnTableAfter: shot.table.ballsOnTableAfter,
    spotted: shot.table.spotted,
    groupsAssigned: shot.groupsAssigned ?? null,
    pendingChoice: next.pendingChoice,
    gameResult: next.gameResult,
    consecutiveFoulsAfter: shot.consecutiveFoulsAfter,
    pushOutAvailable: shot.pushOutAvailable ?? false,
    warningsIssued: [],
    explanation: shot.why.en,
    explanationPt: shot.why.pt,
  };
}

export interface TableAfter {
  ballsOnTableAfter: number[];
  spotted: number[];
}

// The balls left on the table: those not pocketed or off the table, and those spotted back.
export function tableAfter(onTable: number[], facts: ShotFacts, spotted: number[]): TableAfter {
  const down = new Set(facts.pocketed.map((p) => p.ball));
  const off = new Set(facts.ballsOffTable);
  return {
    ballsOnTableAfter: onTable.filter((b) => spotted.includes(b) || (!down.has(b) && !off.has(b))),
    spotted,
  };
}
