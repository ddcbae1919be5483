import { DomainError } from '../errors';
import type { LedgerEvent } from '../events/catalogue';
import { decideBreakOrder } from './break-order';
import type {
  AmendmentCommand,
  MatchCommand,
  PlayShot,
  RecordGameResult,
  RecordLayout,
  ScheduleMatch,
} from './commands';
import { playShot } from './game-flow';
import { assignOfficials } from './officials';
import { chooseOption } from './options';
import { refereeRuling } from './referee';
import { callShot, declareFrozenBall, placeCueBall } from './table';
import { evolve } from './evolve';
import { withAttachedLayout } from './layout';
import { playerName, type MatchState } from './state';

// Commands of a scheduled match decided on its state alone (no recorded history needed).
export type PlayCommand = Exclude<
  MatchCommand,
  ScheduleMatch | AmendmentCommand | RecordGameResult | RecordLayout
>;

export function decidePlay(command: PlayCommand, state: MatchState): LedgerEvent[] {
  // A layout given with the command is appended just before what it decides (layout.ts).
  return withAttachedLayout(command, state, decidedPlay(command, state));
}

function decidedPlay(command: PlayCommand, state: MatchState): LedgerEvent[] {
  // Sign-off makes the match final: only an appeal filed before it can change it.
  if (state.final)
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
      return command.call ? calledShot(command, state) : playShot(command, state);
    case 'RecordRefereeRuling':
      return refereeRuling(command, state);
    case 'AssignOfficials':
      return assignOfficials(command, state);
  }
}

// One write for a called shot: the call (ShotCalled) and the shot, as CallShot then PlayShot.
function calledShot(c: PlayShot, state: MatchState): LedgerEvent[] {
  const { call, ...shot } = c;
  if (state.currentGame?.call)
    throw new DomainError(
      'INVALID_CALL',
      'A call is already recorded for this shot; record the shot without one',
      'G1.4',
    );
  const called = callShot({ type: 'CallShot', player: c.shooter, call: call! }, state);
  const after = called.reduce(evolve, state);
  return [...called, ...playShot(shot, after)];
}
