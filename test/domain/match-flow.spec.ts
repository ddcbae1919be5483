import { emptyFacts } from '../../src/domain/events/shot-facts';
import { given } from '../support/decider-spec';
import { ANA, BRUNO, Table } from '../support/match-fixtures';

describe('match flow (decider given/when/then)', () => {
  it('G1.6: the toss winner owes a choice to break or cede before any play (A12)', () => {
    const t = new Table();
    const scheduled = t.history.slice(0, 1);
    given(...scheduled)
      .when({ type: 'DecideBreakOrder', method: 'LAG', winner: BRUNO.id })
      .then((events, state) => {
        expect(events.map((e) => e.type)).toEqual(['BreakOrderDecided']);
        expect(state.pendingChoice).toMatchObject({ kind: 'BREAK_OR_CEDE', player: BRUNO.id });
      });
    given(...scheduled, {
      type: 'BreakOrderDecided',
      version: 1,
      data: { method: 'LAG', winner: BRUNO.id, rule: 'G1.6' },
    })
      .when({ type: 'PlayShot', shooter: BRUNO.id, facts: emptyFacts() })
      .thenRefuses('CHOICE_PENDING');
  });

  it('G1.6: ceding the break makes the other player break game 1 (G1.8, from the kitchen)', () => {
    const t = new Table();
    given(...t.history.slice(0, 2))
      .when({ type: 'ChooseOption', player: ANA.id, option: 'CEDE_BREAK' })
      .then((events, state) => {
        expect(events.map((e) => e.type)).toEqual(['OptionChosen', 'GameStarted']);
        expect(state.currentGame).toMatchObject({
          number: 1,
          breaker: BRUNO.id,
          shooter: BRUNO.id,
          ballInHand: 'BEHIND_HEAD_STRING',
        });
      });
  });

  it('G1.35: a shot by the player whose turn it is not is refused', () => {
    const t = new Table();
    given(...t.history)
      .when({ type: 'PlayShot', shooter: BRUNO.id, facts: emptyFacts() })
      .thenRefuses('WRONG_PLAYER');
  });
});
