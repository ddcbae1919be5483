import type { ShotFacts } from '../../events/shot-facts';
import { sentence, type Text } from '../general/explain';
import type { CommonSetup } from '../general/setup';
import { continues, gameOver, passes, ruling, tableAfter, type Next } from '../outcome';
import type { FoulFinding, GameEndReason, Penalty, RuleId, Ruling } from '../ruling';
import { ruledShot, type RuledShot } from '../shot';

// 9-ball (N9) and 10-ball (T10) under WPA: rotation games where the lowest ball is hit first.
export interface RotationSetup extends CommonSetup {
  discipline: 'NINE_BALL' | 'TEN_BALL';
  pushOutAvailable: boolean;
  // Whether the shooter has had the two-foul warning (N9.8).
  warned: boolean;
}

// One rotation shot being ruled.
export interface RotationShot extends RuledShot<RotationSetup> {
  nine: boolean;
  // The ball that wins the rack: the 9 or the 10.
  money: number;
  // N9.2 / T10.3: this shot was declared a push out.
  pushOut: boolean;
  // N9.4 / T10.8: the money ball comes back whenever it went down or off other than to win.
  spotMoney: number[];
  // The 9-ball rule, or its 10-ball counterpart.
  id: (n9: RuleId, t10: RuleId) => RuleId;
}

// The shot with no fouls found yet.
export function startShot(setup: RotationSetup, facts: ShotFacts): RotationShot {
  const nine = setup.discipline === 'NINE_BALL';
  const money = nine ? 9 : 10;
  const shot = ruledShot(setup, facts, []);
  const moneyGone = shot.down.includes(money) || facts.ballsOffTable.includes(money);
  return {
    ...shot,
    nine,
    money,
    pushOut: !setup.isBreak && setup.call?.pushOut === true,
    spotMoney: moneyGone ? [money] : [],
    id: (n9, t10) => (nine ? n9 : t10),
  };
}

export interface RotationParts {
  fouls?: FoulFinding[];
  appliedFoul: FoulFinding | null;
  penalty: Penalty;
  legallyPocketed: number[];
  spotted: number[];
  consecutiveFoulsAfter: number;
  pushOutAvailable?: boolean;
  why: Text;
}

export function rotationRuling(shot: RotationShot, next: Next, parts: RotationParts): Ruling {
  // Field by field (no spread): this runs for every shot.
  return ruling(shot.setup, next, {
    fouls: parts.fouls ?? shot.fouls,
    appliedFoul: parts.appliedFoul,
    penalty: parts.penalty,
    rules: shot.trail.ids,
    legallyPocketed: parts.legallyPocketed,
    table: tableAfter(shot.setup.ballsOnTable, shot.facts, parts.spotted),
    consecutiveFoulsAfter: parts.consecutiveFoulsAfter,
    pushOutAvailable: parts.pushOutAvailable,
    why: parts.why,
  });
}

// The shooter stays at the table (G1.35, N9.3, T10.2, T10.7).
export function staysAtTable(
  shot: RotationShot,
  rule: RuleId,
  why: Text,
  pushOutNext: boolean,
  spotted: number[],
): Ruling {
  shot.trail.add(rule);
  return rotationRuling(shot, continues(shot.setup.shooter), {
    appliedFoul: null,
    penalty: 'NONE',
    legallyPocketed: shot.down.filter((b) => !spotted.includes(b)),
    spotted,
    consecutiveFoulsAfter: 0,
    pushOutAvailable: pushOutNext,
    why: sentence(why),
  });
}

// No foul, and the opponent plays the balls as they lie (G1.35).
export function turnPasses(
  shot: RotationShot,
  rule: RuleId,
  why: Text,
  pushOutNext = false,
): Ruling {
  shot.trail.add(rule);
  return rotationRuling(shot, passes(shot.setup.opponent), {
    appliedFoul: null,
    penalty: 'TURN_END',
    legallyPocketed: [],
    spotted: [],
    consecutiveFoulsAfter: 0,
    pushOutAvailable: pushOutNext,
    why: sentence(why),
  });
}

// The shooter wins the rack (N9.3, T10.7).
export function wins(shot: RotationShot, reason: GameEndReason, rule: RuleId, why: Text): Ruling {
  const { setup } = shot;
  shot.trail.add(rule);
  return rotationRuling(
    shot,
    gameOver({ winner: setup.shooter, loser: setup.opponent, reason, rule }),
    {
      appliedFoul: null,
      penalty: 'NONE',
      legallyPocketed: shot.down,
      spotted: [],
      consecutiveFoulsAfter: 0,
      why: sentence(why),
    },
  );
}
