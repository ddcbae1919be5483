import type { ShotFacts } from '../events/shot-facts';
import { players, type Players } from './general/explain';
import { RuleTrail } from './general/fouls';
import type { CommonSetup } from './general/setup';
import type { FoulFinding } from './ruling';

// One shot being ruled, in any discipline: the fouls found so far and the rules applied, in order.
export interface RuledShot<S extends CommonSetup> {
  setup: S;
  facts: ShotFacts;
  fouls: FoulFinding[];
  trail: RuleTrail;
  // The balls pocketed on the shot.
  down: number[];
  who: Players;
}

export function ruledShot<S extends CommonSetup>(
  setup: S,
  facts: ShotFacts,
  fouls: FoulFinding[],
): RuledShot<S> {
  return {
    setup,
    facts,
    fouls,
    trail: new RuleTrail(),
    down: facts.pocketed.map((p) => p.ball),
    who: players(setup),
  };
}
