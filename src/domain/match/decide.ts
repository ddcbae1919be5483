import { DomainError } from '../errors';
import type { LedgerEvent } from '../events/catalogue';
import { decideAmendment, isAmendmentCommand } from './amendments/decide';
import type { RecordedHistory } from './amendments/history';
import type { MatchCommand } from './commands';
import { recordLayout } from './layout-record';
import { decidePlay } from './play';
import { recordGameResult } from './results/record';
import { schedule } from './schedule';
import type { MatchState } from './state';

// decide: the only place rules are applied. Pure: same command and state, same events.
// Corrections, appeals and sign-off also need the recorded history and the time (`history`).
export function decide(
  command: MatchCommand,
  state: MatchState | null,
  history?: RecordedHistory,
): LedgerEvent[] {
  if (command.type === 'ScheduleMatch') return schedule(command, state);
  if (state === null)
    throw new DomainError('MATCH_NOT_SCHEDULED', 'The match has not been scheduled');
  if (isAmendmentCommand(command)) return decideAmendment(command, state, history);
  if (command.type === 'RecordGameResult') return recordGameResult(command, state);
  if (command.type === 'RecordLayout') return recordLayout(command, state, history);
  return decidePlay(command, state);
}
