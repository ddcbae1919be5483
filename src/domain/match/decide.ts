import { DomainError } from '../errors';
import type { LedgerEvent } from '../events/catalogue';
import { decideAmendment, isAmendmentCommand, type RecordedHistory } from './amendments';
import { decideBreakOrder } from './break-order';
import type { MatchCommand } from './commands';
import { playShot } from './game-flow';
import { assignOfficials } from './officials';
import { chooseOption } from './options';
import { refereeRuling } from './referee';
import { schedule } from './schedule';
import { callShot, declareFrozenBall, placeCueBall } from './table';
import { playerName, type MatchState } from './state';

export { endGame, startGame } from './game-flow';

// decide: the only place rules are applied. Pure: same command and state, same events.
// Corrections, appeals and sign-off also need the recorded history and the time (`recorded`).
export function decide(
  command: MatchCommand,
  state: MatchState | null,
  recorded?: RecordedHistory,
): LedgerEvent[] {
  if (command.type === 'ScheduleMatch') return schedule(command, state);
  if (state === null)
    throw new DomainError('MATCH_NOT_SCHEDULED', 'The match has not been scheduled');
  if (isAmendmentCommand(command)) return decideAmendment(command, state, recorded);
  // Sign-off makes the match final: only an appeal filed before it can change it.
  if (state.final === true)
    throw new DomainError(
      'MATCH_SIGNED_OFF',
      'The match is signed off and final; only an appeal decision can change it',
    );
  if (state.status === 'COMPLETED') {
    throw new DomainError(
      'MATCH_OVER',
      `The match is over; ${playerName(state, state.winner)} won it`,
    );
  }
  switch (command.type) {
    case 'DecideBreakOrder':
      return decideBreakOrder(command, state);
    case 'ChooseOption':
      return chooseOption(command, state);
    case 'PlaceCueBall':
      return placeCueBall(command, state);
    case 'CallShot':
      return callShot(command, state);
    case 'DeclareFrozenBall':
      return declareFrozenBall(command, state);
    case 'PlayShot':
      return playShot(command, state);
    case 'RecordRefereeRuling':
      return refereeRuling(command, state);
    case 'AssignOfficials':
      return assignOfficials(command, state);
  }
}
