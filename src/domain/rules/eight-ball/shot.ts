import type { Group } from '../../table/vocabulary';
import type { Text } from '../general/explain';
import type { CommonSetup } from '../general/setup';
import { ruling, tableAfter, type Next, type TableAfter } from '../outcome';
import type { FoulFinding, Penalty, Ruling } from '../ruling';
import type { RuledShot } from '../shot';

// The state before the shot that the 8-ball rules look at.
export interface ShotSetup extends CommonSetup {
  groups: Record<string, Group> | null;
}

export type EightBallShot = RuledShot<ShotSetup>;

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
  // G1.37 without a referee: the run of fouls waits for the opponent's choice.
  consecutiveFoulsAfter?: number;
  why: Text;
}

export function eightBallRuling(shot: EightBallShot, next: Next, parts: EightBallParts): Ruling {
  // Field by field (no spread): this runs for every shot.
  return ruling(shot.setup, next, {
    fouls: shot.fouls,
    appliedFoul: parts.appliedFoul,
    penalty: parts.penalty,
    rules: shot.trail.ids,
    legallyPocketed: parts.legallyPocketed,
    table: eightBallTable(shot),
    groupsAssigned: parts.groupsAssigned,
    // E8.20: counted for the record; three in a row is no loss in 8-ball.
    consecutiveFoulsAfter:
      parts.consecutiveFoulsAfter ?? (parts.appliedFoul ? shot.setup.consecutiveFouls + 1 : 0),
    why: parts.why,
  });
}
