import type { ShotCall } from '../../events/shot-facts';
import type { BallInHand, PlacementZone } from '../../table/vocabulary';
import type { ProfileRules } from '../profiles';
import type { RuleId } from '../ruling';
import type { FrozenDeclaration } from './cushions';

// What every discipline's adjudicator knows about the table and the match before a shot.
export interface CommonSetup {
  rules: ProfileRules;
  shooter: string;
  opponent: string;
  isBreak: boolean;
  ballsOnTable: number[];
  call: ShotCall | null;
  // The shooter's run of fouls before this shot.
  consecutiveFouls: number;
  refereePresent: boolean;
  ballInHand: BallInHand;
  placedZone: PlacementZone | null;
  // Rule ids the shooter has been warned under in this match (G1.9, G1.29).
  warnings: RuleId[];
  frozenDeclared: FrozenDeclaration[];
  name: (player: string) => string;
}
