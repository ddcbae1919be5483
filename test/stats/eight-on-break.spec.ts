import { statsOfRecorded, totalOf, type Counters } from '../../src/domain/stats';
import { recordedHistory } from '../support/decider-spec';
import { Table } from '../support/match-fixtures';
import { A, B, CUE_TO_RAIL } from '../domain/eight-ball-scenarios';

// E8.7: the 8 pocketed on a legal break is the breaker's own choice (spot it and continue, or
// re-rack). A choice owed to oneself does not end the inning (docs/stats.md), and the other balls
// of that legal break are legally pocketed (E8.4). Every figure is counted by hand from the shots.

function of(t: Table, player: string): Counters {
  const { rows } = statsOfRecorded(recordedHistory(t.history).events);
  return totalOf(rows.filter((r) => r.player === player).map((r) => r.counters));
}

// Ana calls and pockets each ball from `from` to `to` in the foot right corner.
function runCalled(t: Table, from: number, to: number): void {
  for (let ball = from; ball <= to; ball++) {
    t.call(A, ball, 'FR');
    t.shoot(A, {
      firstContact: ball,
      pocketed: [{ ball, pocket: 'FR' }],
      railContactsAfterFirstContact: CUE_TO_RAIL,
    });
  }
}

// Ana's legal break drops the 8 and the 1: she owes herself the E8.7 choice.
function eightOnTheBreak(): Table {
  const t = new Table({ profile: 'FPB', raceTo: 1 });
  const r = t.break(A, [
    { ball: 8, pocket: 'FL' },
    { ball: 1, pocket: 'SL' },
  ]);
  expect(r).toMatchObject({ turn: 'CHOICE_PENDING', legallyPocketed: [1] });
  expect(r.pendingChoice).toMatchObject({ kind: 'EIGHT_ON_BREAK', player: A });
  return t;
}

describe('an 8 on a legal break, then a run out (E8.7, E8.4)', () => {
  it('spotted: the break and the run are one inning, a break-and-run with every ball counted', () => {
    const t = eightOnTheBreak();
    t.run({ type: 'ChooseOption', player: A, option: 'SPOT_EIGHT_AND_SHOOT' });
    // The table is open: the called 2 sets solids; 3–7, then the spotted 8.
    runCalled(t, 2, 8);
    expect(t.state.winner).toBe(A);
    expect(of(t, A)).toMatchObject({
      breaks: 1,
      breakBalls: 2,
      dryBreaks: 0,
      breakFouls: 0,
      // One inning: break, 2–7 and the 8, eight shots and eight balls (the 1 on the break).
      innings: 1,
      shots: 8,
      ballsPocketed: 8,
      longestRun: 8,
      breakAndRuns: 1,
      runouts: 1,
      tableRuns: 0,
      winsOnBreak: 0,
      inningsInWonGames: 1,
      calledAttempted: 7,
      calledMade: 7,
      gamesWon: 1,
    });
    expect(of(t, B)).toMatchObject({ innings: 0, shots: 0, gamesPlayed: 1 });
  });

  it('re-racked: the re-rack ends the first inning; the second break and its run are a break-and-run', () => {
    const t = eightOnTheBreak();
    t.run({ type: 'ChooseOption', player: A, option: 'RERACK_AND_BREAK' });
    expect(t.state.currentGame).toMatchObject({ rack: 2, breaker: A, shooter: A });
    t.break(A, [{ ball: 1, pocket: 'FL' }]);
    runCalled(t, 2, 8);
    expect(t.state.winner).toBe(A);
    expect(of(t, A)).toMatchObject({
      breaks: 2,
      breakBalls: 3,
      // Inning 1: the first break (the 1, legally pocketed); inning 2: the break and 2–8.
      innings: 2,
      shots: 9,
      ballsPocketed: 9,
      longestRun: 8,
      breakAndRuns: 1,
      runouts: 1,
      winsOnBreak: 0,
      inningsInWonGames: 2,
      gamesWon: 1,
    });
    expect(of(t, B)).toMatchObject({ innings: 0, shots: 0 });
  });
});
