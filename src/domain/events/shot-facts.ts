import type { Cushion, PlacementZone, Pocket, StrokeFoulKind } from '../table/vocabulary';

// What the scorer saw; the engine derives every ruling from these facts plus the state before the shot.

export interface PocketedBall {
  ball: number;
  pocket: Pocket;
}

// A ball (0 = cue ball) that reached a cushion; the cushion is needed for the frozen-ball rule (G1.36).
export interface RailContact {
  ball: number;
  cushion?: Cushion;
}

export interface StrokeFoulReport {
  kind: StrokeFoulKind;
  intentional?: boolean;
  reportedBy: string;
}

export interface ShotFacts {
  firstContact: number | null;
  railContactsAfterFirstContact: RailContact[];
  pocketed: PocketedBall[];
  ballsReboundedFromPocket: number[];
  cueBallScratched: boolean;
  cueBallOffTable: boolean;
  cueBallTouchedPocketedBall: boolean;
  ballsOffTable: number[];
  // Break only (E8.3): distinct object balls driven to a cushion, cue ball excluded.
  objectBallsDrivenToRail: number;
  // A9: the referee or opponent attests that an uncalled shot was obvious.
  callObvious: boolean;
  strokeFouls: StrokeFoulReport[];
}

export interface ShotCall {
  ball: number | null;
  pocket: Pocket | null;
  safety: boolean;
  // N9.2 / T10.3: declared before the shot; absent in records made before 9-ball existed.
  pushOut?: boolean;
}

export interface CueBallPlacement {
  zone: PlacementZone;
}

export function emptyFacts(overrides: Partial<ShotFacts> = {}): ShotFacts {
  return {
    firstContact: null,
    railContactsAfterFirstContact: [],
    pocketed: [],
    ballsReboundedFromPocket: [],
    cueBallScratched: false,
    cueBallOffTable: false,
    cueBallTouchedPocketedBall: false,
    ballsOffTable: [],
    objectBallsDrivenToRail: 0,
    callObvious: false,
    strokeFouls: [],
    ...overrides,
  };
}
