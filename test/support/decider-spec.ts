import { DomainError, type DomainErrorCode } from '../../src/domain/errors';
import type { LedgerEvent } from '../../src/domain/events/catalogue';
import type { MatchCommand } from '../../src/domain/match/commands';
import { matchDecider } from '../../src/domain/match/decider';
import { gameNumberOf } from '../../src/domain/match/game-number';
import type { MatchState } from '../../src/domain/match/state';
import type { RecordedHistory } from '../../src/domain/match/amendments/history';

// Recorded times for spec histories: event n was recorded n minutes after T0.
export const T0 = Date.parse('2026-03-01T18:00:00.000Z');
export const minutesAfterT0 = (m: number): string => new Date(T0 + m * 60_000).toISOString();

// `recordedBy`: who recorded which revision (the metadata's recordedBy); null where not given.
export function recordedHistory(
  history: readonly LedgerEvent[],
  now?: string,
  recordedBy: Record<number, string> = {},
): RecordedHistory {
  let state: MatchState | null = null;
  return {
    events: history.map((event, revision) => {
      state = matchDecider.evolve(state, event);
      return {
        revision,
        recordedAt: minutesAfterT0(revision),
        recordedBy: recordedBy[revision] ?? null,
        event,
        endsCommand: !continuesCommand(event, history[revision + 1]),
        gameNumber: gameNumberOf(event, state!),
      };
    }),
    now: now ?? minutesAfterT0(history.length),
  };
}

// Spec histories carry no command ids: these are the pairs one command appends together.
function continuesCommand(event: LedgerEvent, next: LedgerEvent | undefined): boolean {
  if (!next) return false;
  const pairs: Record<string, string[]> = {
    ShotPlayed: ['ShotAdjudicated'],
    ShotAdjudicated: ['GameEnded'],
    GameEnded: ['GameStarted', 'MatchEnded'],
    OptionChosen: ['GameStarted'],
    RefereeRuled: ['GameStarted', 'GameEnded'],
    // A result: its end and what follows (and the first game's start, when it starts it).
    GameResultRecorded: ['GameEnded'],
  };
  if (event.type === 'GameStarted' && event.data.reason === 'FIRST_GAME')
    return next.type === 'GameResultRecorded';
  return (pairs[event.type] ?? []).includes(next.type);
}

// given(past events) / when(command) / then(new events): the Emmett-style decider spec.
export function given(...history: LedgerEvent[]) {
  const state = history.reduce<MatchState | null>(
    (s, e) => matchDecider.evolve(s, e),
    matchDecider.initialState(),
  );
  return {
    state,
    // `now`: when the command is decided (default: a minute after the last event);
    // `recordedBy`: who recorded which revision of the history.
    when(command: MatchCommand, opts: { now?: string; recordedBy?: Record<number, string> } = {}) {
      const run = (): LedgerEvent[] =>
        matchDecider.decide(command, state, recordedHistory(history, opts.now, opts.recordedBy));
      return {
        then(assert: (events: LedgerEvent[], after: MatchState) => void): void {
          const events = run();
          const after = events.reduce<MatchState | null>(
            (s, e) => matchDecider.evolve(s, e),
            state,
          );
          assert(events, after!);
        },
        // The refusal's message is checked too when `message` is given.
        thenRefuses(code: DomainErrorCode, message?: RegExp): void {
          let caught: unknown;
          try {
            run();
          } catch (err) {
            caught = err;
          }
          expect(caught).toBeInstanceOf(DomainError);
          expect((caught as DomainError).code).toBe(code);
          if (message) expect((caught as DomainError).message).toMatch(message);
        },
      };
    },
  };
}
