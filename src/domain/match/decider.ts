import type { LedgerEvent } from '../events/catalogue';
import type { MatchCommand } from './commands';
import type { RecordedHistory } from './amendments';
import { decide } from './decide';
import { evolve } from './evolve';
import type { MatchState } from './state';

// The match as an Emmett-style decider: state is a left fold of evolve over the stream.
export interface Decider<C, E, S, H = never> {
  decide(command: C, state: S, history?: H): E[];
  evolve(state: S, event: E): S;
  initialState(): S;
}

export const matchDecider: Decider<MatchCommand, LedgerEvent, MatchState | null, RecordedHistory> = {
  decide,
  evolve,
  initialState: () => null,
};
