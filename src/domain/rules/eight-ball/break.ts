import type { ShotFacts } from '../../events/shot-facts';
import { breakInterferenceChoice } from '../general/conduct';
import { describeFoul, sentence, type Text } from '../general/explain';
import { mostSevere } from '../general/fouls';
import { GENERAL_TEXTS } from '../general/texts';
import { foul } from '../foul-catalogue';
import { ballInHand, choiceOwed, continues, passes } from '../outcome';
import {
  penaltyRank,
  type FoulFinding,
  type PendingChoice,
  type Penalty,
  type Ruling,
} from '../ruling';
import { ruledShot } from '../shot';
import { baseFouls } from './fouls';
import { lost } from './game-end';
import { eightBallRuling, type EightBallShot, type ShotSetup } from './shot';
import { EIGHT_BALL_TEXTS as TEXTS } from './texts';

// The break (G1.8, E8.3 to E8.7).
export function adjudicateBreak(setup: ShotSetup, facts: ShotFacts, interference: boolean): Ruling {
  const shot = ruledShot(setup, facts, baseFouls(setup, facts));
  shot.trail.add('G1.8');
  if (facts.ballsOffTable.includes(8)) return eightOffOnBreak(shot);
  // G1.9: the cue ball stopped or deflected on the break; the opponent chooses who breaks the re-rack.
  if (interference) {
    const choice = breakInterferenceChoice(setup.opponent);
    return breakChoice(shot, choice, GENERAL_TEXTS.breakInterference(shot.who));
  }
  if (shot.down.includes(8)) return eightOnBreak(shot);
  // E8.3 / A6: a legal break pockets a ball or drives at least four object balls to cushions.
  if (shot.down.length === 0 && facts.objectBallsDrivenToRail < 4) return illegalBreak(shot);
  return legalBreak(shot);
}

function opponentChooses(
  shot: EightBallShot,
  kind: PendingChoice['kind'],
  options: PendingChoice['options'],
  rule: string,
  ballInHandIfShooting: PendingChoice['ballInHandIfShooting'] = 'NONE',
): PendingChoice {
  return { kind, player: shot.setup.opponent, options, rule, ballInHandIfShooting };
}

// A4 / E8.18(c): the 8 off the table on the break.
function eightOffOnBreak(shot: EightBallShot): Ruling {
  if (shot.setup.rules.eightOffTableOnBreak === 'LOSS_OF_GAME') {
    return lost(shot, 'EIGHT_OFF_TABLE', TEXTS.eightOffOnBreakLoses(shot.who));
  }
  shot.trail.add('E8.7');
  shot.fouls.push(foul('OBJECT_BALL_OFF_TABLE', [[8], true], { penalty: 'BREAK_FOUL' }));
  const options: PendingChoice['options'] = ['SPOT_EIGHT_AND_SHOOT', 'RERACK_AND_BREAK'];
  return breakChoice(
    shot,
    opponentChooses(shot, 'EIGHT_ON_BREAK', options, 'E8.7', 'BEHIND_HEAD_STRING'),
    TEXTS.eightOffOnBreakChoice(shot.who),
  );
}

// E8.7: the 8 pocketed on the break is neither a win nor a loss; someone owes a choice.
function eightOnBreak(shot: EightBallShot): Ruling {
  shot.trail.add('E8.7');
  if (shot.fouls.length > 0) {
    const options: PendingChoice['options'] = ['RERACK_AND_BREAK', 'SPOT_EIGHT_AND_SHOOT'];
    return breakChoice(
      shot,
      opponentChooses(shot, 'EIGHT_ON_BREAK', options, 'E8.7', 'BEHIND_HEAD_STRING'),
      TEXTS.eightOnFoulBreak(shot.who),
    );
  }
  const choice: PendingChoice = {
    kind: 'EIGHT_ON_BREAK',
    player: shot.setup.shooter,
    options: ['SPOT_EIGHT_AND_SHOOT', 'RERACK_AND_BREAK'],
    rule: 'E8.7',
    ballInHandIfShooting: 'NONE',
  };
  // E8.4: the other balls of a legal break stay down and are legally pocketed, whatever is chosen.
  const legally = shot.down.filter((b) => b !== 8);
  return breakChoice(shot, choice, TEXTS.eightOnLegalBreak(shot.who), 'NONE', legally);
}

function illegalBreak(shot: EightBallShot): Ruling {
  const { facts } = shot;
  shot.trail.add('E8.3');
  const own = shot.setup.rules.illegalBreakIsFoul
    ? foul('ILLEGAL_BREAK', [facts.objectBallsDrivenToRail, 'no ball'])
    : null;
  // A15: any other foul of the stroke (a scratch, a stroke foul, a placement foul) leaves A6's
  // options standing, and accepting the table comes with its ball in hand (E8.5: the kitchen).
  const other = shot.fouls.length > 0;
  if (other) shot.trail.add('A15');
  if (own) shot.fouls.push(own);
  const options: PendingChoice['options'] = [
    'ACCEPT_TABLE',
    'RERACK_AND_BREAK',
    'RERACK_OPPONENT_BREAKS',
  ];
  const inHand = other ? 'BEHIND_HEAD_STRING' : 'NONE';
  const why = TEXTS.illegalBreak(shot.who);
  return breakChoice(
    shot,
    opponentChooses(shot, 'ILLEGAL_BREAK', options, 'E8.3', inHand),
    other ? sentence(why, TEXTS.acceptWithBallInHand(shot.who, 'A15')) : why,
    'BREAK_FOUL',
    [],
    own,
  );
}

function legalBreak(shot: EightBallShot): Ruling {
  const { facts, down, who } = shot;
  const applied = mostSevere(shot.fouls);
  // E8.6: an object ball off the table on a legal break, with the cue ball still in play, lets the
  // incoming player take the table as it is or ball in hand behind the head string. A18: a foul as
  // severe beside it (a placement foul) leaves the option standing, its ball in hand with the table.
  const cueBallFoul =
    facts.cueBallScratched || facts.cueBallOffTable || facts.cueBallTouchedPocketedBall;
  const off = shot.fouls.find((f) => f.kind === 'OBJECT_BALL_OFF_TABLE');
  if (off && applied && !cueBallFoul && penaltyRank(off.penalty) >= penaltyRank(applied.penalty)) {
    const others = shot.fouls.length > 1;
    if (others) shot.trail.add('A18');
    const options: PendingChoice['options'] = ['ACCEPT_TABLE', 'BALL_IN_HAND_BEHIND_HEAD_STRING'];
    const why = TEXTS.ballOffOnBreak(who, facts.ballsOffTable);
    return breakChoice(
      shot,
      opponentChooses(
        shot,
        'BALL_OFF_TABLE_ON_BREAK',
        options,
        'E8.6',
        others ? 'BEHIND_HEAD_STRING' : 'NONE',
      ),
      others ? sentence(why, TEXTS.acceptWithBallInHand(who, 'A18')) : why,
      'BREAK_FOUL',
      [],
      off,
    );
  }
  if (applied) return foulOnBreak(shot, applied);
  // E8.4: a ball pocketed on a legal break keeps the breaker at the table; the table stays open.
  const continuing = down.length > 0;
  shot.trail.add(continuing ? 'E8.4' : 'G1.35');
  return eightBallRuling(
    shot,
    continuing ? continues(shot.setup.shooter) : passes(shot.setup.opponent),
    {
      appliedFoul: null,
      penalty: continuing ? 'NONE' : 'TURN_END',
      legallyPocketed: down,
      why: continuing ? TEXTS.legalBreak(who, down) : TEXTS.emptyBreak(who),
    },
  );
}

// E8.5 / G1.10: break fouls give ball in hand behind the head string; stroke fouls, anywhere (E8.13).
function foulOnBreak(shot: EightBallShot, applied: FoulFinding): Ruling {
  const { fouls, trail, who } = shot;
  trail.add(...fouls.map((f) => f.rule));
  const kitchen = applied.penalty === 'BREAK_FOUL';
  trail.add(kitchen ? 'G1.10' : 'G1.17');
  const where = kitchen ? 'BEHIND_HEAD_STRING' : 'ANYWHERE';
  return eightBallRuling(shot, ballInHand(shot.setup.opponent, where), {
    appliedFoul: applied,
    penalty: applied.penalty,
    legallyPocketed: [],
    why: sentence(
      TEXTS.foulOnBreak(who, applied.rule, describeFoul(applied, fouls)),
      TEXTS.afterBreakFoul(who, kitchen),
    ),
  });
}

function breakChoice(
  shot: EightBallShot,
  choice: PendingChoice,
  why: Text,
  // Without a foul: NONE for the breaker's own 8-ball option, BREAK_FOUL for the incoming player's options.
  penaltyWithoutFoul: Penalty = 'BREAK_FOUL',
  legallyPocketed: number[] = [],
  // A18: the foul that gives the option is the one applied when another is as severe.
  optionFoul: FoulFinding | null = null,
): Ruling {
  shot.trail.add(...shot.fouls.map((f) => f.rule));
  const applied = mostSevere(optionFoul ? [optionFoul, ...shot.fouls] : shot.fouls);
  return eightBallRuling(shot, choiceOwed(choice), {
    appliedFoul: applied,
    penalty: applied ? applied.penalty : penaltyWithoutFoul,
    legallyPocketed,
    why: sentence(why),
  });
}
