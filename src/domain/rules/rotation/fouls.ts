import type { ShotFacts } from '../../events/shot-facts';
import { cushionRequirementMet } from '../general/cushions';
import { generalFouls, type BreakFoulPolicy } from '../general/fouls';
import { placementFindings } from '../general/placement';
import { foul } from '../foul-catalogue';
import type { FoulFinding } from '../ruling';
import type { RotationShot } from './shot';
import { ROTATION_TEXTS as TEXTS } from './texts';

// A7: break fouls in 9- and 10-ball give ball in hand anywhere, like any standard foul.
const ROTATION_BREAK: BreakFoulPolicy = {
  penalty: 'STANDARD_FOUL',
  scratchRule: 'G1.20',
  objectOffRule: 'G1.28',
};

// The fouls of a rotation shot. On a push out, wrong ball first and no cushion are suspended
// (N9.2); the rest apply.
export function rotationFouls(shot: RotationShot): FoulFinding[] {
  const { setup, facts, money } = shot;
  const placement = placementFindings(setup, facts, 'STANDARD_FOUL');
  const policy = setup.isBreak ? ROTATION_BREAK : null;
  const fouls: FoulFinding[] = [
    ...placement.fouls,
    ...generalFouls(facts, policy, [money], setup.refereePresent),
  ];
  if (facts.ballsOffTable.includes(money)) fouls.push(foul('OBJECT_BALL_OFF_TABLE', [[money]]));
  // N9.2: suspended on a push out; without a stroke there is no contact to rule.
  const contact = shot.pushOut || facts.noStroke ? null : contactFoul(shot);
  if (contact) fouls.push(contact);
  return fouls;
}

// N9.6 / T10.9: the lowest ball first; N9.1 / T10.1 on the break; N9.7: a cushion after contact.
function contactFoul({ setup, facts, down, id }: RotationShot): FoulFinding | null {
  const first = facts.firstContact;
  const lowest = Math.min(...setup.ballsOnTable);
  const firstRule = setup.isBreak ? id('N9.1', 'T10.1') : id('N9.6', 'T10.9');
  if (first === null) return foul('NO_FIRST_CONTACT', [], { rule: firstRule });
  if (first !== lowest) {
    return foul('WRONG_BALL_FIRST', [first, TEXTS.lowestBall(lowest)], { rule: firstRule });
  }
  if (setup.isBreak) return breakFoul(facts, down, id('N9.1', 'T10.1'));
  if (down.length > 0) return null;
  const cushion = cushionRequirementMet(
    facts.railContactsAfterFirstContact,
    first,
    setup.frozenDeclared,
    setup.rules.frozenOtherCushion,
  );
  if (cushion.met) return null;
  // G1.36 for a ball declared frozen before the shot (A17 included).
  return foul('NO_RAIL_AFTER_CONTACT', ['ROTATION'], {
    rule: cushion.frozenApplied ? 'G1.36' : id('N9.7', 'T10.9'),
  });
}

// N9.1 / T10.1: with nothing pocketed, at least four object balls must reach a cushion.
function breakFoul(facts: ShotFacts, down: number[], rule: string): FoulFinding | null {
  if (down.length > 0 || facts.objectBallsDrivenToRail >= 4) return null;
  return foul('ILLEGAL_BREAK', [facts.objectBallsDrivenToRail, 'nothing'], {
    rule,
    penalty: 'STANDARD_FOUL',
  });
}
