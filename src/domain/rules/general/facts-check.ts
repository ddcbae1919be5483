import { DomainError } from '../../errors';
import type { ShotFacts } from '../../events/shot-facts';
import { CUE_BALL } from '../../table/vocabulary';

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
  for (const c of facts.railContactsAfterFirstContact) {
    if (c.ball !== CUE_BALL) mustBeOnTable(c.ball, 'cushion contact');
  }
  if (facts.objectBallsDrivenToRail > onTable.length) {
    throw new DomainError(
      'INVALID_SHOT_FACTS',
      `${facts.objectBallsDrivenToRail} balls driven to a cushion, but only ${onTable.length} are on the table`,
    );
  }
  if (facts.cueBallScratched && facts.cueBallOffTable) {
    throw new DomainError(
      'INVALID_SHOT_FACTS',
      'the cue ball cannot be both pocketed and off the table',
    );
  }
}
