import { sentence, type Text } from '../general/explain';
import { choiceOwed } from '../outcome';
import type { PendingChoice, RuleId, Ruling } from '../ruling';
import { rotationRuling, type RotationShot } from './shot';
import { ROTATION_TEXTS as TEXTS } from './texts';

// N9.2 / T10.3: nothing scores on a push out; the money ball is spotted; the opponent chooses.
export function pushedOut(shot: RotationShot): Ruling {
  const stay = shot.down.filter((b) => b !== shot.money);
  return shootOrPassBack(
    shot,
    'AFTER_PUSH_OUT',
    shot.id('N9.2', 'T10.3'),
    TEXTS.pushedOut(shot.who, stay),
  );
}

// N9.2 / T10.3 / T10.6: the opponent shoots the table as it lies or hands the shot back.
export function shootOrPassBack(
  shot: RotationShot,
  kind: PendingChoice['kind'],
  rule: RuleId,
  why: Text,
): Ruling {
  const { trail, spotMoney } = shot;
  const spotRule = shot.id('N9.4', 'T10.8');
  trail.add(rule);
  if (spotMoney.length) trail.add(spotRule);
  const clauses = [why];
  if (spotMoney.length) clauses.push(TEXTS.spotted(shot.money, spotRule));
  clauses.push(TEXTS.shootOrPassBack(shot.who, rule));
  const choice = choiceOwed({
    kind,
    player: shot.setup.opponent,
    options: ['SHOOT', 'PASS_BACK'],
    rule,
    ballInHandIfShooting: 'NONE',
  });
  return rotationRuling(shot, choice, {
    appliedFoul: null,
    penalty: 'NONE',
    legallyPocketed: [],
    spotted: spotMoney,
    consecutiveFoulsAfter: 0,
    why: sentence(...clauses),
  });
}
