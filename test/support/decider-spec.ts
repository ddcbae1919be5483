import { DomainError, type DomainErrorCode } from '../../src/domain/errors';
import type { LedgerEvent } from '../../src/domain/events/catalogue';
import type { MatchCommand } from '../../src/domain/match/commands';
import { matchDecider } from '../../src/domain/match/decider';
import type { MatchState } from '../../src/domain/match/state';

// given(past events) / when(command) / then(new events): the Emmett-style decider spec.
export function given(...history: LedgerEvent[]) {
  const state = history.reduce<MatchState | null>(
    (s, e) => matchDecider.evolve(s, e),
    matchDecider.initialState(),
  );
  return {
    state,
    when(command: MatchCommand) {
      const run = (): LedgerEvent[] => matchDecider.decide(command, state);
      return {
        then(assert: (events: LedgerEvent[], after: MatchState) => void): void {
          const events = run();
          const after = events.reduce<MatchState | null>(
            (s, e) => matchDecider.evolve(s, e),
            state,
          );
          assert(events, after!);
        },
        thenRefuses(code: DomainErrorCode): void {
          let caught: unknown;
          try {
            run();
          } catch (err) {
            caught = err;
          }
          expect(caught).toBeInstanceOf(DomainError);
          expect((caught as DomainError).code).toBe(code);
        },
      };
    },
  };
}
