import { DomainError } from '../../errors';
import type { SpontaneousMovementFacts, SpontaneousMovementOutcome } from '../../events/catalogue';
import { sentence, t, type Text } from '../general/explain';

// G1.31 / G1.15: a ball that moved or dropped by itself. Settled balls that move stay where they
// end up; a ball dropping more than 5 s after it stopped is replaced; a ball dropping as it is
// shot at, with the cue ball passing its spot, means both are restored and the stroke replayed.
// Within 5 s of stopping the shot was not complete (G1.15): the drop belongs to that shot.

export const SHOT_COMPLETE_AFTER_SECONDS = 5;

function refused(message: string): never {
  throw new DomainError('INVALID_REFEREE_RULING', message, 'G1.31');
}

// The outcome the rule gives for what was seen.
export function movementOutcome(seen: SpontaneousMovementFacts): SpontaneousMovementOutcome {
  if (!seen.dropped) {
    if (seen.cueBallPassedItsSpot)
      refused('Only a ball that dropped can have been passed by the cue ball');
    return 'STAYS';
  }
  if (seen.cueBallPassedItsSpot) return 'SHOT_REPLAYED';
  if (seen.secondsAfterSettled === undefined)
    refused('Say how many seconds after it stopped the ball dropped (G1.15)');
  if (seen.secondsAfterSettled < 0)
    refused('The seconds after the ball stopped cannot be negative');
  if (seen.secondsAfterSettled <= SHOT_COMPLETE_AFTER_SECONDS)
    throw new DomainError(
      'INVALID_REFEREE_RULING',
      `The ball dropped within ${SHOT_COMPLETE_AFTER_SECONDS} s of stopping, before the shot was complete: record it as pocketed on that shot (or correct the shot)`,
      'G1.15',
    );
  return 'REPLACED';
}

// The outcome ruled: from the facts when given (checked against an outcome also given), else
// the outcome the referee gave, as records made before the facts existed did.
export function ruledMovement(
  given: SpontaneousMovementOutcome | undefined,
  seen: SpontaneousMovementFacts | undefined,
): SpontaneousMovementOutcome {
  if (!seen) {
    if (given === undefined) refused('Say what the ball did (the facts) or what became of it');
    return given;
  }
  const ruled = movementOutcome(seen);
  if (given !== undefined && given !== ruled) refused(`What was seen means ${ruled}, not ${given}`);
  return ruled;
}

export function movementText(movement: SpontaneousMovementOutcome, ball: number): Text {
  const what: Record<SpontaneousMovementOutcome, Text> = {
    STAYS: t(
      `the ${ball} moved by itself and stays where it stopped`,
      `a ${ball} moveu-se sozinha e fica onde parou`,
    ),
    REPLACED: t(
      `the ${ball} dropped more than 5 s after stopping and is replaced (G1.15)`,
      `a ${ball} caiu mais de 5 s depois de parar e é reposta (G1.15)`,
    ),
    SHOT_REPLAYED: t(
      `the ${ball} dropped as it was being shot at: the balls are restored and the stroke replayed`,
      `a ${ball} caiu quando ia ser jogada: as bolas são repostas e a tacada repete-se`,
    ),
  };
  return sentence(what[movement], t('no penalty (G1.31)', 'sem penalização (G1.31)'));
}
