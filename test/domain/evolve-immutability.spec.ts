import { evolve, type LedgerEvent, type MatchState } from '../../src/domain';
import { simulateMatch } from '../support/simulator';

// The stream cache and the read models share states between commands: evolve copies what it
// changes and never writes to the state (or the event) it is given.
function deepFreeze<T>(v: T): T {
  if (v !== null && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const k of Object.keys(v)) deepFreeze((v as Record<string, unknown>)[k]);
  }
  return v;
}

describe('evolve', () => {
  it.each(['EIGHT_BALL', 'NINE_BALL', 'TEN_BALL'] as const)(
    'never writes to its input state or event (%s, whole simulated matches)',
    (discipline) => {
      for (let seed = 1; seed <= 40; seed++) {
        const { events, state: expected } = simulateMatch(seed, {
          matchId: `m${seed}`,
          discipline,
        });
        let state: MatchState | null = null;
        // A write to a frozen object throws in strict mode (test files are modules).
        for (const e of events) state = deepFreeze(evolve(state, deepFreeze(structuredClone(e))));
        expect(state).toEqual(expected);
      }
    },
  );

  it('keeps the player-keyed records in player order when it sets one entry', () => {
    const { events } = simulateMatch(3, { matchId: 'm3' });
    let state: MatchState | null = null;
    for (const e of events as LedgerEvent[]) {
      state = evolve(state, e);
      const ids = state.players.map((p) => p.id);
      const game = state.currentGame;
      if (game) {
        expect(Object.keys(game.consecutiveFouls)).toEqual(ids);
        expect(Object.keys(game.fouls)).toEqual(ids);
        expect(Object.keys(game.twoFoulWarned)).toEqual(ids);
      }
    }
  });
});
