import { breakInterferenceChoice } from '../general/conduct';
import { period } from '../general/explain';
import { mostSevere } from '../general/fouls';
import { GENERAL_TEXTS } from '../general/texts';
import { choiceOwed, ruling, tableAfter } from '../outcome';
import type { Ruling } from '../ruling';
import { staysAtTable, turnPasses, wins, type RotationShot } from './shot';
import { ROTATION_TEXTS as TEXTS } from './texts';

// G1.9: the cue ball stopped or deflected on the break; warned, and the opponent chooses who
// breaks the re-rack.
export function breakInterference(shot: RotationShot): Ruling {
  const { setup, fouls, trail } = shot;
  trail.add(...fouls.map((f) => f.rule), 'G1.9');
  const choice = choiceOwed(breakInterferenceChoice(setup.opponent));
  return ruling(setup, choice, {
    fouls,
    appliedFoul: mostSevere(fouls),
    penalty: 'BREAK_FOUL',
    rules: trail.ids,
    legallyPocketed: [],
    table: tableAfter(setup.ballsOnTable, shot.facts, []),
    consecutiveFoulsAfter: setup.consecutiveFouls + 1,
    why: period(GENERAL_TEXTS.breakInterference(shot.who)),
  });
}

// N9.3 / A11: the 9 on a legal break wins; T10.2 / A11: the 10 is spotted and the breaker continues.
export function legalBreak(shot: RotationShot): Ruling {
  const { nine, down, who } = shot;
  if (nine && down.includes(9)) {
    return wins(shot, 'NINE_ON_THE_BREAK', 'N9.3', TEXTS.nineOnBreak(who));
  }
  const pushRule = shot.id('N9.2', 'T10.3');
  if (down.length === 0) return turnPasses(shot, 'G1.35', TEXTS.emptyBreak(who, pushRule), true);
  const spotted = nine ? [] : shot.spotMoney;
  const why = TEXTS.breakPocketed(who, down, spotted.length > 0, pushRule);
  return staysAtTable(shot, shot.id('N9.3', 'T10.2'), why, true, spotted);
}
