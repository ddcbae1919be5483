import type { ShotCall, ShotFacts } from '../../events/shot-facts';
import { groupOf, otherGroup, type Group } from '../../table/vocabulary';
import type { ProfileRules } from '../profiles';
import { ENGINE_VERSION } from '../profiles';
import {
  type Penalty,
  type FoulFinding,
  type GameResult,
  type PendingChoice,
  type RuleId,
  type Ruling,
} from '../ruling';
import { assertFactsFitTable } from '../general/facts-check';
import { generalFouls, mostSevere, RuleTrail, type BreakFoulPolicy } from '../general/fouls';
import { describeFoul, joinSentences, ball, names } from '../general/explain';

// The state before the shot that the 8-ball rules look at.
export interface ShotSetup {
  rules: ProfileRules;
  shooter: string;
  opponent: string;
  isBreak: boolean;
  ballsOnTable: number[];
  groups: Record<string, Group> | null;
  call: ShotCall | null;
  // The shooter's run of fouls before this shot.
  consecutiveFouls: number;
  name: (player: string) => string;
}

function ballsAfter(
  setup: ShotSetup,
  facts: ShotFacts,
  extraSpotted: number[],
): { ballsOnTableAfter: number[]; spotted: number[] } {
  const down = new Set(facts.pocketed.map((p) => p.ball));
  // A3: BCA spots an object ball that left the table; FPB counts it pocketed; WPA leaves it off.
  const spotted = [
    ...(setup.rules.objectBallOffTable === 'SPOTTED'
      ? facts.ballsOffTable.filter((b) => b !== 8)
      : []),
    ...extraSpotted,
  ];
  const off = new Set(facts.ballsOffTable.filter((b) => !spotted.includes(b)));
  const onTable = setup.ballsOnTable.filter(
    (b) => spotted.includes(b) || (!down.has(b) && !off.has(b)),
  );
  return { ballsOnTableAfter: onTable, spotted };
}

// E8.5 / E8.6: on the break, cue-ball and object-ball fouls are break fouls (kitchen ball in hand).
const EIGHT_BALL_BREAK: BreakFoulPolicy = {
  penalty: 'BREAK_FOUL',
  scratchRule: 'E8.5',
  objectOffRule: 'E8.6',
};

function baseFouls(setup: ShotSetup, facts: ShotFacts): FoulFinding[] {
  // The 8 leaving the table is E8.18's business, not a plain G1.28 foul.
  return generalFouls(facts, setup.isBreak ? EIGHT_BALL_BREAK : null, [8]);
}

export function adjudicateEightBall(setup: ShotSetup, facts: ShotFacts): Ruling {
  assertFactsFitTable(setup.ballsOnTable, facts);
  return setup.isBreak ? adjudicateBreak(setup, facts) : adjudicateShot(setup, facts);
}

function ruling(
  setup: ShotSetup,
  parts: Omit<
    Ruling,
    | 'profile'
    | 'engineVersion'
    | 'shooter'
    | 'isBreak'
    | 'consecutiveFoulsAfter'
    | 'pushOutAvailable'
  >,
): Ruling {
  return {
    profile: setup.rules.id,
    engineVersion: ENGINE_VERSION,
    shooter: setup.shooter,
    isBreak: setup.isBreak,
    ...parts,
    // E8.20: counted for the record; three in a row is no loss in 8-ball.
    consecutiveFoulsAfter: parts.appliedFoul ? setup.consecutiveFouls + 1 : 0,
    pushOutAvailable: false,
  };
}

function gameOver(
  setup: ShotSetup,
  trail: RuleTrail,
  fouls: FoulFinding[],
  result: GameResult,
  facts: ShotFacts,
  sentence: string,
): Ruling {
  const shooterLost = result.loser === setup.shooter;
  // E8.18(c): the 8 off the table is a foul (G1.28) that loses the game.
  if (facts.ballsOffTable.includes(8)) {
    fouls.push({
      kind: 'EIGHT_OFF_TABLE',
      rule: 'E8.18',
      penalty: 'LOSS_OF_GAME',
      detail: 'the 8 left the table',
    });
  } else if (shooterLost && fouls.length > 0 && facts.pocketed.some((p) => p.ball === 8)) {
    // E8.18(a): a foul on the stroke that pockets the 8 escalates to loss of game (G1.30: the most severe applies).
    fouls.push({
      kind: 'EIGHT_POCKETED_ON_FOUL',
      rule: 'E8.18',
      penalty: 'LOSS_OF_GAME',
      detail: 'the 8 went down on a foul',
    });
  }
  trail.add(...fouls.map((f) => f.rule), result.rule);
  const applied = mostSevere(fouls);
  return ruling(setup, {
    fouls,
    appliedFoul: applied,
    penalty: shooterLost ? 'LOSS_OF_GAME' : applied ? applied.penalty : 'NONE',
    rules: trail.ids,
    turn: 'GAME_OVER',
    nextShooter: null,
    ballInHand: 'NONE',
    legallyPocketed: shooterLost ? [] : facts.pocketed.map((p) => p.ball),
    ...ballsAfter(setup, facts, []),
    groupsAssigned: null,
    pendingChoice: null,
    gameResult: result,
    explanation: sentence,
  });
}

function adjudicateBreak(setup: ShotSetup, facts: ShotFacts): Ruling {
  const { shooter, opponent, name, rules } = setup;
  const trail = new RuleTrail();
  trail.add('G1.8');
  const fouls = baseFouls(setup, facts);
  const down = facts.pocketed.map((p) => p.ball);

  // A4 / E8.18(c): the 8 off the table on the break.
  if (facts.ballsOffTable.includes(8)) {
    if (rules.eightOffTableOnBreak === 'LOSS_OF_GAME') {
      return gameOver(
        setup,
        trail,
        fouls,
        { winner: opponent, loser: shooter, reason: 'EIGHT_OFF_TABLE', rule: 'E8.18' },
        facts,
        `${name(shooter)} drove the 8 off the table on the break and loses the game (E8.18, A4); ${name(opponent)} wins.`,
      );
    }
    trail.add('E8.7');
    fouls.push({
      kind: 'OBJECT_BALL_OFF_TABLE',
      rule: 'G1.28',
      penalty: 'BREAK_FOUL',
      detail: 'the 8 left the table on the break',
    });
    return breakChoice(
      setup,
      trail,
      fouls,
      facts,
      {
        kind: 'EIGHT_ON_BREAK',
        player: opponent,
        options: ['SPOT_EIGHT_AND_SHOOT', 'RERACK_AND_BREAK'],
        rule: 'E8.7',
        ballInHandIfShooting: 'BEHIND_HEAD_STRING',
      },
      `the 8 left the table on the break; ${name(opponent)} chooses to spot the 8 and shoot from the kitchen, or to re-rack and break (E8.7, A4)`,
    );
  }

  // E8.7: the 8 pocketed on the break is neither a win nor a loss; someone owes a choice.
  if (down.includes(8)) {
    trail.add('E8.7');
    if (fouls.length > 0) {
      return breakChoice(
        setup,
        trail,
        fouls,
        facts,
        {
          kind: 'EIGHT_ON_BREAK',
          player: opponent,
          options: ['RERACK_AND_BREAK', 'SPOT_EIGHT_AND_SHOOT'],
          rule: 'E8.7',
          ballInHandIfShooting: 'BEHIND_HEAD_STRING',
        },
        `the 8 went down on a foul break; ${name(opponent)} chooses to re-rack and break, or to spot the 8 and shoot with ball in hand behind the head string (E8.7)`,
      );
    }
    return breakChoice(
      setup,
      trail,
      fouls,
      facts,
      {
        kind: 'EIGHT_ON_BREAK',
        player: shooter,
        options: ['SPOT_EIGHT_AND_SHOOT', 'RERACK_AND_BREAK'],
        rule: 'E8.7',
        ballInHandIfShooting: 'NONE',
      },
      `${name(shooter)} pocketed the 8 on a legal break and chooses to spot it and continue, or to re-rack and break again (E8.7)`,
      'NONE',
    );
  }

  // E8.3 / A6: a legal break pockets a ball or drives at least four object balls to cushions.
  const legal = down.length > 0 || facts.objectBallsDrivenToRail >= 4;
  if (!legal) {
    trail.add('E8.3');
    if (rules.illegalBreakIsFoul) {
      fouls.push({
        kind: 'ILLEGAL_BREAK',
        rule: 'E8.3',
        penalty: 'BREAK_FOUL',
        detail: `no ball was pocketed and only ${facts.objectBallsDrivenToRail} object balls reached a cushion`,
      });
    }
    const scratched = facts.cueBallScratched || facts.cueBallOffTable;
    return breakChoice(
      setup,
      trail,
      fouls,
      facts,
      {
        kind: 'ILLEGAL_BREAK',
        player: opponent,
        options: ['ACCEPT_TABLE', 'RERACK_AND_BREAK', 'RERACK_OPPONENT_BREAKS'],
        rule: 'E8.3',
        ballInHandIfShooting: scratched ? 'BEHIND_HEAD_STRING' : 'NONE',
      },
      `illegal break: no ball pocketed and fewer than four object balls reached a cushion; ${name(opponent)} chooses to accept the table, re-rack and break, or have ${name(shooter)} break again (E8.3)`,
    );
  }

  const applied = mostSevere(fouls);
  // E8.6: an object ball off the table on a legal break, with the cue ball still in play, lets the
  // incoming player take the table as it is or ball in hand behind the head string.
  const cueBallFoul =
    facts.cueBallScratched || facts.cueBallOffTable || facts.cueBallTouchedPocketedBall;
  if (applied && applied.kind === 'OBJECT_BALL_OFF_TABLE' && !cueBallFoul) {
    return breakChoice(
      setup,
      trail,
      fouls,
      facts,
      {
        kind: 'BALL_OFF_TABLE_ON_BREAK',
        player: opponent,
        options: ['ACCEPT_TABLE', 'BALL_IN_HAND_BEHIND_HEAD_STRING'],
        rule: 'E8.6',
        ballInHandIfShooting: 'NONE',
      },
      `${names(facts.ballsOffTable)} left the table on the break; ${name(opponent)} chooses to accept the table or to take ball in hand behind the head string (E8.6)`,
    );
  }
  if (applied) {
    trail.add(...fouls.map((f) => f.rule));
    // E8.5 / G1.10: break fouls give ball in hand behind the head string; stroke fouls, anywhere (E8.13).
    const kitchen = applied.penalty === 'BREAK_FOUL';
    trail.add(kitchen ? 'G1.10' : 'G1.17');
    return ruling(setup, {
      fouls,
      appliedFoul: applied,
      penalty: applied.penalty,
      rules: trail.ids,
      turn: 'PASSES',
      nextShooter: opponent,
      ballInHand: kitchen ? 'BEHIND_HEAD_STRING' : 'ANYWHERE',
      legallyPocketed: [],
      ...ballsAfter(setup, facts, []),
      groupsAssigned: null,
      pendingChoice: null,
      gameResult: null,
      explanation: joinSentences(
        `Foul on the break by ${name(shooter)} (${applied.rule}): ${describeFoul(applied, fouls)}`,
        `pocketed balls stay down, the table is open, and ${name(opponent)} has ball in hand ${kitchen ? 'behind the head string (G1.10)' : 'anywhere (G1.17)'}`,
      ),
    });
  }

  // E8.4: a ball pocketed on a legal break keeps the breaker at the table; the table stays open.
  const continues = down.length > 0;
  trail.add(continues ? 'E8.4' : 'G1.35');
  return ruling(setup, {
    fouls,
    appliedFoul: null,
    penalty: continues ? 'NONE' : 'TURN_END',
    rules: trail.ids,
    turn: continues ? 'CONTINUES' : 'PASSES',
    nextShooter: continues ? shooter : opponent,
    ballInHand: 'NONE',
    legallyPocketed: down,
    ...ballsAfter(setup, facts, []),
    groupsAssigned: null,
    pendingChoice: null,
    gameResult: null,
    explanation: continues
      ? `Legal break: ${name(shooter)} pocketed ${names(down)} and continues; the table is open (E8.4).`
      : `Legal break with nothing pocketed: the turn passes to ${name(opponent)}, who plays the balls as they lie (G1.35).`,
  });
}

function breakChoice(
  setup: ShotSetup,
  trail: RuleTrail,
  fouls: FoulFinding[],
  facts: ShotFacts,
  choice: PendingChoice,
  why: string,
  // Without a foul: NONE for the breaker's own 8-ball option, BREAK_FOUL for the incoming player's options.
  penaltyWithoutFoul: Penalty = 'BREAK_FOUL',
): Ruling {
  trail.add(...fouls.map((f) => f.rule));
  const applied = mostSevere(fouls);
  return ruling(setup, {
    fouls,
    appliedFoul: applied,
    penalty: applied ? applied.penalty : penaltyWithoutFoul,
    rules: trail.ids,
    turn: 'CHOICE_PENDING',
    nextShooter: null,
    ballInHand: 'NONE',
    legallyPocketed: [],
    ...ballsAfter(setup, facts, []),
    groupsAssigned: null,
    pendingChoice: choice,
    gameResult: null,
    explanation: `${why.charAt(0).toUpperCase()}${why.slice(1)}.`,
  });
}

function adjudicateShot(setup: ShotSetup, facts: ShotFacts): Ruling {
  const { shooter, opponent, name, rules, call } = setup;
  const trail = new RuleTrail();
  const fouls = baseFouls(setup, facts);
  const down = facts.pocketed.map((p) => p.ball);
  const open = setup.groups === null;
  const group = setup.groups ? setup.groups[shooter] : null;
  const ownOnTable = group ? setup.ballsOnTable.filter((b) => groupOf(b) === group) : [];
  // E8.12: once the group is cleared the 8 is the shooter's only legal object ball.
  const onEight = !open && ownOnTable.length === 0;
  const isTarget = (b: number): boolean =>
    open ? b !== 8 : onEight ? b === 8 : groupOf(b) === group;

  // G1.18: first contact with a ball of one's own group (any but the 8 on an open table, E8.8).
  let eightFirstOnOpenTable = false;
  if (facts.firstContact === null) {
    fouls.push({
      kind: 'NO_FIRST_CONTACT',
      rule: 'G1.18',
      penalty: 'STANDARD_FOUL',
      detail: 'the cue ball hit no object ball',
    });
  } else if (open && facts.firstContact === 8) {
    if (rules.eightFirstOnOpenTableIsFoul) {
      fouls.push({
        kind: 'EIGHT_FIRST_ON_OPEN_TABLE',
        rule: 'E8.8',
        penalty: 'STANDARD_FOUL',
        detail: 'the 8 was hit first on an open table',
      });
    } else {
      eightFirstOnOpenTable = true;
    }
  } else if (!isTarget(facts.firstContact)) {
    const wanted = onEight
      ? 'the 8'
      : `a ball of ${group === 'SOLIDS' ? 'the solids' : 'the stripes'}`;
    fouls.push({
      kind: 'WRONG_BALL_FIRST',
      rule: 'G1.18',
      penalty: 'STANDARD_FOUL',
      detail: `the cue ball first hit ${ball(facts.firstContact)}, not ${wanted}`,
    });
  }
  const contactOk =
    facts.firstContact !== null &&
    !fouls.some(
      (f) =>
        f.kind === 'NO_FIRST_CONTACT' ||
        f.kind === 'WRONG_BALL_FIRST' ||
        f.kind === 'EIGHT_FIRST_ON_OPEN_TABLE',
    );

  // G1.4 / A9: the ball that counts is the called ball in the called pocket, or an obvious uncalled one.
  const calledBall = call && !call.safety && call.ball !== null ? call.ball : null;
  let counted: number | null = null;
  if (calledBall !== null) {
    if (
      isTarget(calledBall) &&
      facts.pocketed.some((p) => p.ball === calledBall && p.pocket === call!.pocket)
    )
      counted = calledBall;
  } else if (!call?.safety && facts.callObvious) {
    counted = down.find(isTarget) ?? null;
  }

  // G1.19 / A1: after a good first contact, a ball must be pocketed or some ball must reach a cushion.
  if (contactOk && !eightFirstOnOpenTable) {
    const cushion = facts.railContactsAfterFirstContact.length > 0;
    const pocketSatisfies = rules.legalShotNeedsOwnGroupPocket ? counted !== null : down.length > 0;
    if (!cushion && !pocketSatisfies) {
      fouls.push({
        kind: 'NO_RAIL_AFTER_CONTACT',
        rule: 'G1.19',
        penalty: 'STANDARD_FOUL',
        detail: rules.legalShotNeedsOwnGroupPocket
          ? 'after first contact no ball reached a cushion and no own-group ball was legally pocketed'
          : 'after first contact no ball reached a cushion and nothing was pocketed',
      });
    }
  }
  trail.add(...fouls.map((f) => f.rule));

  // E8.18: the five ways to lose on the 8, and the one way to win (E8.1).
  const eightPocket = facts.pocketed.find((p) => p.ball === 8);
  if (facts.ballsOffTable.includes(8)) {
    return gameOver(
      setup,
      trail,
      fouls,
      { winner: opponent, loser: shooter, reason: 'EIGHT_OFF_TABLE', rule: 'E8.18' },
      facts,
      `${name(shooter)} drove the 8 off the table and loses the game (E8.18); ${name(opponent)} wins.`,
    );
  }
  if (eightPocket) {
    if (!onEight) {
      const withLast = !open && ownOnTable.length > 0 && ownOnTable.every((b) => down.includes(b));
      return gameOver(
        setup,
        trail,
        fouls,
        {
          winner: opponent,
          loser: shooter,
          reason: withLast ? 'EIGHT_POCKETED_WITH_LAST_GROUP_BALL' : 'EIGHT_POCKETED_EARLY',
          rule: 'E8.18',
        },
        facts,
        withLast
          ? `${name(shooter)} pocketed the 8 on the same stroke as the last ball of the group and loses the game (E8.18); ${name(opponent)} wins.`
          : `${name(shooter)} pocketed the 8 before clearing the group and loses the game (E8.18); ${name(opponent)} wins.`,
      );
    }
    const applied = mostSevere(fouls);
    if (applied) {
      return gameOver(
        setup,
        trail,
        fouls,
        { winner: opponent, loser: shooter, reason: 'EIGHT_POCKETED_WITH_FOUL', rule: 'E8.18' },
        facts,
        `${name(shooter)} pocketed the 8 on a foul (${applied.rule}: ${applied.detail}) and loses the game (E8.18); ${name(opponent)} wins.`,
      );
    }
    const calledEight =
      calledBall === 8 ? call!.pocket === eightPocket.pocket : call === null && facts.callObvious;
    if (!calledEight) {
      return gameOver(
        setup,
        trail,
        fouls,
        { winner: opponent, loser: shooter, reason: 'EIGHT_IN_UNCALLED_POCKET', rule: 'E8.18' },
        facts,
        `${name(shooter)} pocketed the 8 in ${eightPocket.pocket}, which was not the called pocket, and loses the game (E8.18); ${name(opponent)} wins.`,
      );
    }
    trail.add('E8.1');
    return gameOver(
      setup,
      trail,
      fouls,
      { winner: shooter, loser: opponent, reason: 'EIGHT_POCKETED_LEGALLY', rule: 'E8.1' },
      facts,
      `${name(shooter)} legally pocketed the called 8 in ${eightPocket.pocket} and wins the game (E8.1).`,
    );
  }

  const after = ballsAfter(setup, facts, []);
  const applied = mostSevere(fouls);
  if (applied) {
    // G1.17 / E8.13: the turn ends and the opponent has ball in hand anywhere; E8.15: balls stay down.
    trail.add('G1.17');
    if (down.length > 0) trail.add('E8.15');
    return ruling(setup, {
      fouls,
      appliedFoul: applied,
      penalty: applied.penalty,
      rules: trail.ids,
      turn: 'PASSES',
      nextShooter: opponent,
      ballInHand: 'ANYWHERE',
      legallyPocketed: [],
      ...after,
      groupsAssigned: null,
      pendingChoice: null,
      gameResult: null,
      explanation: joinSentences(
        `Foul by ${name(shooter)} (${applied.rule}): ${describeFoul(applied, fouls)}`,
        `${name(opponent)} has ball in hand anywhere (G1.17)`,
      ),
    });
  }

  const passes = (rule: RuleId, why: string): Ruling => {
    trail.add(rule);
    if (down.length > 0) trail.add('E8.15');
    return ruling(setup, {
      fouls,
      appliedFoul: null,
      penalty: 'TURN_END',
      rules: trail.ids,
      turn: 'PASSES',
      nextShooter: opponent,
      ballInHand: 'NONE',
      legallyPocketed: [],
      ...after,
      groupsAssigned: null,
      pendingChoice: null,
      gameResult: null,
      explanation: joinSentences(why, `${name(opponent)} plays the balls as they lie (G1.35)`),
    });
  };

  if (eightFirstOnOpenTable) {
    return passes(
      'E8.8',
      `No foul: ${name(shooter)} hit the 8 first on an open table, so nothing scores and the turn ends (E8.8, A2)`,
    );
  }
  if (call?.safety) {
    return passes(
      'E8.11',
      `${name(shooter)} played a declared safety; the turn ends${down.length ? ` and ${names(down)} stay down` : ''} (E8.11)`,
    );
  }
  if (counted === null) {
    if (calledBall !== null) {
      return passes(
        'G1.5',
        `${name(shooter)} did not pocket the called ${calledBall} in ${call!.pocket}; the turn ends (G1.5)`,
      );
    }
    if (down.length > 0) {
      return passes(
        'G1.4',
        `${names(down)} went down without a call and the shot was not attested obvious, so nothing scores (G1.4, A9)`,
      );
    }
    return passes('G1.35', `${name(shooter)} pocketed nothing; the turn ends`);
  }

  // G1.35 / E8.12: a legally pocketed ball keeps the shooter at the table; G1.32: extra balls stay down.
  trail.add('G1.35');
  if (down.length > 1) trail.add('G1.32');
  let groupsAssigned: Record<string, Group> | null = null;
  let groupSentence = '';
  if (open) {
    // E8.9: the group of the legally pocketed called ball becomes the shooter's.
    const mine = groupOf(counted)!;
    groupsAssigned = { [shooter]: mine, [opponent]: otherGroup(mine) };
    trail.add('E8.9');
    groupSentence = `; groups are set: ${name(shooter)} ${mine.toLowerCase()}, ${name(opponent)} ${otherGroup(mine).toLowerCase()} (E8.9)`;
  }
  return ruling(setup, {
    fouls,
    appliedFoul: null,
    penalty: 'NONE',
    rules: trail.ids,
    turn: 'CONTINUES',
    nextShooter: shooter,
    ballInHand: 'NONE',
    legallyPocketed: down.filter((b) => b !== 8),
    ...after,
    groupsAssigned,
    pendingChoice: null,
    gameResult: null,
    explanation: `${name(shooter)} legally pocketed ${ball(counted)}${calledBall !== null ? ` in the called ${call!.pocket}` : ' (obvious)'}${down.length > 1 ? ` (${names(down.filter((b) => b !== counted))} also stay down, G1.32)` : ''} and shoots again (G1.35)${groupSentence}.`,
  });
}
