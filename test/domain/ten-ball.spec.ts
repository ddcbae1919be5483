import type { ShotCall, ShotFacts } from '../../src/domain/events/shot-facts';
import type { Pocket } from '../../src/domain/table/vocabulary';
import type { Table } from '../support/match-fixtures';
import { expectRefused } from './eight-ball-scenarios';
import {
  A,
  B,
  CUE_TO_RAIL,
  TEN,
  NINE as NINE_GAME,
  afterBreakWithOne,
  conserved,
  down,
  game,
  legalBreak,
  rack,
  safeMiss,
} from './rotation-scenarios';

// 10-ball: called shots (T10.4–T10.8, A11b) and the 10 on the break (T10.2). The rules it shares
// with 9-ball (break, push out, fouls, three fouls, stalemate) are checked for both games in
// nine-ball.spec.ts.

function call(t: Table, player: string, ball: number, pocket: Pocket): void {
  t.run({ type: 'CallShot', player, call: { ball, pocket, safety: false } });
}

function callSafety(t: Table, player: string): void {
  t.run({ type: 'CallShot', player, call: { ball: null, pocket: null, safety: true } });
}

// Ana is at the table after a break that pocketed the 1; the 2 is the lowest ball.
const anaOnTwo = (): Table => afterBreakWithOne(TEN);

describe('the 10 on the break (T10.2, A11)', () => {
  it('T10.2, A11, T10.8: the 10 pocketed on a legal break is spotted and the breaker continues', () => {
    const t = rack(TEN);
    const r = legalBreak(t, down([10, 'FL']));
    expect(r.fouls).toEqual([]);
    expect(r.gameResult).toBeNull();
    expect(r.turn).toBe('CONTINUES');
    expect(r.nextShooter).toBe(A);
    expect(r.ballInHand).toBe('NONE');
    expect(r.spotted).toEqual([10]);
    expect(r.legallyPocketed).toEqual([]);
    expect(r.ballsOnTableAfter).toEqual(TEN.balls);
    expect(r.pushOutAvailable).toBe(true);
    expect(game(t)).toMatchObject({ shooter: A, pocketed: [], pushOutAvailable: true });
    expect(game(t).ballsOnTable).toEqual(TEN.balls);
  });

  it('T10.2, A11: the 10 and another ball on the break: the 10 is spotted, the other stays down, the breaker continues', () => {
    const t = rack(TEN);
    const r = legalBreak(t, down([3, 'SL'], [10, 'FR']));
    expect(r.turn).toBe('CONTINUES');
    expect(r.spotted).toEqual([10]);
    expect(r.legallyPocketed).toEqual([3]);
    expect(r.ballsOnTableAfter).toContain(10);
    expect(r.ballsOnTableAfter).not.toContain(3);
    expect(game(t).pocketed).toEqual([3]);
  });

  it('T10.2, T10.8, G1.20: the 10 on a scratched break is spotted and the incoming player has ball in hand anywhere', () => {
    const t = rack(TEN);
    const r = t.shoot(A, {
      firstContact: 1,
      objectBallsDrivenToRail: 5,
      pocketed: down([10, 'FL']),
      cueBallScratched: true,
    });
    expect(r.appliedFoul).toMatchObject({ kind: 'CUE_BALL_SCRATCHED', penalty: 'STANDARD_FOUL' });
    expect(r.gameResult).toBeNull();
    expect(r.spotted).toEqual([10]);
    expect(r.nextShooter).toBe(B);
    expect(r.ballInHand).toBe('ANYWHERE');
  });
});

describe('called shots (T10.4, T10.7)', () => {
  it.each<[string, number, Pocket, Partial<ShotFacts>, number[]]>([
    [
      'the called 2 in the called pocket',
      2,
      'SL',
      { firstContact: 2, pocketed: down([2, 'SL']) },
      [2],
    ],
    [
      'the called 5 by a combination off the 2',
      5,
      'SL',
      { firstContact: 2, pocketed: down([5, 'SL']) },
      [5],
    ],
    [
      'the called 2 with an extra ball',
      2,
      'SL',
      { firstContact: 2, pocketed: down([2, 'SL'], [6, 'FR']) },
      [2, 6],
    ],
  ])('T10.7, T10.4: %s continues the inning', (_what, ball, pocket, facts, legally) => {
    const t = anaOnTwo();
    call(t, A, ball, pocket);
    const r = t.shoot(A, facts);
    expect(r.fouls).toEqual([]);
    expect(r.turn).toBe('CONTINUES');
    expect(r.nextShooter).toBe(A);
    expect(r.penalty).toBe('NONE');
    expect(r.ballInHand).toBe('NONE');
    expect(r.pendingChoice).toBeNull();
    expect(r.legallyPocketed).toEqual(legally);
    expect(r.spotted).toEqual([]);
    for (const b of legally) expect(r.ballsOnTableAfter).not.toContain(b);
    expect(game(t)).toMatchObject({ shooter: A, call: null });
  });

  it('T10.4, A9: an uncalled ball pocketed on a shot attested obvious counts and the shooter continues', () => {
    const t = anaOnTwo();
    const r = t.shoot(A, { firstContact: 2, pocketed: down([2, 'FL']), callObvious: true });
    expect(r.fouls).toEqual([]);
    expect(r.turn).toBe('CONTINUES');
    expect(r.legallyPocketed).toEqual([2]);
  });

  it('T10.4, E8.2: the break is not a called shot; a call before it is refused', () => {
    const t = rack(TEN);
    expectRefused(
      t,
      { type: 'CallShot', player: A, call: { ball: 1, pocket: 'FL', safety: false } },
      'INVALID_CALL',
    );
  });

  it('T10.4, G1.4: a call names one ball and one pocket; a ball without a pocket is refused', () => {
    const t = anaOnTwo();
    expectRefused(
      t,
      { type: 'CallShot', player: A, call: { ball: 2, pocket: null, safety: false } },
      'INVALID_CALL',
    );
  });

  it('T10.4, G1.4: calling a ball that is already down is refused', () => {
    const t = anaOnTwo();
    expectRefused(
      t,
      { type: 'CallShot', player: A, call: { ball: 1, pocket: 'FL', safety: false } },
      'BALL_NOT_ON_TABLE',
    );
  });

  it('T10.4, G1.35: a call that is missed with nothing pocketed simply passes the turn', () => {
    const t = anaOnTwo();
    call(t, A, 2, 'FL');
    const r = t.shoot(A, { firstContact: 2, railContactsAfterFirstContact: CUE_TO_RAIL });
    expect(r.fouls).toEqual([]);
    expect(r.penalty).toBe('TURN_END');
    expect(r.pendingChoice).toBeNull();
    expect(r.nextShooter).toBe(B);
  });
});

describe('wrongful pocketing (T10.6, A11b, A12)', () => {
  const wrongful: [string, ShotCall | null, Partial<ShotFacts>, number][] = [
    [
      'a ball pocketed with no call and no obvious attestation',
      null,
      { firstContact: 2, pocketed: down([2, 'FL']) },
      2,
    ],
    [
      'the called ball in another pocket',
      { ball: 2, pocket: 'FL', safety: false },
      { firstContact: 2, pocketed: down([2, 'FR']) },
      2,
    ],
    [
      'a ball other than the called one',
      { ball: 2, pocket: 'FL', safety: false },
      { firstContact: 2, pocketed: down([4, 'FL']), railContactsAfterFirstContact: CUE_TO_RAIL },
      4,
    ],
  ];

  it.each(wrongful)(
    'T10.6, A11b: %s is a wrongful pocketing: no foul, the ball stays down, the opponent chooses',
    (_what, c, facts, ball) => {
      const t = anaOnTwo();
      if (c) t.run({ type: 'CallShot', player: A, call: c });
      const r = t.shoot(A, facts);
      expect(r.fouls).toEqual([]);
      expect(r.appliedFoul).toBeNull();
      expect(r.penalty).toBe('NONE');
      expect(r.turn).toBe('CHOICE_PENDING');
      expect(r.nextShooter).toBeNull();
      expect(r.ballInHand).toBe('NONE');
      expect(r.legallyPocketed).toEqual([]);
      expect(r.spotted).toEqual([]);
      expect(r.ballsOnTableAfter).not.toContain(ball);
      expect(r.consecutiveFoulsAfter).toBe(0);
      expect(r.pendingChoice).toEqual({
        kind: 'WRONGFUL_POCKET',
        player: B,
        options: ['SHOOT', 'PASS_BACK'],
        rule: 'T10.6',
        ballInHandIfShooting: 'NONE',
      });
      expect(t.state.pendingChoice).toMatchObject({ kind: 'WRONGFUL_POCKET', player: B });
      expect(game(t).pocketed).toEqual([1, ball]);
    },
  );

  it.each<['SHOOT' | 'PASS_BACK', string]>([
    ['SHOOT', B],
    ['PASS_BACK', A],
  ])(
    'T10.6, A12: after a wrongful pocketing the opponent chooses %s; %s shoots from the position left',
    (option, next) => {
      const t = anaOnTwo();
      call(t, A, 2, 'FL');
      t.shoot(A, { firstContact: 2, pocketed: down([2, 'SR']) });
      const events = t.run({ type: 'ChooseOption', player: B, option });
      expect(events).toMatchObject([
        {
          type: 'OptionChosen',
          data: {
            choice: 'WRONGFUL_POCKET',
            option,
            nextShooter: next,
            ballInHand: 'NONE',
            spotted: [],
          },
        },
      ]);
      expect(t.state.pendingChoice).toBeNull();
      expect(game(t)).toMatchObject({ shooter: next, ballInHand: 'NONE', call: null });
      const r = safeMiss(t, next);
      expect(r.fouls).toEqual([]);
    },
  );

  it('T10.6, A12: until the choice is made the pocketing player may not choose and nobody may shoot', () => {
    const t = anaOnTwo();
    t.shoot(A, { firstContact: 2, pocketed: down([2, 'FL']) });
    expectRefused(t, { type: 'ChooseOption', player: A, option: 'PASS_BACK' }, 'WRONG_PLAYER');
    expectRefused(
      t,
      { type: 'CallShot', player: B, call: { ball: 3, pocket: 'FL', safety: false } },
      'CHOICE_PENDING',
    );
  });
});

describe('the 10 (T10.7, T10.8, A11b)', () => {
  it.each<[string, Partial<ShotFacts>]>([
    ['early, by a combination off the 2', { firstContact: 2, pocketed: down([10, 'SR']) }],
    [
      'early, together with the lowest ball',
      { firstContact: 2, pocketed: down([2, 'FL'], [10, 'SR']) },
    ],
  ])('T10.7, A11b: the called 10 legally pocketed %s wins the rack', (_what, facts) => {
    const t = anaOnTwo();
    call(t, A, 10, 'SR');
    const r = t.shoot(A, facts);
    expect(r.fouls).toEqual([]);
    expect(r.turn).toBe('GAME_OVER');
    expect(r.nextShooter).toBeNull();
    expect(r.spotted).toEqual([]);
    expect(r.gameResult).toEqual({
      winner: A,
      loser: B,
      reason: 'TEN_POCKETED_LEGALLY',
      rule: 'T10.7',
    });
    expect(t.state.score).toEqual({ [A]: 1, [B]: 0 });
  });

  it('A11b, T10.8: an uncalled 10 dropping with the legally pocketed called ball is spotted; the shooter continues', () => {
    const t = anaOnTwo();
    call(t, A, 2, 'FL');
    const r = t.shoot(A, { firstContact: 2, pocketed: down([2, 'FL'], [10, 'HR']) });
    expect(r.fouls).toEqual([]);
    expect(r.gameResult).toBeNull();
    expect(r.turn).toBe('CONTINUES');
    expect(r.nextShooter).toBe(A);
    expect(r.spotted).toEqual([10]);
    expect(r.legallyPocketed).toEqual([2]);
    expect(r.ballsOnTableAfter).toContain(10);
    expect(r.ballsOnTableAfter).not.toContain(2);
    expect(game(t).ballsOnTable).toContain(10);
    expect(game(t).pocketed).toEqual([1, 2]);
  });

  it.each<[string, ShotCall | null, Partial<ShotFacts>]>([
    [
      'the called 10 in another pocket',
      { ball: 10, pocket: 'SR', safety: false },
      { firstContact: 2, pocketed: down([10, 'SL']) },
    ],
    [
      'the 10 when the 2 was called',
      { ball: 2, pocket: 'FL', safety: false },
      { firstContact: 2, pocketed: down([10, 'FL']) },
    ],
    ['the 10 with no call', null, { firstContact: 2, pocketed: down([10, 'FL']) }],
  ])(
    'T10.8, T10.6: %s is wrongfully pocketed: spotted, no win, the opponent chooses',
    (_what, c, facts) => {
      const t = anaOnTwo();
      if (c) t.run({ type: 'CallShot', player: A, call: c });
      const r = t.shoot(A, facts);
      expect(r.fouls).toEqual([]);
      expect(r.gameResult).toBeNull();
      expect(r.spotted).toEqual([10]);
      expect(r.ballsOnTableAfter).toContain(10);
      expect(r.pendingChoice).toMatchObject({ kind: 'WRONGFUL_POCKET', player: B });
      expect(game(t).ballsOnTable).toContain(10);
    },
  );

  it.each<[string, Partial<ShotFacts>, string]>([
    [
      'off the wrong ball first',
      { firstContact: 3, pocketed: down([10, 'SR']) },
      'WRONG_BALL_FIRST',
    ],
    [
      'with a scratch',
      { firstContact: 2, pocketed: down([10, 'SR']), cueBallScratched: true },
      'CUE_BALL_SCRATCHED',
    ],
  ])(
    'T10.8, T10.9: the called 10 pocketed %s is a foul, not a win; it is spotted',
    (_what, facts, kind) => {
      const t = anaOnTwo();
      call(t, A, 10, 'SR');
      const r = t.shoot(A, facts);
      expect(r.appliedFoul).toMatchObject({ kind, penalty: 'STANDARD_FOUL' });
      expect(r.gameResult).toBeNull();
      expect(r.spotted).toEqual([10]);
      expect(r.rules).toContain('T10.8');
      expect(r.nextShooter).toBe(B);
      expect(r.ballInHand).toBe('ANYWHERE');
      expect(game(t).ballsOnTable).toContain(10);
    },
  );
});

describe('called safety (T10.5, A11b)', () => {
  it('T10.5: a called safety with nothing pocketed passes the turn; the opponent plays the balls as they lie', () => {
    const t = anaOnTwo();
    callSafety(t, A);
    const r = t.shoot(A, { firstContact: 2, railContactsAfterFirstContact: [{ ball: 2 }] });
    expect(r.fouls).toEqual([]);
    expect(r.penalty).toBe('TURN_END');
    expect(r.turn).toBe('PASSES');
    expect(r.nextShooter).toBe(B);
    expect(r.ballInHand).toBe('NONE');
    expect(r.pendingChoice).toBeNull();
    expect(r.rules).toContain('T10.5');
    expect(game(t)).toMatchObject({ shooter: B, ballInHand: 'NONE' });
  });

  it.each<[string, number[]]>([
    ['the 2', [2]],
    ['the 10 (which is spotted)', [10]],
  ])(
    'T10.5, A11b, T10.6: %s pocketed on a called safety is a wrongful pocketing; the opponent chooses',
    (_what, balls) => {
      const t = anaOnTwo();
      callSafety(t, A);
      const r = t.shoot(A, {
        firstContact: 2,
        pocketed: balls.map((ball) => ({ ball, pocket: 'FL' as const })),
      });
      expect(r.fouls).toEqual([]);
      expect(r.gameResult).toBeNull();
      expect(r.turn).toBe('CHOICE_PENDING');
      expect(r.legallyPocketed).toEqual([]);
      expect(r.pendingChoice).toMatchObject({
        kind: 'WRONGFUL_POCKET',
        player: B,
        options: ['SHOOT', 'PASS_BACK'],
      });
      expect(r.spotted).toEqual(balls.includes(10) ? [10] : []);
    },
  );

  it('T10.5, T10.9: a called safety does not excuse a foul: no cushion after contact gives ball in hand', () => {
    const t = anaOnTwo();
    callSafety(t, A);
    const r = t.shoot(A, { firstContact: 2 });
    expect(r.appliedFoul).toMatchObject({ kind: 'NO_RAIL_AFTER_CONTACT', rule: 'T10.9' });
    expect(r.ballInHand).toBe('ANYWHERE');
    expect(r.nextShooter).toBe(B);
  });
});

describe('ball conservation in 10-ball (T10.2, T10.6, T10.8)', () => {
  it('T10.2, T10.6, T10.8, G1.28: through a scripted 10-ball rack, every ball is on the table or down at every step', () => {
    const t = rack(TEN);
    conserved(t, TEN.balls);
    legalBreak(t, down([1, 'FL'], [10, 'FR'], [4, 'SL']));
    conserved(t, TEN.balls);
    expect(game(t).pocketed).toEqual([1, 4]);
    call(t, A, 2, 'FL');
    t.shoot(A, { firstContact: 2, pocketed: down([2, 'FL'], [10, 'SR']) });
    conserved(t, TEN.balls);
    call(t, A, 3, 'FR');
    t.shoot(A, { firstContact: 3, pocketed: down([3, 'SR'], [5, 'HL']) });
    conserved(t, TEN.balls);
    t.run({ type: 'ChooseOption', player: B, option: 'PASS_BACK' });
    conserved(t, TEN.balls);
    t.shoot(A, { firstContact: 6, ballsOffTable: [7, 10] });
    conserved(t, TEN.balls);
    expect(game(t).ballsOnTable).toEqual([6, 8, 9, 10]);
    call(t, B, 6, 'SL');
    t.shoot(B, { firstContact: 6, pocketed: down([6, 'SL']) });
    conserved(t, TEN.balls);
    safeMiss(t, B);
    conserved(t, TEN.balls);
    expect(game(t).pocketed).toEqual([1, 4, 2, 3, 5, 7, 6]);
  });
});

describe('a complete 10-ball game through the ledger (T10.1–T10.9)', () => {
  it('T10.2, T10.6, T10.7: Ana breaks the 10 in (spotted), runs called balls, hands back a wrongful pocket, Bruno runs out and pockets the called 10', () => {
    const t = rack(TEN);
    expect(legalBreak(t, down([1, 'FL'], [10, 'FR'])).spotted).toEqual([10]);
    for (const b of [2, 3]) {
      call(t, A, b, 'SL');
      expect(t.shoot(A, { firstContact: b, pocketed: down([b, 'SL']) }).turn).toBe('CONTINUES');
    }
    call(t, A, 4, 'SL');
    expect(t.shoot(A, { firstContact: 4, pocketed: down([4, 'SR']) }).turn).toBe('CHOICE_PENDING');
    // Bruno shoots from the position left.
    t.run({ type: 'ChooseOption', player: B, option: 'SHOOT' });
    for (const b of [5, 6, 7, 8, 9]) {
      call(t, B, b, 'HL');
      const r = t.shoot(B, { firstContact: b, pocketed: down([b, 'HL']) });
      expect(r.turn).toBe('CONTINUES');
    }
    expect(game(t).ballsOnTable).toEqual([10]);
    call(t, B, 10, 'FR');
    const before = t.history.length;
    const win = t.shoot(B, { firstContact: 10, pocketed: down([10, 'FR']) });
    expect(win.gameResult).toEqual({
      winner: B,
      loser: A,
      reason: 'TEN_POCKETED_LEGALLY',
      rule: 'T10.7',
    });
    expect(t.history.slice(before).map((e) => e.type)).toEqual([
      'ShotPlayed',
      'ShotAdjudicated',
      'GameEnded',
      'GameStarted',
    ]);
    expect(t.history.find((e) => e.type === 'GameEnded')).toMatchObject({
      data: { gameNumber: 1, winner: B, loser: A, rule: 'T10.7', score: { [A]: 0, [B]: 1 } },
    });
    const s = t.state;
    expect(s.status).toBe('IN_PLAY');
    expect(s.score).toEqual({ [A]: 0, [B]: 1 });
    expect(s.games).toEqual([
      expect.objectContaining({
        number: 1,
        breaker: A,
        winner: B,
        reason: 'TEN_POCKETED_LEGALLY',
        shots: 10,
      }),
    ]);
    // G1.34 (winner breaks): Bruno breaks game 2 with a full rack of ten.
    expect(game(t)).toMatchObject({
      number: 2,
      breaker: B,
      shooter: B,
      isBreakShot: true,
      ballsOnTable: TEN.balls,
    });
  });
});

describe('obvious shots in 10-ball (A9, A11b) and stalemate rule ids (N9.9, T10.11)', () => {
  it('A9, A11b: on an obvious direct shot the 10 dropping with the obvious ball is spotted; the shooter continues', () => {
    const t = anaOnTwo();
    const r = t.shoot(A, {
      firstContact: 2,
      callObvious: true,
      pocketed: down([2, 'SL'], [10, 'FR']),
    });
    expect(r.turn).toBe('CONTINUES');
    expect(r.gameResult).toBeNull();
    expect(r.spotted).toEqual([10]);
    expect(r.legallyPocketed).toEqual([2]);
  });

  it('A9, T10.6: a combination is never obvious, so the 10 off the 2 without a call is a wrongful pocketing', () => {
    const t = anaOnTwo();
    const r = t.shoot(A, { firstContact: 2, callObvious: true, pocketed: down([10, 'FR']) });
    expect(r.gameResult).toBeNull();
    expect(r.pendingChoice).toMatchObject({
      kind: 'WRONGFUL_POCKET',
      player: B,
      options: ['SHOOT', 'PASS_BACK'],
    });
    expect(r.spotted).toEqual([10]);
  });

  it.each([
    ['NINE_BALL', 'N9.9'],
    ['TEN_BALL', 'T10.11'],
  ] as const)('%s stalemate cites %s and re-racks for the original breaker', (discipline, rule) => {
    const t = rack(discipline === 'NINE_BALL' ? NINE_GAME : TEN);
    legalBreak(t);
    const events = t.run({
      type: 'RecordRefereeRuling',
      kind: 'STALEMATE',
      player: null,
      restored: null,
      note: '',
    });
    expect(events.map((e) => (e.data as { rule: string }).rule)).toEqual([rule, rule]);
    expect(game(t)).toMatchObject({ rack: 2, breaker: A, shooter: A, isBreakShot: true });
  });
});
