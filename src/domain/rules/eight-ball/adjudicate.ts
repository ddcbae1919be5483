import type { ShotFacts } from '../../events/shot-facts';
import { conduct, withWarnings } from '../general/conduct';
import { assertFactsFitTable } from '../general/facts-check';
import { forfeitRuling, mostSevere, noStrokeFoul } from '../general/fouls';
import { placementFindings } from '../general/placement';
import type { Ruling } from '../ruling';
import { adjudicateBreak } from './break';
import { baseFouls, contactFouls, cushionFoul, targets } from './fouls';
import { eightBallEnds } from './game-end';
import { cleanShot, countedBall, foulPasses, kitchenReplayChoice } from './pocketing';
import { ruledShot } from '../shot';
import type { ShotSetup } from './shot';

export type { ShotSetup } from './shot';

export function adjudicateEightBall(setup: ShotSetup, facts: ShotFacts): Ruling {
  assertFactsFitTable(setup.ballsOnTable, facts);
  // G1.9 / G1.29 / A10: a second warned violation forfeits the match, whatever else happened.
  const behaviour = conduct(facts, setup.isBreak, setup.warnings);
  if (behaviour.forfeit) {
    return forfeitRuling(setup, facts, baseFouls(setup, facts), behaviour.forfeit);
  }
  const r = setup.isBreak
    ? adjudicateBreak(setup, facts, behaviour.breakInterference)
    : adjudicateShot(setup, facts);
  return withWarnings(r, behaviour.warnings);
}

// A shot after the break: fouls, then the 8 (E8.18), then who plays next.
function adjudicateShot(setup: ShotSetup, facts: ShotFacts): Ruling {
  const shot = ruledShot(setup, facts, baseFouls(setup, facts));
  // A foul without a stroke: only the reported fouls are ruled (G1.17).
  if (facts.noStroke) {
    shot.trail.add(...shot.fouls.map((f) => f.rule));
    return foulPasses(shot, noStrokeFoul(shot.fouls));
  }
  const tg = targets(setup);
  const { contactOk, eightFirstOnOpenTable } = contactFouls(shot, tg);
  const counted = countedBall(shot, tg);
  // A16: the 8 hit first on an open table (A2) waives only the wrong-ball foul, not G1.19; since
  // nothing scores on such a shot, no ball is legally pocketed for A1.
  if (contactOk) cushionFoul(shot, eightFirstOnOpenTable ? null : counted.counted);
  shot.trail.add(...shot.fouls.map((f) => f.rule));

  const end = eightBallEnds(shot, tg, counted.calledBall);
  if (end) return end;
  const applied = mostSevere(shot.fouls);
  if (applied) return foulPasses(shot, applied);
  if (placementFindings(setup, facts, 'STANDARD_FOUL').notCrossedWithoutReferee) {
    return kitchenReplayChoice(shot);
  }
  return cleanShot(shot, tg, counted, eightFirstOnOpenTable);
}
