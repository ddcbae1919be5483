import type { ShotCall, ShotFacts } from '../../events/shot-facts';
import { assertFactsFitTable } from '../general/facts-check';
import { ball, describeFoul, names } from '../general/explain';
import { generalFouls, mostSevere, RuleTrail, type BreakFoulPolicy } from '../general/fouls';
import { ENGINE_VERSION, type ProfileRules } from '../profiles';
import type { FoulFinding, GameEndReason, PendingChoice, RuleId, Ruling } from '../ruling';

// 9-ball (N9) and 10-ball (T10) under WPA: rotation games where the lowest ball is hit first.

export interface RotationSetup {
  discipline: 'NINE_BALL' | 'TEN_BALL';
  rules: ProfileRules;
  shooter: string;
  opponent: string;
  isBreak: boolean;
  ballsOnTable: number[];
  call: ShotCall | null;
  pushOutAvailable: boolean;
  // The shooter's run of fouls before this shot, and whether the two-foul warning was given.
  consecutiveFouls: number;
  warned: boolean;
  name: (player: string) => string;
}

interface GameRules {
  money: number;
  id: (n9: RuleId, t10: RuleId) => RuleId;
}

// A7: break fouls in 9- and 10-ball give ball in hand anywhere, like any standard foul.
const ROTATION_BREAK: BreakFoulPolicy = {
  penalty: 'STANDARD_FOUL',
  scratchRule: 'G1.20',
  objectOffRule: 'G1.28',
};

export function adjudicateRotation(setup: RotationSetup, facts: ShotFacts): Ruling {
  assertFactsFitTable(setup.ballsOnTable, facts);
  const nine = setup.discipline === 'NINE_BALL';
  const game: GameRules = { money: nine ? 9 : 10, id: (n9, t10) => (nine ? n9 : t10) };
  const { shooter, opponent, name } = setup;
  const trail = new RuleTrail();
  const down = facts.pocketed.map((p) => p.ball);
  const pushOut = !setup.isBreak && setup.call?.pushOut === true;
  const lowest = Math.min(...setup.ballsOnTable);

  // Fouls. On a push out, wrong ball first and no cushion are suspended (N9.2); the rest apply.
  const fouls: FoulFinding[] = generalFouls(facts, setup.isBreak ? ROTATION_BREAK : null, [
    game.money,
  ]);
  if (facts.ballsOffTable.includes(game.money)) {
    fouls.push({
      kind: 'OBJECT_BALL_OFF_TABLE',
      rule: 'G1.28',
      penalty: 'STANDARD_FOUL',
      detail: `${ball(game.money)} left the table`,
    });
  }
  if (!pushOut) {
    const firstRule = setup.isBreak ? game.id('N9.1', 'T10.1') : game.id('N9.6', 'T10.9');
    if (facts.firstContact === null) {
      fouls.push({
        kind: 'NO_FIRST_CONTACT',
        rule: firstRule,
        penalty: 'STANDARD_FOUL',
        detail: 'the cue ball hit no object ball',
      });
    } else if (facts.firstContact !== lowest) {
      fouls.push({
        kind: 'WRONG_BALL_FIRST',
        rule: firstRule,
        penalty: 'STANDARD_FOUL',
        detail: `the cue ball first hit ${ball(facts.firstContact)}, not the lowest ball, ${ball(lowest)}`,
      });
    } else if (setup.isBreak) {
      // N9.1 / T10.1: with nothing pocketed, at least four object balls must reach a cushion.
      if (down.length === 0 && facts.objectBallsDrivenToRail < 4) {
        fouls.push({
          kind: 'ILLEGAL_BREAK',
          rule: game.id('N9.1', 'T10.1'),
          penalty: 'STANDARD_FOUL',
          detail: `nothing was pocketed and only ${facts.objectBallsDrivenToRail} object balls reached a cushion`,
        });
      }
    } else if (down.length === 0 && facts.railContactsAfterFirstContact.length === 0) {
      fouls.push({
        kind: 'NO_RAIL_AFTER_CONTACT',
        rule: game.id('N9.7', 'T10.9'),
        penalty: 'STANDARD_FOUL',
        detail: 'nothing was pocketed and no ball reached a cushion after contact',
      });
    }
  }

  const base = {
    profile: setup.rules.id,
    engineVersion: ENGINE_VERSION,
    shooter,
    isBreak: setup.isBreak,
    fouls,
    groupsAssigned: null,
  };
  const after = (spotted: number[]) => ({
    spotted,
    ballsOnTableAfter: setup.ballsOnTable.filter(
      (b) => spotted.includes(b) || (!down.includes(b) && !facts.ballsOffTable.includes(b)),
    ),
  });
  const moneyGone = down.includes(game.money) || facts.ballsOffTable.includes(game.money);
  // N9.4 / T10.8: the money ball comes back whenever it went down or off other than to win.
  const spotMoney = moneyGone ? [game.money] : [];

  const applied = mostSevere(fouls);
  if (applied) {
    trail.add(...fouls.map((f) => f.rule));
    const count = setup.consecutiveFouls + 1;
    // N9.8 / T10.10: a third foul in a row loses the rack, but only after the two-foul warning;
    // unwarned, it counts as the second.
    if (count >= 3 && setup.warned) {
      const third: FoulFinding = {
        kind: 'THIRD_CONSECUTIVE_FOUL',
        rule: game.id('N9.8', 'T10.10'),
        penalty: 'LOSS_OF_GAME',
        detail: 'a third consecutive foul after the two-foul warning',
      };
      trail.add(third.rule);
      return {
        ...base,
        fouls: [...fouls, third],
        appliedFoul: third,
        penalty: 'LOSS_OF_GAME',
        rules: trail.ids,
        turn: 'GAME_OVER',
        nextShooter: null,
        ballInHand: 'NONE',
        legallyPocketed: [],
        ...after(spotMoney),
        pendingChoice: null,
        gameResult: {
          winner: opponent,
          loser: shooter,
          reason: 'THREE_CONSECUTIVE_FOULS',
          rule: third.rule,
        },
        consecutiveFoulsAfter: count,
        pushOutAvailable: false,
        explanation: `Foul by ${name(shooter)} (${applied.rule}): ${describeFoul(applied, fouls)}; it is the third foul in a row after the warning, so ${name(shooter)} loses the rack and ${name(opponent)} wins (${third.rule}).`,
      };
    }
    const counted = count >= 3 ? 2 : count;
    trail.add(game.id('N9.5', 'T10.9'));
    if (spotMoney.length) trail.add(game.id('N9.4', 'T10.8'));
    return {
      ...base,
      appliedFoul: applied,
      penalty: 'STANDARD_FOUL',
      rules: trail.ids,
      turn: 'PASSES',
      nextShooter: opponent,
      ballInHand: 'ANYWHERE',
      legallyPocketed: [],
      ...after(spotMoney),
      pendingChoice: null,
      gameResult: null,
      consecutiveFoulsAfter: counted,
      pushOutAvailable: false,
      explanation:
        `Foul by ${name(shooter)} (${applied.rule}): ${describeFoul(applied, fouls)}; ${name(opponent)} has ball in hand anywhere (${game.id('N9.5', 'T10.9')})` +
        (spotMoney.length ? `; ${ball(game.money)} is spotted (${game.id('N9.4', 'T10.8')})` : '') +
        (count >= 3
          ? `; no two-foul warning was given, so this counts as the second foul (${game.id('N9.8', 'T10.10')})`
          : '') +
        '.',
    };
  }

  const clean = {
    ...base,
    appliedFoul: null,
    consecutiveFoulsAfter: 0,
  };
  const win = (reason: GameEndReason, rule: RuleId, sentence: string): Ruling => {
    trail.add(rule);
    return {
      ...clean,
      penalty: 'NONE',
      rules: trail.ids,
      turn: 'GAME_OVER',
      nextShooter: null,
      ballInHand: 'NONE',
      legallyPocketed: down,
      ...after([]),
      pendingChoice: null,
      gameResult: { winner: shooter, loser: opponent, reason, rule },
      pushOutAvailable: false,
      explanation: sentence,
    };
  };
  const choice = (kind: PendingChoice['kind'], rule: RuleId, why: string): Ruling => {
    trail.add(rule);
    if (spotMoney.length) trail.add(game.id('N9.4', 'T10.8'));
    return {
      ...clean,
      penalty: 'NONE',
      rules: trail.ids,
      turn: 'CHOICE_PENDING',
      nextShooter: null,
      ballInHand: 'NONE',
      legallyPocketed: [],
      ...after(spotMoney),
      pendingChoice: {
        kind,
        player: opponent,
        options: ['SHOOT', 'PASS_BACK'],
        rule,
        ballInHandIfShooting: 'NONE',
      },
      gameResult: null,
      pushOutAvailable: false,
      explanation: `${why}${spotMoney.length ? `; ${ball(game.money)} is spotted` : ''}; ${name(opponent)} chooses to shoot or to hand the shot back (${rule}).`,
    };
  };
  const next = (
    continues: boolean,
    rule: RuleId,
    sentence: string,
    pushOutNext: boolean,
    spotted: number[] = [],
  ): Ruling => {
    trail.add(rule);
    return {
      ...clean,
      penalty: continues ? 'NONE' : 'TURN_END',
      rules: trail.ids,
      turn: continues ? 'CONTINUES' : 'PASSES',
      nextShooter: continues ? shooter : opponent,
      ballInHand: 'NONE',
      legallyPocketed: continues ? down.filter((b) => !spotted.includes(b)) : [],
      ...after(spotted),
      pendingChoice: null,
      gameResult: null,
      pushOutAvailable: pushOutNext,
      explanation: sentence,
    };
  };

  if (setup.isBreak) {
    // N9.3 / A11: the 9 on a legal break wins; T10.2 / A11: the 10 is spotted and the breaker continues.
    if (nine && down.includes(9))
      return win(
        'NINE_ON_THE_BREAK',
        'N9.3',
        `${name(shooter)} pocketed the 9 on a legal break and wins the rack (N9.3, A11).`,
      );
    const spotted = nine ? [] : spotMoney;
    if (down.length > 0) {
      return next(
        true,
        game.id('N9.3', 'T10.2'),
        `Legal break: ${name(shooter)} pocketed ${names(down)}${spotted.length ? ` (the 10 is spotted, T10.2)` : ''} and continues; a push out is allowed on the next shot (${game.id('N9.2', 'T10.3')}).`,
        true,
        spotted,
      );
    }
    return next(
      false,
      'G1.35',
      `Legal break with nothing pocketed: ${name(opponent)} plays the balls as they lie and may push out (${game.id('N9.2', 'T10.3')}).`,
      true,
    );
  }

  if (pushOut) {
    // N9.2 / T10.3: nothing scores on a push out; the money ball is spotted; the opponent chooses.
    return choice(
      'AFTER_PUSH_OUT',
      game.id('N9.2', 'T10.3'),
      `${name(shooter)} pushed out with no foul${down.filter((b) => b !== game.money).length ? ` (${names(down.filter((b) => b !== game.money))} stay down)` : ''}`,
    );
  }

  if (nine) {
    // N9.3: any legally pocketed ball continues the inning; the 9 legally pocketed wins, combinations included.
    if (down.includes(9))
      return win(
        'NINE_POCKETED_LEGALLY',
        'N9.3',
        `${name(shooter)} legally pocketed the 9 and wins the rack (N9.3).`,
      );
    if (setup.call?.safety) {
      return next(
        false,
        'G1.35',
        `${name(shooter)} played a declared safety${down.length ? `; ${names(down)} stay down` : ''}; ${name(opponent)} plays the balls as they lie.`,
        false,
      );
    }
    if (down.length > 0)
      return next(
        true,
        'N9.3',
        `${name(shooter)} legally pocketed ${names(down)} and continues (N9.3).`,
        false,
      );
    return next(
      false,
      'G1.35',
      `${name(shooter)} pocketed nothing; ${name(opponent)} plays the balls as they lie (G1.35).`,
      false,
    );
  }

  // 10-ball: called shots (T10.4), safeties (T10.5), wrongful pocketing (T10.6, A11b).
  const call = setup.call;
  if (call?.safety) {
    if (down.length > 0)
      return choice(
        'WRONGFUL_POCKET',
        'T10.6',
        `${names(down)} went down on a called safety, which is a wrongful pocketing (T10.5, A11b)`,
      );
    return next(
      false,
      'T10.5',
      `${name(shooter)} played a called safety; ${name(opponent)} plays the balls as they lie (T10.5).`,
      false,
    );
  }
  const calledDown =
    call &&
    call.ball !== null &&
    facts.pocketed.some((p) => p.ball === call.ball && p.pocket === call.pocket);
  const legal = calledDown || (!call && facts.callObvious && down.length > 0);
  if (legal) {
    const target = calledDown ? call!.ball! : down[0];
    // A11b: the 10 legally pocketed as the called ball wins, even early and in a combination.
    if (target === 10 || (!calledDown && down.includes(10))) {
      return win(
        'TEN_POCKETED_LEGALLY',
        'T10.7',
        `${name(shooter)} legally pocketed the called 10 and wins the rack (T10.7).`,
      );
    }
    const spotted = spotMoney;
    if (spotted.length) trail.add('T10.8');
    return next(
      true,
      'T10.7',
      `${name(shooter)} legally pocketed ${calledDown ? `the called ${target} in ${call!.pocket}` : `${ball(target)} (obvious, T10.4)`}${spotted.length ? '; the uncalled 10 is spotted (A11b)' : ''} and continues (T10.7).`,
      false,
      spotted,
    );
  }
  if (down.length > 0) {
    const why =
      call && call.ball !== null
        ? `the called ${call.ball} did not go down in ${call.pocket}, but ${names(down)} did`
        : `${names(down)} went down without a call`;
    return choice(
      'WRONGFUL_POCKET',
      'T10.6',
      `No foul: ${why}, a wrongful pocketing that ends the inning (T10.6)`,
    );
  }
  return next(
    false,
    'G1.35',
    `${name(shooter)} pocketed nothing; ${name(opponent)} plays the balls as they lie (G1.35).`,
    false,
  );
}
