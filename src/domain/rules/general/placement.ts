import type { ShotFacts } from '../../events/shot-facts';
import type { BallInHand, PlacementZone } from '../../table/vocabulary';
import { foul } from '../foul-catalogue';
import type { FoulFinding, Penalty } from '../ruling';

export interface PlacementSetup {
  ballInHand: BallInHand;
  // The zone recorded by CueBallPlaced, if any; the shot's own placement facts take precedence.
  placedZone: PlacementZone | null;
  refereePresent: boolean;
}

export interface PlacementOutcome {
  fouls: FoulFinding[];
  // G1.37 without a referee: no foul, the opponent chooses ball in hand or a replay.
  notCrossedWithoutReferee: boolean;
}

// G1.10, G1.16, G1.22, G1.37: fouls of the cue ball in hand.
export function placementFindings(
  setup: PlacementSetup,
  facts: ShotFacts,
  penalty: Penalty,
): PlacementOutcome {
  const fouls: FoulFinding[] = [];
  if (setup.ballInHand === 'NONE') return { fouls, notCrossedWithoutReferee: false };
  if (facts.placement?.touchedObjectBall) {
    fouls.push(foul('OBJECT_BALL_TOUCHED_WHILE_PLACING', [], { penalty }));
  }
  if (setup.ballInHand !== 'BEHIND_HEAD_STRING') return { fouls, notCrossedWithoutReferee: false };
  // G1.10 / G1.16: the line itself is not in the kitchen; the placement is a foul only if it was
  // pointed out before the shot, otherwise the shot stands.
  const zone = facts.placement?.zone ?? setup.placedZone;
  if (
    (zone === 'ON_HEAD_STRING' || zone === 'BEYOND_HEAD_STRING') &&
    facts.placement?.warnedBeforeShot
  ) {
    fouls.push(foul('PLACEMENT_OVER_HEAD_STRING', [], { penalty }));
  }
  // G1.37: the cue ball must cross the head string before touching a ball or cushion, unless
  // the ball it hit lies on the line (G1.16) or beyond it (contact before crossing).
  const lineBall =
    facts.firstContactPosition === 'ON_HEAD_STRING' ||
    facts.firstContactPosition === 'BEYOND_HEAD_STRING';
  let notCrossedWithoutReferee = false;
  if (facts.cueCrossedHeadStringBeforeContact === false && !lineBall) {
    if (setup.refereePresent) {
      fouls.push(foul('CUE_BALL_DID_NOT_CROSS_HEAD_STRING', [], { penalty }));
    } else {
      notCrossedWithoutReferee = true;
    }
  }
  return { fouls, notCrossedWithoutReferee };
}
