import type { LedgerEvent } from '../events/catalogue';
import type { MatchCommand } from './commands';
import { decide } from './decide';
import { evolve } from './evolve';
import type { MatchState } from './state';

// The match as an Emmett-style decider: state is a left fold of evolve over the stream.
export interface Decider<C, E, S> {
  decide(command: C, state: S): E[];
  evolve(state: S, event: E): S;
  initialState(): S;
}

export const matchDecider: Decider<MatchCommand, LedgerEvent, MatchState | null> = {
  decide,
  evolve,
  initialState: () => null,
};
