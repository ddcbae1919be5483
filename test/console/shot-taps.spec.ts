import { decide, emptyFacts, evolve, type MatchCommand, type MatchState } from '../../src/domain';
import { build, run, type Tap } from '../../src/console/browser/composer';
import { simulatedTaps } from '../support/console-taps';

// The console's composer makes every shot of simulated matches, and the common shots take at
// most three taps (a legal miss, the called ball in the called pocket, a scratch).
describe('console taps over simulated matches', () => {
  it.each([
    ['EIGHT_BALL', 1],
    ['NINE_BALL', 2],
    ['TEN_BALL', 3],
  ] as const)('%s: every shot can be entered, median at most 2.5 taps', (discipline, seed) => {
    const shots = simulatedTaps(seed, discipline);
    const missing = shots.filter((s) => s.taps === null);
    expect(missing.map((m) => m.command)).toEqual([]);
    const counts = shots.map((s) => s.taps!.length).sort((a, b) => a - b);
    expect(counts[Math.floor(counts.length / 2)]).toBeLessThanOrEqual(2.5);
  });
});

describe('the common shots (8-ball, FPB)', () => {
  // Ana broke and potted the 1 and the 2 (E8.4): the table is open, she is at the table.
  const state = [
    {
      type: 'ScheduleMatch',
      matchId: 'm',
      discipline: 'EIGHT_BALL',
      ruleProfile: 'FPB',
      raceTo: 2,
      players: [
        { id: 'ana', name: 'Ana' },
        { id: 'bruno', name: 'Bruno' },
      ],
      breakOrder: 'WINNER',
      refereePresent: false,
      competition: null,
    },
    { type: 'DecideBreakOrder', method: 'COIN_TOSS', winner: 'ana' },
    { type: 'ChooseOption', player: 'ana', option: 'BREAK' },
    {
      type: 'PlayShot',
      shooter: 'ana',
      facts: emptyFacts({
        firstContact: 1,
        objectBallsDrivenToRail: 4,
        pocketed: [
          { ball: 1, pocket: 'FL' },
          { ball: 2, pocket: 'FR' },
        ],
      }),
    },
  ].reduce<MatchState | null>(
    (s, c) => decide(c as MatchCommand, s).reduce<MatchState | null>(evolve, s),
    null,
  )!;
  const made = (taps: Tap[]) => build(run(taps), state);

  it('a legal miss is one tap: the lowest ball hit, the cue ball to a cushion (G1.19)', () => {
    const { facts, call } = made([{ t: 'miss' }]);
    expect([facts.firstContact, facts.railContactsAfterFirstContact, call]).toEqual([
      3,
      [{ ball: 0 }],
      null,
    ]);
    expect(run([{ t: 'miss' }]).done).toBe(true);
  });

  it('the called ball in the called pocket is two taps, and it is the first ball hit', () => {
    const d = run([
      { t: 'ball', ball: 9 },
      { t: 'pocket', pocket: 'SL' },
    ]);
    expect(d.done).toBe(true);
    const { facts, call } = build(d, state);
    expect(call).toEqual({ ball: 9, pocket: 'SL', safety: false });
    expect([facts.firstContact, facts.pocketed]).toEqual([9, [{ ball: 9, pocket: 'SL' }]]);
  });

  it('a scratch is one tap; "More" only adds what differs from the defaults', () => {
    expect(made([{ t: 'scratch' }]).facts.cueBallScratched).toBe(true);
    const d = run([{ t: 'more' }, { t: 'mode', mode: 'first' }, { t: 'ball', ball: 8 }]);
    expect(d.done).toBe(false);
    expect(build(run([{ t: 'record' }], d), state).facts.firstContact).toBe(8);
  });

  it('a call already recorded stays in force: its ball is hit first, it is not sent again', () => {
    const call = { ball: 12, pocket: 'HL' as const, safety: false };
    const called = decide({ type: 'CallShot', player: 'ana', call }, state).reduce<MatchState>(
      (s, e) => evolve(s, e)!,
      state,
    );
    const { facts, call: sent } = build(run([{ t: 'miss' }]), called);
    expect([facts.firstContact, sent]).toEqual([12, null]);
  });
});
