import { describeFoul, sentence, type Text } from '../general/explain';
import { GENERAL_TEXTS } from '../general/texts';
import { foul } from '../foul-catalogue';
import { ballInHand, gameOver } from '../outcome';
import type { FoulFinding, Ruling } from '../ruling';
import { rotationRuling, type RotationShot } from './shot';
import { ROTATION_TEXTS as TEXTS } from './texts';

// N9.5 / T10.9: a foul gives the opponent ball in hand anywhere; N9.8 / T10.10: a third foul in
// a row loses the rack, but only after the two-foul warning; unwarned, it counts as the second.
export function foulOutcome(shot: RotationShot, applied: FoulFinding): Ruling {
  const { setup, fouls, trail, who, id, spotMoney } = shot;
  trail.add(...fouls.map((f) => f.rule));
  const count = setup.consecutiveFouls + 1;
  const foulClause = GENERAL_TEXTS.foulBy(who, applied.rule, describeFoul(applied, fouls));
  if (count >= 3 && setup.warned) return thirdFoul(shot, foulClause, count);
  const inHandRule = id('N9.5', 'T10.9');
  const spotRule = id('N9.4', 'T10.8');
  trail.add(inHandRule);
  if (spotMoney.length) trail.add(spotRule);
  const clauses = [foulClause, GENERAL_TEXTS.ballInHandAnywhere(who, inHandRule)];
  if (spotMoney.length) clauses.push(TEXTS.spotted(shot.money, spotRule));
  if (count >= 3) clauses.push(TEXTS.countsAsSecond(id('N9.8', 'T10.10')));
  return rotationRuling(shot, ballInHand(setup.opponent, 'ANYWHERE'), {
    appliedFoul: applied,
    penalty: 'STANDARD_FOUL',
    legallyPocketed: [],
    spotted: spotMoney,
    consecutiveFoulsAfter: count >= 3 ? 2 : count,
    why: sentence(...clauses),
  });
}

function thirdFoul(shot: RotationShot, foulClause: Text, count: number): Ruling {
  const { setup, who } = shot;
  const third = foul('THIRD_CONSECUTIVE_FOUL', [], { rule: shot.id('N9.8', 'T10.10') });
  shot.trail.add(third.rule);
  const result = {
    winner: setup.opponent,
    loser: setup.shooter,
    reason: 'THREE_CONSECUTIVE_FOULS' as const,
    rule: third.rule,
  };
  return rotationRuling(shot, gameOver(result), {
    fouls: [...shot.fouls, third],
    appliedFoul: third,
    penalty: 'LOSS_OF_GAME',
    legallyPocketed: [],
    spotted: shot.spotMoney,
    consecutiveFoulsAfter: count,
    why: sentence(foulClause, TEXTS.thirdFoul(who, third.rule)),
  });
}
