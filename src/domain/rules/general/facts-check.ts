import { DomainError } from '../../errors';
import type { ShotFacts } from '../../events/shot-facts';
import { CUE_BALL, type StrokeFoulKind } from '../../table/vocabulary';

// Ball conservation: a fact about a ball that is not on the table, or a ball in two places at
// once, contradicts the state and is refused before anything is adjudicated.
export function assertFactsFitTable(onTable: number[], facts: ShotFacts): void {
  const present = new Set(onTable);
  const mustBeOnTable = (b: number, what: string): void => {
    if (!present.has(b))
      throw new DomainError('BALL_NOT_ON_TABLE', `${what}: ball ${b} is not on the table`);
  };
  if (facts.firstContact !== null) mustBeOnTable(facts.firstContact, 'first contact');
  if (facts.firstContactPosition !== undefined && facts.firstContact === null)
    throw new DomainError(
      'INVALID_SHOT_FACTS',
      'firstContactPosition describes the ball hit first, but no first contact is recorded',
      'G1.37',
    );
  const seen = new Set<number>();
  for (const p of facts.pocketed) {
    mustBeOnTable(p.ball, 'pocketed');
    if (seen.has(p.ball))
      throw new DomainError('INVALID_SHOT_FACTS', `ball ${p.ball} is recorded as pocketed twice`);
    seen.add(p.ball);
  }
  for (const b of facts.ballsOffTable) {
    mustBeOnTable(b, 'off the table');
    if (seen.has(b))
      throw new DomainError(
        'INVALID_SHOT_FACTS',
        `ball ${b} cannot be both pocketed and off the table`,
      );
    seen.add(b);
  }
  for (const b of facts.ballsReboundedFromPocket) {
    mustBeOnTable(b, 'rebounded from a pocket');
    // G1.11: a ball that came back out of the pocket was never pocketed.
    if (seen.has(b))
      throw new DomainError(
        'INVALID_SHOT_FACTS',
        `ball ${b} rebounded from the pocket, so it cannot also be down or off the table`,
      );
  }
  for (const r of facts.strokeFouls) {
    if (r.ball === undefined && r.betweenPlayerAndCueBall === undefined) continue;
    if (r.kind !== 'TOUCHED_BALL')
      throw new DomainError(
        'INVALID_SHOT_FACTS',
        `which ball was touched, and where it lay, is said only of a TOUCHED_BALL report, not ${r.kind}`,
        'G1.21',
      );
    if (r.ball !== undefined && r.ball !== CUE_BALL) mustBeOnTable(r.ball, 'touched');
  }
  // Before the first contact only the cue ball is moving.
  if ((facts.railContactsBeforeFirstContact ?? []).some((c) => c.ball !== CUE_BALL))
    throw new DomainError(
      'INVALID_SHOT_FACTS',
      'before the first contact only the cue ball (0) can reach a cushion',
      'A9',
    );
  for (const c of facts.railContactsAfterFirstContact) {
    if (c.ball !== CUE_BALL) mustBeOnTable(c.ball, 'cushion contact');
  }
  if (facts.objectBallsDrivenToRail > onTable.length) {
    throw new DomainError(
      'INVALID_SHOT_FACTS',
      `${facts.objectBallsDrivenToRail} balls driven to a cushion, but only ${onTable.length} are on the table`,
    );
  }
  if (facts.noStroke) assertNoStroke(facts);
  if (facts.cueBallScratched && facts.cueBallOffTable) {
    throw new DomainError(
      'INVALID_SHOT_FACTS',
      'the cue ball cannot be both pocketed and off the table',
    );
  }
}

// The fouls that can be committed without a stroke.
const WITHOUT_STROKE: readonly StrokeFoulKind[] = [
  'TOUCHED_BALL',
  'CUE_BALL_TOUCHED_AFTER_PLACEMENT',
  'EQUIPMENT_MISUSE',
  'TABLE_MARKED',
];

// A foul without a stroke: nothing was struck, so nothing moved, and a foul is reported.
function assertNoStroke(facts: ShotFacts): void {
  const refuse = (message: string): never => {
    throw new DomainError('INVALID_SHOT_FACTS', `Without a stroke ${message}`);
  };
  const moved =
    facts.firstContact !== null ||
    facts.pocketed.length > 0 ||
    facts.railContactsAfterFirstContact.length > 0 ||
    facts.ballsReboundedFromPocket.length > 0 ||
    facts.ballsOffTable.length > 0 ||
    facts.cueBallScratched ||
    facts.cueBallOffTable ||
    facts.cueBallTouchedPocketedBall ||
    facts.objectBallsDrivenToRail > 0 ||
    (facts.railContactsBeforeFirstContact ?? []).length > 0 ||
    facts.cueCrossedHeadStringBeforeContact !== undefined ||
    facts.firstContactPosition !== undefined ||
    facts.jumpShot === true;
  if (moved) refuse('no ball is struck, hit, pocketed or driven anywhere');
  const other = facts.strokeFouls.find((f) => !WITHOUT_STROKE.includes(f.kind));
  if (other) refuse(`there is no ${other.kind}`);
  if (facts.strokeFouls.length === 0 && !facts.placement?.touchedObjectBall)
    refuse('a foul must be reported (a stroke foul, or an object ball touched while placing)');
}
