import type { ShotFacts } from '../../events/shot-facts';
import type { Group } from '../../table/vocabulary';
import { players, type Players, type Text } from '../general/explain';
import { RuleTrail } from '../general/fouls';
import type { CommonSetup } from '../general/setup';
import { ruling, tableAfter, type Next, type TableAfter } from '../outcome';
import type { FoulFinding, Penalty, Ruling } from '../ruling';

// The state before the shot that the 8-ball rules look at.
export interface ShotSetup extends CommonSetup {
  groups: Record<string, Group> | null;
}

// One 8-ball shot being ruled: the fouls found so far and the rules applied, in order.
export interface EightBallShot {
  setup: ShotSetup;
  facts: ShotFacts;
  fouls: FoulFinding[];
  trail: RuleTrail;
  down: number[];
  who: Players;
}

export function startShot(setup: ShotSetup, facts: ShotFacts, fouls: FoulFinding[]): EightBallShot {
  return {
    setup,
    facts,
    fouls,
    trail: new RuleTrail(),
    down: facts.pocketed.map((p) => p.ball),
    who: players(setup),
  };
}

// A3: BCA spots an object ball that left the table; FPB counts it pocketed; WPA leaves it off.
function eightBallTable({ setup, facts }: EightBallShot): TableAfter {
  const spotted =
    setup.rules.objectBallOffTable === 'SPOTTED' ? facts.ballsOffTable.filter((b) => b !== 8) : [];
  return tableAfter(setup.ballsOnTable, facts, spotted);
}

export interface EightBallParts {
  appliedFoul: FoulFinding | null;
  penalty: Penalty;
  legallyPocketed: number[];
  groupsAssigned?: Record<string, Group> | null;
  why: Text;
}

export function eightBallRuling(shot: EightBallShot, next: Next, parts: EightBallParts): Ruling {
  return ruling(shot.setup, next, {
    ...parts,
    fouls: shot.fouls,
    rules: shot.trail.ids,
    table: eightBallTable(shot),
    // E8.20: counted for the record; three in a row is no loss in 8-ball.
    consecutiveFoulsAfter: parts.appliedFoul ? shot.setup.consecutiveFouls + 1 : 0,
  });
}
