import type {
  Cushion,
  HeadStringPosition,
  PlacementZone,
  Pocket,
  StrokeFoulKind,
} from '../table/vocabulary';

// What the scorer saw; the engine derives every ruling from these facts plus the state before the shot.

export interface PocketedBall {
  ball: number;
  pocket: Pocket;
}

// A ball (0 = cue ball) that reached a cushion; the cushion is needed for the frozen-ball rule (G1.36).
export interface RailContact {
  ball: number;
  cushion?: Cushion;
  // G1.36: how a declared frozen ball met a cushion.
  kind?: RailContactKind;
}

export const RAIL_CONTACT_KINDS = [
  'PRESSED_INTO_OWN_CUSHION',
  'RETURNED_AFTER_HITTING_BALL',
] as const;
export type RailContactKind = (typeof RAIL_CONTACT_KINDS)[number];

export interface StrokeFoulReport {
  kind: StrokeFoulKind;
  // G1.26 scoop, G1.29 non-tip contact: the judgement of intent.
  intentional?: boolean;
  // G1.21 without a referee: an accidental touch, whether it was restored, and whether a moving
  // ball then reached the touched ball or its old spot. G1.25: touched with equipment.
  accidental?: boolean;
  restored?: boolean;
  movingBallEnteredOriginalPosition?: boolean;
  withEquipment?: boolean;
  // G1.21, G1.25: the ball touched (0 = cue ball); absent: not recorded.
  ball?: number;
  // G1.21 without a referee: the touched ball lay between the player and the cue ball, the only
  // case the rule excuses. Absent: not recorded, read as true (as records made before it were).
  betweenPlayerAndCueBall?: boolean;
  reportedBy: string;
}

// G1.10, G1.22: how the cue ball in hand was placed, as seen before the stroke.
export interface PlacementFacts {
  zone: PlacementZone;
  // G1.10: a placement on or over the head string was pointed out before the shot.
  warnedBeforeShot: boolean;
  touchedObjectBall: boolean;
  // G1.38: the shooter announced the cue ball placed; only then is touching it a foul. Absent:
  // not recorded, read as announced (as records made before it were).
  announcedPlaced?: boolean;
}

export interface ShotFacts {
  // Cushions the cue ball reached before its first contact (a kick); absent: not recorded.
  railContactsBeforeFirstContact?: RailContact[];
  firstContact: number | null;
  railContactsAfterFirstContact: RailContact[];
  pocketed: PocketedBall[];
  ballsReboundedFromPocket: number[];
  cueBallScratched: boolean;
  cueBallOffTable: boolean;
  cueBallTouchedPocketedBall: boolean;
  ballsOffTable: number[];
  // G1.28: how the balls left the table ("touched the lamp and came back"), for the record.
  ballsOffTableDetail?: string;
  // Break only (E8.3): distinct object balls driven to a cushion, cue ball excluded.
  objectBallsDrivenToRail: number;
  // A9: the referee or opponent attests that an uncalled shot was obvious.
  callObvious: boolean;
  strokeFouls: StrokeFoulReport[];
  placement?: PlacementFacts;
  // G1.37: with ball in hand behind the head string, whether the cue ball crossed the line before
  // its first contact. Absent: not recorded. Records made before firstContactPosition existed
  // sent true when the ball hit lay on or beyond the line.
  cueCrossedHeadStringBeforeContact?: boolean;
  // G1.16, G1.37: where the first-contacted ball lay relative to the head string; a ball on the
  // line or beyond it may be played before the cue ball crosses. Absent: not recorded.
  firstContactPosition?: HeadStringPosition;
  // G1.27: a jump shot made by elevating the cue; legal, recorded for the record.
  jumpShot?: boolean;
  // A foul committed without a stroke (G1.21/G1.25 a ball touched, G1.22 touched while placing,
  // G1.38 the cue ball touched after placement, G1.40 equipment used to aim, G1.41 the table
  // marked): only the reported fouls are ruled, no contact or cushion rule. Absent: a stroke.
  noStroke?: boolean;
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
