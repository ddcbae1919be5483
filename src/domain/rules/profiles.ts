import type { RuleProfileId } from '../table/vocabulary';
import type { FrozenOtherCushion } from './general/cushions';

// Bumped whenever a ruling could change; every ruling records it, and re-adjudication goes by it.
export const ENGINE_VERSION = '1.4.0';

// The decisions table (A1–A6) of ../shared/rules/README.md as data, so profiles differ only here.
export interface ProfileRules {
  id: RuleProfileId;
  // A1: FPB needs an own-group ball legally pocketed (called) to replace the cushion of G1.19.
  legalShotNeedsOwnGroupPocket: boolean;
  // A2 / E8.8: hitting the 8 first on an open table.
  eightFirstOnOpenTableIsFoul: boolean;
  // A3 / G1.28 / E8.16: what happens to an object ball that leaves the table.
  objectBallOffTable: 'COUNTS_AS_POCKETED' | 'SPOTTED' | 'NOT_SPOTTED';
  // A4: the 8 off the table on the break.
  eightOffTableOnBreak: 'LOSS_OF_GAME' | 'OPPONENT_OPTION';
  // A6 / E8.3: whether an illegal break is itself a foul (the options are the same).
  illegalBreakIsFoul: boolean;
  // A5 / G1.36: what "another cushion" means for a declared frozen ball.
  frozenOtherCushion: FrozenOtherCushion;
}

const PROFILES: Record<RuleProfileId, ProfileRules> = {
  FPB: {
    id: 'FPB',
    legalShotNeedsOwnGroupPocket: true,
    eightFirstOnOpenTableIsFoul: false,
    objectBallOffTable: 'COUNTS_AS_POCKETED',
    eightOffTableOnBreak: 'LOSS_OF_GAME',
    illegalBreakIsFoul: true,
    frozenOtherCushion: 'ANY_OTHER_CUSHION',
  },
  BCA: {
    id: 'BCA',
    legalShotNeedsOwnGroupPocket: false,
    eightFirstOnOpenTableIsFoul: false,
    objectBallOffTable: 'SPOTTED',
    eightOffTableOnBreak: 'LOSS_OF_GAME',
    illegalBreakIsFoul: true,
    frozenOtherCushion: 'SEPARATE_RAIL',
  },
  WPA: {
    id: 'WPA',
    legalShotNeedsOwnGroupPocket: false,
    eightFirstOnOpenTableIsFoul: true,
    objectBallOffTable: 'NOT_SPOTTED',
    eightOffTableOnBreak: 'OPPONENT_OPTION',
    illegalBreakIsFoul: false,
    frozenOtherCushion: 'SEPARATE_RAIL',
  },
};

export function profileRules(id: RuleProfileId): ProfileRules {
  return PROFILES[id];
}
