import {
  gameNumberOf,
  matchDecider,
  type LedgerEvent,
  type MatchCommand,
  type MatchState,
  type RecordedHistory,
} from '../domain';
import { matchStream } from '../ledger/envelope';
import type { StreamDecider, StreamType } from '../streams/stream-type';

type MatchDecider = Pick<typeof matchDecider, 'decide' | 'evolve'>;

// The match stream as the runtime writes it: decided against its recorded history and the time
// (corrections, appeals and sign-off need both), each event filed under its game.
export function matchStreamType(
  decider: MatchDecider = matchDecider,
): StreamType<MatchCommand, MatchState, RecordedHistory> {
  const declared: StreamDecider<MatchCommand, MatchState, RecordedHistory> = {
    decide: (command, state, history) => decider.decide(command, state, history),
    // Events always evolve a state into a state; only the decider's initial state is null.
    evolve: (state, event: LedgerEvent) => decider.evolve(state, event)!,
  };
  return {
    kind: 'match',
    streamId: matchStream,
    decider: declared,
    preRead: (loaded, now) => ({ events: loaded.records, now }),
    gameNumber: gameNumberOf,
    ruleProfile: (state, command) =>
      state?.ruleProfile ?? (command.type === 'ScheduleMatch' ? command.ruleProfile : null),
  };
}
