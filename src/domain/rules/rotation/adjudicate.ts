import type { ShotFacts } from '../../events/shot-facts';
import { conduct, withWarnings } from '../general/conduct';
import { assertFactsFitTable } from '../general/facts-check';
import { forfeitRuling, mostSevere, noStrokeFoul } from '../general/fouls';
import type { FoulFinding, Ruling } from '../ruling';
import { breakInterference, legalBreak } from './break';
import { rotationFouls } from './fouls';
import { ninePocketing, tenPocketing } from './pocketing';
import { pushedOut } from './push-out';
import { startShot, type RotationSetup } from './shot';
import { foulOutcome } from './three-fouls';

export type { RotationSetup } from './shot';

export function adjudicateRotation(setup: RotationSetup, facts: ShotFacts): Ruling {
  assertFactsFitTable(setup.ballsOnTable, facts);
  const behaviour = conduct(facts, setup.isBreak, setup.warnings);
  const r = adjudicate(setup, facts, behaviour.forfeit, behaviour.breakInterference);
  return withWarnings(r, behaviour.warnings);
}

function adjudicate(
  setup: RotationSetup,
  facts: ShotFacts,
  forfeit: FoulFinding | null,
  interference: boolean,
): Ruling {
  const shot = startShot(setup, facts);
  shot.fouls.push(...rotationFouls(shot));
  // G1.9 / G1.29 / A10: a second warned violation forfeits the match.
  if (forfeit) return forfeitRuling(setup, facts, shot.fouls, forfeit);
  if (interference) return breakInterference(shot);
  const applied = facts.noStroke ? noStrokeFoul(shot.fouls) : mostSevere(shot.fouls);
  if (applied) return foulOutcome(shot, applied);
  if (setup.isBreak) return legalBreak(shot);
  if (shot.pushOut) return pushedOut(shot);
  return shot.nine ? ninePocketing(shot) : tenPocketing(shot);
}
