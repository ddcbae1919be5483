import { DomainError } from '../../errors';
import type {
  ConductSanction,
  RefereeRulingKind,
  SpontaneousMovementFacts,
  SpontaneousMovementOutcome,
  WarnedViolation,
} from '../../events/catalogue';
import type { Discipline } from '../../table/vocabulary';

// What the referee reports; which details each kind needs is checked here.
export interface RefereeReport {
  kind: RefereeRulingKind;
  player: string | null;
  restored: boolean | null;
  movement?: SpontaneousMovementOutcome;
  ball?: number;
  seen?: SpontaneousMovementFacts;
  sanction?: ConductSanction;
  violation?: WarnedViolation;
}

// The kinds that name an offender, who must be a player of the match.
export const OFFENDER_KINDS: readonly RefereeRulingKind[] = [
  'WARNING',
  'UNSPORTSMANLIKE_CONDUCT',
  'TWO_FOUL_WARNING',
];

// Only a warning can be given when no game is in progress.
export const needsGameInProgress = (kind: RefereeRulingKind): boolean => kind !== 'WARNING';

function refused(message: string, rule?: string): never {
  throw new DomainError('INVALID_REFEREE_RULING', message, rule);
}

export function checkRefereeReport(r: RefereeReport, discipline: Discipline): void {
  if (r.violation !== undefined && r.kind !== 'WARNING')
    refused('Only a warning names the violation it is given for', 'A10');
  if (r.seen !== undefined && r.kind !== 'SPONTANEOUS_MOVEMENT')
    refused('Only a spontaneous movement is described by what was seen of the ball', 'G1.31');
  switch (r.kind) {
    case 'SPONTANEOUS_MOVEMENT':
      if ((r.movement === undefined && r.seen === undefined) || r.ball === undefined)
        refused('Say which ball moved and what it did (or what became of it)', 'G1.31');
      return;
    case 'UNSPORTSMANLIKE_CONDUCT':
      if (r.player === null || r.sanction === undefined)
        refused('Name the offender and the sanction', 'G1.39');
      return;
    case 'WARNING':
      if (r.player === null) refused('A warning names the player warned');
      return;
    case 'TWO_FOUL_WARNING':
      if (discipline === 'EIGHT_BALL')
        refused('Three fouls are not a loss in 8-ball (E8.20)', 'E8.20');
      if (r.player === null) refused('The warning names the player on two fouls', 'N9.8');
      return;
    case 'OUTSIDE_INTERFERENCE':
      if (r.restored === null) refused('Say whether the balls were restored (G1.33)');
      return;
    case 'STALEMATE':
      return;
  }
}
