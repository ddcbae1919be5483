import { groupOf, otherGroup, type Group } from '../../table/vocabulary';
import { directShot, notObvious } from '../general/cushions';
import { describeFoul, sentence, t, type Text } from '../general/explain';
import { GENERAL_TEXTS } from '../general/texts';
import { ballInHand, choiceOwed, continues, passes } from '../outcome';
import type { FoulFinding, RuleId, Ruling } from '../ruling';
import type { Targets } from './fouls';
import { eightBallRuling, type EightBallShot } from './shot';
import { EIGHT_BALL_TEXTS as TEXTS } from './texts';

export interface Counted {
  calledBall: number | null;
  // The ball that keeps the shooter at the table, if any.
  counted: number | null;
}

// G1.4 / A9: the ball that counts is the called ball in the called pocket, or an obvious uncalled one.
export function countedBall({ setup, facts, down }: EightBallShot, tg: Targets): Counted {
  const call = setup.call;
  const calledBall = call && !call.safety && call.ball !== null ? call.ball : null;
  if (calledBall !== null) {
    const inPocket = facts.pocketed.some((p) => p.ball === calledBall && p.pocket === call!.pocket);
    return { calledBall, counted: tg.isTarget(calledBall) && inPocket ? calledBall : null };
  }
  if (call?.safety || !facts.callObvious) return { calledBall, counted: null };
  // A9: only a direct shot can be obvious (combinations never are): the ball hit first must drop.
  const direct = directShot(facts) ? facts.firstContact : null;
  const obvious = direct !== null && tg.isTarget(direct) && down.includes(direct);
  return { calledBall, counted: obvious ? direct : null };
}

// G1.17 / E8.13: the turn ends and the opponent has ball in hand anywhere; E8.15: balls stay down.
export function foulPasses(shot: EightBallShot, applied: FoulFinding): Ruling {
  const { fouls, trail, who } = shot;
  trail.add('G1.17');
  if (shot.down.length > 0) trail.add('E8.15');
  return eightBallRuling(shot, ballInHand(shot.setup.opponent, 'ANYWHERE'), {
    appliedFoul: applied,
    penalty: applied.penalty,
    legallyPocketed: [],
    why: sentence(
      GENERAL_TEXTS.foulBy(who, applied.rule, describeFoul(applied, fouls)),
      GENERAL_TEXTS.ballInHandAnywhere(who, 'G1.17'),
    ),
  });
}

// G1.37 without a referee: the cue ball did not leave the kitchen first. The opponent chooses:
// claim the foul and take ball in hand (then it counts as a foul, see options), or have the balls
// restored and the shot replayed (no foul). Until then the shooter's run of fouls stands.
export function kitchenReplayChoice(shot: EightBallShot): Ruling {
  shot.trail.add('G1.37');
  const choice = choiceOwed({
    kind: 'KITCHEN_SHOT_NOT_CROSSED',
    player: shot.setup.opponent,
    options: ['BALL_IN_HAND_ANYWHERE', 'REPLAY_SHOT'],
    rule: 'G1.37',
    ballInHandIfShooting: 'ANYWHERE',
    restore: [...shot.down, ...shot.facts.ballsOffTable],
  });
  return eightBallRuling(shot, choice, {
    appliedFoul: null,
    penalty: 'NONE',
    legallyPocketed: [],
    consecutiveFoulsAfter: shot.setup.consecutiveFouls,
    why: TEXTS.kitchenNotCrossed(shot.who),
  });
}

// A clean shot: the turn passes unless a ball counted (E8.8, E8.11, G1.4, G1.5, G1.35).
export function cleanShot(
  shot: EightBallShot,
  tg: Targets,
  c: Counted,
  eightFirst: boolean,
): Ruling {
  const { who, down } = shot;
  const call = shot.setup.call;
  const pass = (rule: RuleId, why: Text): Ruling => passTurn(shot, rule, why);
  if (eightFirst) return pass('E8.8', TEXTS.eightFirstOnOpenTable(who));
  if (call?.safety) return pass('E8.11', TEXTS.safety(who, down));
  if (c.counted !== null) return pocketedLegally(shot, tg, c.counted, c.calledBall !== null);
  if (c.calledBall !== null)
    return pass('G1.5', TEXTS.calledMissed(who, c.calledBall, call!.pocket));
  if (down.length > 0) {
    const never = notObvious(shot.facts);
    return pass('G1.4', TEXTS.uncalled(down, never && GENERAL_TEXTS.neverObvious(never)));
  }
  return pass('G1.35', TEXTS.nothingPocketed(who));
}

function passTurn(shot: EightBallShot, rule: RuleId, why: Text): Ruling {
  shot.trail.add(rule);
  if (shot.down.length > 0) shot.trail.add('E8.15');
  return eightBallRuling(shot, passes(shot.setup.opponent), {
    appliedFoul: null,
    penalty: 'TURN_END',
    legallyPocketed: [],
    why: sentence(why, TEXTS.asTheyLie(shot.who)),
  });
}

// G1.35 / E8.12: a legally pocketed ball keeps the shooter at the table; G1.32: extra balls stay down.
function pocketedLegally(
  shot: EightBallShot,
  tg: Targets,
  counted: number,
  called: boolean,
): Ruling {
  const { setup, trail, who, down } = shot;
  trail.add('G1.35');
  if (down.length > 1) trail.add('G1.32');
  let groupsAssigned: Record<string, Group> | null = null;
  let groupSentence = t('', '');
  if (tg.open) {
    // E8.9: the group of the legally pocketed called ball becomes the shooter's.
    const mine = groupOf(counted)!;
    groupsAssigned = { [setup.shooter]: mine, [setup.opponent]: otherGroup(mine) };
    trail.add('E8.9');
    groupSentence = TEXTS.groupsSet(who, mine, otherGroup(mine));
  }
  const how = called ? TEXTS.calledIn(setup.call!.pocket) : TEXTS.obvious;
  const others = down.filter((b) => b !== counted);
  return eightBallRuling(shot, continues(setup.shooter), {
    appliedFoul: null,
    penalty: 'NONE',
    legallyPocketed: down.filter((b) => b !== 8),
    groupsAssigned,
    why: TEXTS.pocketedLegally(who, counted, how, others, groupSentence),
  });
}
