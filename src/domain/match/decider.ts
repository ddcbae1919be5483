import type { LedgerEvent } from '../events/catalogue';
import type { RecordedHistory } from './amendments/history';
import type { MatchCommand } from './commands';
import { decide } from './decide';
import { evolve } from './evolve';
import type { MatchState } from './state';

// The match as an Emmett-style decider: state is a left fold of evolve over the stream. Some
// commands (corrections, appeals, sign-off) are decided against the recorded history `H` too.
export interface Decider<C, E, S, H> {
  decide(command: C, state: S, history: H): E[];
  evolve(state: S, event: E): S;
  initialState(): S;
}

// What production runs: load the stream, fold it with evolve, decide with the history, append.
export const matchDecider: Decider<MatchCommand, LedgerEvent, MatchState | null, RecordedHistory> =
  {
    decide,
    evolve,
    initialState: () => null,
  };
