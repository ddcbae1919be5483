import type { ShotFacts } from '../../src/domain/events/shot-facts';
import type { FoulKind } from '../../src/domain/rules/ruling';
import type { Discipline, RuleProfileId } from '../../src/domain/table/vocabulary';
import { given } from '../support/decider-spec';
import { ANA, BRUNO, Table } from '../support/match-fixtures';
import { expectRefused } from './eight-ball-scenarios';
import {
  A,
  B,
  BOTH,
  CUE_TO_RAIL,
  NINE,
  type RotationGame,
  afterBreakWithOne,
  afterDryBreak,
  anaOnTwoFouls,
  conserved,
  down,
  game,
  legalBreak,
  rack,
  safeMiss,
  scratch,
  warnTwoFouls,
} from './rotation-scenarios';

// Shared rotation rules are checked for both games (it.each over 9-ball and 10-ball); rules that
// exist only in 9-ball follow. 10-ball calls live in ten-ball.spec.ts.

function pushOut(t: Table, player: string): void {
  t.run({
    type: 'CallShot',
    player,
    call: { ball: null, pocket: null, safety: false, pushOut: true },
  });
}

describe('rotation break (N9.1, T10.1, A7)', () => {
  it.each(BOTH)(
    'N9.1, T10.1, G1.35 [$label]: a legal break with nothing pocketed passes the turn with no foul and opens the push out',
    (g) => {
      const t = rack(g);
      const r = legalBreak(t);
      expect(r.isBreak).toBe(true);
      expect(r.fouls).toEqual([]);
      expect(r.appliedFoul).toBeNull();
      expect(r.penalty).toBe('TURN_END');
      expect(r.turn).toBe('PASSES');
      expect(r.nextShooter).toBe(B);
      expect(r.ballInHand).toBe('NONE');
      expect(r.pushOutAvailable).toBe(true);
      expect(r.ballsOnTableAfter).toEqual(g.balls);
      expect(game(t)).toMatchObject({ shooter: B, ballInHand: 'NONE', pushOutAvailable: true });
    },
  );

  it.each(BOTH)(
    'N9.1, T10.1, N9.3 [$label]: a ball pocketed on the break makes it legal even with fewer than four balls to a cushion; the breaker continues',
    (g) => {
      const t = rack(g);
      const r = t.shoot(A, {
        firstContact: 1,
        objectBallsDrivenToRail: 2,
        pocketed: down([3, 'FR']),
      });
      expect(r.fouls).toEqual([]);
      expect(r.turn).toBe('CONTINUES');
      expect(r.nextShooter).toBe(A);
      expect(r.legallyPocketed).toEqual([3]);
      expect(r.ballsOnTableAfter).not.toContain(3);
      expect(r.pushOutAvailable).toBe(true);
      expect(game(t)).toMatchObject({ shooter: A, pushOutAvailable: true, isBreakShot: false });
    },
  );

  const breakFouls: [string, Partial<ShotFacts>, FoulKind, (g: RotationGame) => string][] = [
    [
      'the 2 hit first',
      { firstContact: 2, objectBallsDrivenToRail: 5 },
      'WRONG_BALL_FIRST',
      (g) => g.breakRule,
    ],
    [
      'the 2 hit first even though the 3 dropped',
      { firstContact: 2, objectBallsDrivenToRail: 5, pocketed: down([3, 'SL']) },
      'WRONG_BALL_FIRST',
      (g) => g.breakRule,
    ],
    ['no ball hit', { firstContact: null }, 'NO_FIRST_CONTACT', (g) => g.breakRule],
    [
      'nothing pocketed and only three balls to a cushion',
      { firstContact: 1, objectBallsDrivenToRail: 3 },
      'ILLEGAL_BREAK',
      (g) => g.breakRule,
    ],
    [
      'the cue ball scratched',
      { firstContact: 1, objectBallsDrivenToRail: 5, cueBallScratched: true },
      'CUE_BALL_SCRATCHED',
      () => 'G1.20',
    ],
    [
      'the 5 off the table',
      { firstContact: 1, objectBallsDrivenToRail: 5, ballsOffTable: [5] },
      'OBJECT_BALL_OFF_TABLE',
      () => 'G1.28',
    ],
  ];
  const breakFoulCases = BOTH.flatMap((g) =>
    breakFouls.map(([what, facts, kind, rule]) => ({ g, label: g.label, what, facts, kind, rule })),
  );

  it.each(breakFoulCases)(
    'N9.1, T10.1, A7, N9.5, T10.9 [$label]: break foul ($what) is a standard foul with ball in hand anywhere',
    ({ g, facts, kind, rule }) => {
      const t = rack(g);
      const r = t.shoot(A, facts);
      expect(r.appliedFoul).toMatchObject({ kind, rule: rule(g), penalty: 'STANDARD_FOUL' });
      expect(r.penalty).toBe('STANDARD_FOUL');
      expect(r.turn).toBe('PASSES');
      expect(r.nextShooter).toBe(B);
      expect(r.ballInHand).toBe('ANYWHERE');
      expect(r.pendingChoice).toBeNull();
      expect(r.gameResult).toBeNull();
      expect(r.pushOutAvailable).toBe(false);
      expect(r.consecutiveFoulsAfter).toBe(1);
      expect(game(t)).toMatchObject({
        shooter: B,
        ballInHand: 'ANYWHERE',
        pushOutAvailable: false,
      });
      expect(t.state.pendingChoice).toBeNull();
    },
  );

  it.each(BOTH)(
    'A7, N9.5, T10.9 [$label]: after a break foul the incoming player places the cue ball anywhere, not in the kitchen',
    (g) => {
      const t = rack(g);
      t.shoot(A, { firstContact: 1, objectBallsDrivenToRail: 5, cueBallScratched: true });
      expectRefused(t, { type: 'PlaceCueBall', player: B, zone: 'KITCHEN' }, 'ILLEGAL_PLACEMENT');
      const events = t.run({ type: 'PlaceCueBall', player: B, zone: 'ANYWHERE' });
      expect(events.map((e) => e.type)).toEqual(['CueBallPlaced']);
      expect(game(t).cueBallPlacement).toBe('ANYWHERE');
    },
  );

  it.each(BOTH)(
    'N9.4, T10.8, G1.20 [$label]: on a scratched break the money ball is spotted and the other pocketed balls stay down',
    (g) => {
      const t = rack(g);
      const r = t.shoot(A, {
        firstContact: 1,
        objectBallsDrivenToRail: 5,
        pocketed: down([3, 'FL'], [g.money, 'SR']),
        cueBallScratched: true,
      });
      expect(r.appliedFoul).toMatchObject({ kind: 'CUE_BALL_SCRATCHED' });
      expect(r.gameResult).toBeNull();
      expect(r.spotted).toEqual([g.money]);
      expect(r.ballsOnTableAfter).toContain(g.money);
      expect(r.ballsOnTableAfter).not.toContain(3);
      expect(r.legallyPocketed).toEqual([]);
      expect(game(t).ballsOnTable).toContain(g.money);
      expect(game(t).pocketed).toEqual([3]);
    },
  );

  it.each(BOTH)(
    'N9.4, T10.8, G1.28 [$label]: the money ball driven off the table on the break is a foul and is spotted',
    (g) => {
      const t = rack(g);
      const r = t.shoot(A, {
        firstContact: 1,
        objectBallsDrivenToRail: 5,
        ballsOffTable: [g.money],
      });
      expect(r.appliedFoul).toMatchObject({
        kind: 'OBJECT_BALL_OFF_TABLE',
        penalty: 'STANDARD_FOUL',
      });
      expect(r.ballInHand).toBe('ANYWHERE');
      expect(r.spotted).toEqual([g.money]);
      expect(r.ballsOnTableAfter).toEqual(g.balls);
      expect(r.gameResult).toBeNull();
    },
  );
});

describe('9 on the break (N9.3, A11)', () => {
  it('N9.3, A11: the 9 pocketed on a legal break wins the rack; the score and the next game follow', () => {
    const t = rack(NINE);
    const before = t.history.length;
    const r = t.shoot(A, {
      firstContact: 1,
      objectBallsDrivenToRail: 2,
      pocketed: down([9, 'SL']),
    });
    expect(r.fouls).toEqual([]);
    expect(r.turn).toBe('GAME_OVER');
    expect(r.nextShooter).toBeNull();
    expect(r.ballInHand).toBe('NONE');
    expect(r.gameResult).toEqual({
      winner: A,
      loser: B,
      reason: 'NINE_ON_THE_BREAK',
      rule: 'N9.3',
    });
    const types = t.history.slice(before).map((e) => e.type);
    expect(types).toEqual(['ShotPlayed', 'ShotAdjudicated', 'GameEnded', 'GameStarted']);
    const ended = t.history.find((e) => e.type === 'GameEnded');
    expect(ended).toMatchObject({
      data: { winner: A, reason: 'NINE_ON_THE_BREAK', score: { [A]: 1, [B]: 0 } },
    });
    expect(t.state.score).toEqual({ [A]: 1, [B]: 0 });
    expect(game(t)).toMatchObject({ number: 2, breaker: A, isBreakShot: true });
    expect(game(t).ballsOnTable).toEqual(NINE.balls);
  });

  it('N9.3, A11: the 9 dropping with other balls on the break (a combination off the 1) still wins', () => {
    const t = rack(NINE);
    const r = t.shoot(A, {
      firstContact: 1,
      objectBallsDrivenToRail: 4,
      pocketed: down([4, 'FL'], [9, 'FR'], [2, 'SR']),
    });
    expect(r.gameResult).toMatchObject({ winner: A, reason: 'NINE_ON_THE_BREAK' });
    expect(r.spotted).toEqual([]);
  });

  it('N9.3, N9.1, N9.4: the 9 on a break that hit the 2 first is a foul, not a win; the 9 is spotted', () => {
    const t = rack(NINE);
    const r = t.shoot(A, {
      firstContact: 2,
      objectBallsDrivenToRail: 4,
      pocketed: down([9, 'FR']),
    });
    expect(r.appliedFoul).toMatchObject({ kind: 'WRONG_BALL_FIRST', rule: 'N9.1' });
    expect(r.gameResult).toBeNull();
    expect(r.spotted).toEqual([9]);
    expect(r.nextShooter).toBe(B);
    expect(r.ballInHand).toBe('ANYWHERE');
  });
});

describe('push out (N9.2, T10.3)', () => {
  it.each(BOTH)(
    'N9.2, T10.3 [$label]: after a legal dry break the incoming player may push out; wrong ball first and no cushion are not fouls; the opponent chooses',
    (g) => {
      const t = afterDryBreak(g);
      pushOut(t, B);
      const r = t.shoot(B, { firstContact: 5 });
      expect(r.fouls).toEqual([]);
      expect(r.appliedFoul).toBeNull();
      expect(r.penalty).toBe('NONE');
      expect(r.turn).toBe('CHOICE_PENDING');
      expect(r.nextShooter).toBeNull();
      expect(r.ballInHand).toBe('NONE');
      expect(r.pushOutAvailable).toBe(false);
      expect(r.consecutiveFoulsAfter).toBe(0);
      expect(r.pendingChoice).toEqual({
        kind: 'AFTER_PUSH_OUT',
        player: A,
        options: ['SHOOT', 'PASS_BACK'],
        rule: g.pushOutRule,
        ballInHandIfShooting: 'NONE',
      });
      expect(t.state.pendingChoice).toMatchObject({ kind: 'AFTER_PUSH_OUT', player: A });
    },
  );

  it.each(BOTH)(
    'N9.2, T10.3, G1.20, N9.5, T10.9 [$label]: a scratch on a push out is still a foul: ball in hand anywhere, no choice',
    (g) => {
      const t = afterDryBreak(g);
      pushOut(t, B);
      const r = t.shoot(B, { firstContact: 5, cueBallScratched: true });
      expect(r.appliedFoul).toMatchObject({ kind: 'CUE_BALL_SCRATCHED', rule: 'G1.20' });
      expect(r.fouls.map((f) => f.kind)).toEqual(['CUE_BALL_SCRATCHED']);
      expect(r.penalty).toBe('STANDARD_FOUL');
      expect(r.pendingChoice).toBeNull();
      expect(r.nextShooter).toBe(A);
      expect(r.ballInHand).toBe('ANYWHERE');
      expect(t.state.pendingChoice).toBeNull();
      expect(game(t)).toMatchObject({ shooter: A, ballInHand: 'ANYWHERE' });
    },
  );

  it.each(BOTH)(
    'N9.2, T10.3, G1.3 [$label]: a reported stroke foul on a push out is still a foul',
    (g) => {
      const t = afterDryBreak(g);
      pushOut(t, B);
      const r = t.shoot(B, {
        firstContact: 4,
        strokeFouls: [{ kind: 'DOUBLE_HIT', reportedBy: 'referee' }],
      });
      expect(r.appliedFoul).toMatchObject({ kind: 'DOUBLE_HIT', penalty: 'STANDARD_FOUL' });
      expect(r.nextShooter).toBe(A);
      expect(r.pendingChoice).toBeNull();
    },
  );

  it.each(BOTH)(
    'N9.2, T10.3, A12 [$label]: after the push out the opponent chooses SHOOT and plays the balls as they lie; no second push out',
    (g) => {
      const t = afterDryBreak(g);
      pushOut(t, B);
      t.shoot(B, { firstContact: 6 });
      const events = t.run({ type: 'ChooseOption', player: A, option: 'SHOOT' });
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        type: 'OptionChosen',
        data: { choice: 'AFTER_PUSH_OUT', option: 'SHOOT', nextShooter: A, ballInHand: 'NONE' },
      });
      expect(t.state.pendingChoice).toBeNull();
      expect(game(t)).toMatchObject({ shooter: A, ballInHand: 'NONE', pushOutAvailable: false });
      expectRefused(
        t,
        {
          type: 'CallShot',
          player: A,
          call: { ball: null, pocket: null, safety: false, pushOut: true },
        },
        'INVALID_CALL',
      );
    },
  );

  it.each(BOTH)(
    'N9.2, T10.3, A12 [$label]: a push out that hits no ball is no foul; the opponent may hand the shot back (PASS_BACK) and the pusher shoots again',
    (g) => {
      const t = afterDryBreak(g);
      pushOut(t, B);
      const push = t.shoot(B, { firstContact: null });
      expect(push.fouls).toEqual([]);
      expect(push.pendingChoice).toMatchObject({ kind: 'AFTER_PUSH_OUT', player: A });
      const events = t.run({ type: 'ChooseOption', player: A, option: 'PASS_BACK' });
      expect(events[0]).toMatchObject({
        data: { option: 'PASS_BACK', nextShooter: B, ballInHand: 'NONE' },
      });
      expect(game(t)).toMatchObject({ shooter: B, ballInHand: 'NONE', pushOutAvailable: false });
      const r = safeMiss(t, B);
      expect(r.fouls).toEqual([]);
      expect(r.nextShooter).toBe(A);
    },
  );

  it.each(BOTH)(
    'N9.2, A12 [$label]: while the push-out choice is pending, the pusher cannot choose and nobody can shoot',
    (g) => {
      const t = afterDryBreak(g);
      pushOut(t, B);
      t.shoot(B, { firstContact: 6 });
      expectRefused(t, { type: 'ChooseOption', player: B, option: 'SHOOT' }, 'WRONG_PLAYER');
      expectRefused(
        t,
        { type: 'ChooseOption', player: A, option: 'ACCEPT_TABLE' },
        'OPTION_NOT_OFFERED',
      );
      expectRefused(
        t,
        { type: 'PlayShot', shooter: A, facts: { ...emptyLegalFacts(2) } },
        'CHOICE_PENDING',
      );
    },
  );

  it.each(BOTH)(
    'N9.2, T10.3, N9.4, T10.8 [$label]: the money ball pocketed on a push out is spotted and does not win; other balls stay down',
    (g) => {
      const t = afterDryBreak(g);
      pushOut(t, B);
      const r = t.shoot(B, {
        firstContact: 5,
        pocketed: down([g.money, 'FL'], [5, 'SR']),
      });
      expect(r.fouls).toEqual([]);
      expect(r.gameResult).toBeNull();
      expect(r.spotted).toEqual([g.money]);
      expect(r.legallyPocketed).toEqual([]);
      expect(r.ballsOnTableAfter).toContain(g.money);
      expect(r.ballsOnTableAfter).not.toContain(5);
      expect(r.pendingChoice).toMatchObject({ kind: 'AFTER_PUSH_OUT', player: A });
      expect(game(t).ballsOnTable).toContain(g.money);
      expect(game(t).pocketed).toEqual([5]);
    },
  );

  it.each(BOTH)(
    'N9.2, T10.3 [$label]: the breaker who continues after pocketing a ball on the break may push out',
    (g) => {
      const t = afterBreakWithOne(g);
      pushOut(t, A);
      const r = t.shoot(A, { firstContact: 7 });
      expect(r.fouls).toEqual([]);
      expect(r.pendingChoice).toMatchObject({ kind: 'AFTER_PUSH_OUT', player: B });
    },
  );

  it.each(BOTH)(
    'N9.2, T10.3 [$label]: a push out is refused on the second shot after the break',
    (g) => {
      const t = afterDryBreak(g);
      const r = safeMiss(t, B);
      expect(r.pushOutAvailable).toBe(false);
      expect(game(t).pushOutAvailable).toBe(false);
      expectRefused(
        t,
        {
          type: 'CallShot',
          player: A,
          call: { ball: null, pocket: null, safety: false, pushOut: true },
        },
        'INVALID_CALL',
      );
    },
  );

  it.each(BOTH)('N9.2, T10.3 [$label]: a push out is refused after a foul on the break', (g) => {
    const t = rack(g);
    t.shoot(A, { firstContact: 1, objectBallsDrivenToRail: 5, cueBallScratched: true });
    expect(game(t).pushOutAvailable).toBe(false);
    expectRefused(
      t,
      {
        type: 'CallShot',
        player: B,
        call: { ball: null, pocket: null, safety: false, pushOut: true },
      },
      'INVALID_CALL',
    );
  });

  it.each(BOTH)('N9.2, T10.3 [$label]: a push out names no ball, pocket or safety', (g) => {
    const t = afterDryBreak(g);
    expectRefused(
      t,
      {
        type: 'CallShot',
        player: B,
        call: { ball: 1, pocket: 'FL', safety: false, pushOut: true },
      },
      'INVALID_CALL',
    );
    expectRefused(
      t,
      {
        type: 'CallShot',
        player: B,
        call: { ball: null, pocket: null, safety: true, pushOut: true },
      },
      'INVALID_CALL',
    );
  });

  it('N9.2, E8.20: there is no push out in 8-ball', () => {
    const t = new Table({ profile: 'WPA' });
    t.break(A);
    expectRefused(
      t,
      {
        type: 'CallShot',
        player: B,
        call: { ball: null, pocket: null, safety: false, pushOut: true },
      },
      'INVALID_CALL',
    );
  });

  it.each(BOTH)(
    'N9.2, T10.3 [$label]: an ordinary (undeclared) shot right after the break is judged normally: the wrong ball first is a foul',
    (g) => {
      const t = afterDryBreak(g);
      const r = t.shoot(B, { firstContact: 5, railContactsAfterFirstContact: CUE_TO_RAIL });
      expect(r.appliedFoul).toMatchObject({ kind: 'WRONG_BALL_FIRST', rule: g.lowestFirstRule });
      expect(r.pendingChoice).toBeNull();
      expect(r.nextShooter).toBe(A);
    },
  );
});

function emptyLegalFacts(first: number): ShotFacts {
  return {
    firstContact: first,
    railContactsAfterFirstContact: CUE_TO_RAIL,
    pocketed: [],
    ballsReboundedFromPocket: [],
    cueBallScratched: false,
    cueBallOffTable: false,
    cueBallTouchedPocketedBall: false,
    ballsOffTable: [],
    objectBallsDrivenToRail: 0,
    callObvious: false,
    strokeFouls: [],
  };
}

describe('lowest ball first and a cushion after contact (N9.6, N9.7, T10.9)', () => {
  it.each(BOTH)(
    'N9.6, T10.9 [$label]: hitting a ball other than the lowest first is a standard foul',
    (g) => {
      const t = afterBreakWithOne(g);
      const r = t.shoot(A, { firstContact: 3, railContactsAfterFirstContact: CUE_TO_RAIL });
      expect(r.appliedFoul).toMatchObject({
        kind: 'WRONG_BALL_FIRST',
        rule: g.lowestFirstRule,
        penalty: 'STANDARD_FOUL',
      });
      expect(r.nextShooter).toBe(B);
      expect(r.ballInHand).toBe('ANYWHERE');
      expect(r.consecutiveFoulsAfter).toBe(1);
    },
  );

  it.each(BOTH)(
    'N9.6, T10.9 [$label]: the lowest ball is the lowest still on the table (the 2 once the 1 is down), not the 1',
    (g) => {
      const t = afterBreakWithOne(g);
      const r = t.shoot(A, { firstContact: 2, railContactsAfterFirstContact: CUE_TO_RAIL });
      expect(r.fouls).toEqual([]);
      expect(r.turn).toBe('PASSES');
      expect(r.penalty).toBe('TURN_END');
    },
  );

  it.each(BOTH)('N9.6, T10.9 [$label]: missing every ball is a standard foul', (g) => {
    const t = afterBreakWithOne(g);
    const r = t.shoot(A, { firstContact: null, railContactsAfterFirstContact: CUE_TO_RAIL });
    expect(r.appliedFoul).toMatchObject({ kind: 'NO_FIRST_CONTACT', rule: g.lowestFirstRule });
    expect(r.ballInHand).toBe('ANYWHERE');
  });

  it.each(BOTH)(
    'N9.7, T10.9 [$label]: nothing pocketed and no ball to a cushion after contact is a standard foul',
    (g) => {
      const t = afterBreakWithOne(g);
      const r = t.shoot(A, { firstContact: 2 });
      expect(r.appliedFoul).toMatchObject({
        kind: 'NO_RAIL_AFTER_CONTACT',
        rule: g.railRule,
        penalty: 'STANDARD_FOUL',
      });
      expect(r.nextShooter).toBe(B);
      expect(r.ballInHand).toBe('ANYWHERE');
    },
  );

  it.each(BOTH)(
    'N9.7, G1.35 [$label]: an object ball reaching a cushion after contact satisfies the rule; the turn simply passes',
    (g) => {
      const t = afterBreakWithOne(g);
      const r = t.shoot(A, { firstContact: 2, railContactsAfterFirstContact: [{ ball: 2 }] });
      expect(r.fouls).toEqual([]);
      expect(r.turn).toBe('PASSES');
      expect(r.nextShooter).toBe(B);
      expect(r.ballInHand).toBe('NONE');
      expect(game(t)).toMatchObject({ shooter: B, ballInHand: 'NONE' });
    },
  );
});

describe('standard fouls (N9.5, T10.9)', () => {
  const fouls: [string, Partial<ShotFacts>, FoulKind][] = [
    [
      'a scratch',
      { cueBallScratched: true, railContactsAfterFirstContact: CUE_TO_RAIL },
      'CUE_BALL_SCRATCHED',
    ],
    ['the cue ball off the table', { cueBallOffTable: true }, 'CUE_BALL_OFF_TABLE'],
    [
      'the cue ball touching a pocketed ball',
      { cueBallTouchedPocketedBall: true },
      'CUE_BALL_TOUCHED_POCKETED_BALL',
    ],
    [
      'a reported double hit',
      { strokeFouls: [{ kind: 'DOUBLE_HIT', reportedBy: 'referee' }] },
      'DOUBLE_HIT',
    ],
  ];
  const cases = BOTH.flatMap((g) =>
    fouls.map(([what, facts, kind]) => ({ g, label: g.label, what, facts, kind })),
  );

  it.each(cases)(
    'N9.5, T10.9, G1.17 [$label]: $what gives the opponent ball in hand anywhere',
    ({ g, facts, kind }) => {
      const t = afterBreakWithOne(g);
      const r = t.shoot(A, {
        firstContact: 2,
        railContactsAfterFirstContact: [{ ball: 2 }],
        ...facts,
      });
      expect(r.appliedFoul).toMatchObject({ kind, penalty: 'STANDARD_FOUL' });
      expect(r.rules).toContain(g.standardFoulRule);
      expect(r.penalty).toBe('STANDARD_FOUL');
      expect(r.turn).toBe('PASSES');
      expect(r.nextShooter).toBe(B);
      expect(r.ballInHand).toBe('ANYWHERE');
      expect(r.pendingChoice).toBeNull();
      expect(r.legallyPocketed).toEqual([]);
      expect(game(t)).toMatchObject({ shooter: B, ballInHand: 'ANYWHERE' });
      expectRefused(t, { type: 'PlaceCueBall', player: B, zone: 'KITCHEN' }, 'ILLEGAL_PLACEMENT');
    },
  );

  it.each(BOTH)(
    'N9.4, T10.8, G1.28 [$label]: a ball other than the money ball driven off the table is not spotted',
    (g) => {
      const t = afterBreakWithOne(g);
      const r = t.shoot(A, { firstContact: 2, ballsOffTable: [5] });
      expect(r.spotted).toEqual([]);
      expect(r.ballsOnTableAfter).not.toContain(5);
      expect(game(t).pocketed).toEqual([1, 5]);
    },
  );

  it.each(BOTH)(
    'N9.4, T10.8 [$label]: the money ball pocketed on a foul is spotted; a ball pocketed with it stays down',
    (g) => {
      const t = afterBreakWithOne(g);
      const r = t.shoot(A, {
        firstContact: 4,
        pocketed: down([g.money, 'FR'], [4, 'SL']),
        railContactsAfterFirstContact: CUE_TO_RAIL,
      });
      expect(r.appliedFoul).toMatchObject({ kind: 'WRONG_BALL_FIRST' });
      expect(r.gameResult).toBeNull();
      expect(r.spotted).toEqual([g.money]);
      expect(r.rules).toContain(g.spotRule);
      expect(r.ballsOnTableAfter).toContain(g.money);
      expect(r.ballsOnTableAfter).not.toContain(4);
      expect(game(t).ballsOnTable).toContain(g.money);
      expect(game(t).pocketed).toEqual([1, 4]);
    },
  );

  it.each(BOTH)(
    'N9.4, T10.8, G1.28 [$label]: the money ball driven off the table is a foul and is spotted',
    (g) => {
      const t = afterBreakWithOne(g);
      const r = t.shoot(A, { firstContact: 2, ballsOffTable: [g.money] });
      expect(r.appliedFoul).toMatchObject({ kind: 'OBJECT_BALL_OFF_TABLE', rule: 'G1.28' });
      expect(r.spotted).toEqual([g.money]);
      expect(r.ballsOnTableAfter).toContain(g.money);
      expect(r.nextShooter).toBe(B);
      expect(r.ballInHand).toBe('ANYWHERE');
    },
  );
});

describe('three consecutive fouls (N9.8, T10.10)', () => {
  it.each(BOTH)(
    'N9.8, T10.10 [$label]: after the two-foul warning, a third foul in a row loses the rack',
    (g) => {
      const t = anaOnTwoFouls(g);
      const warned = t.run({
        type: 'RecordRefereeRuling',
        kind: 'TWO_FOUL_WARNING',
        player: A,
        restored: null,
        note: '',
      });
      expect(warned).toMatchObject([{ type: 'RefereeRuled', data: { rule: g.threeFoulRule } }]);
      expect(game(t).twoFoulWarned[A]).toBe(true);
      const before = t.history.length;
      const r = scratch(t, A);
      expect(r.appliedFoul).toMatchObject({
        kind: 'THIRD_CONSECUTIVE_FOUL',
        rule: g.threeFoulRule,
        penalty: 'LOSS_OF_GAME',
      });
      expect(r.fouls.map((f) => f.kind)).toEqual(['CUE_BALL_SCRATCHED', 'THIRD_CONSECUTIVE_FOUL']);
      expect(r.penalty).toBe('LOSS_OF_GAME');
      expect(r.turn).toBe('GAME_OVER');
      expect(r.nextShooter).toBeNull();
      expect(r.ballInHand).toBe('NONE');
      expect(r.consecutiveFoulsAfter).toBe(3);
      expect(r.gameResult).toEqual({
        winner: B,
        loser: A,
        reason: 'THREE_CONSECUTIVE_FOULS',
        rule: g.threeFoulRule,
      });
      const ended = t.history.slice(before).find((e) => e.type === 'GameEnded');
      expect(ended).toMatchObject({ data: { winner: B, score: { [A]: 0, [B]: 1 } } });
      expect(t.state.score).toEqual({ [A]: 0, [B]: 1 });
    },
  );

  it.each(BOTH)(
    'N9.8, T10.10 [$label]: without the warning the third foul counts as the second; the warning can then be given and the next foul loses',
    (g) => {
      const t = anaOnTwoFouls(g);
      const r = scratch(t, A);
      expect(r.appliedFoul).toMatchObject({ kind: 'CUE_BALL_SCRATCHED' });
      expect(r.penalty).toBe('STANDARD_FOUL');
      expect(r.gameResult).toBeNull();
      expect(r.consecutiveFoulsAfter).toBe(2);
      expect(game(t).consecutiveFouls[A]).toBe(2);
      safeMiss(t, B);
      warnTwoFouls(t, A);
      const third = scratch(t, A);
      expect(third.gameResult).toMatchObject({ winner: B, reason: 'THREE_CONSECUTIVE_FOULS' });
    },
  );

  it.each(BOTH)(
    'N9.8, T10.10 [$label]: the two-foul warning is refused for a player not on two fouls',
    (g) => {
      const t = anaOnTwoFouls(g);
      // Bruno's legal shots in between do not break Ana's run; Bruno is on none.
      expect(game(t).consecutiveFouls).toEqual({ [A]: 2, [B]: 0 });
      expect(game(t).shooter).toBe(A);
      expectRefused(
        t,
        {
          type: 'RecordRefereeRuling',
          kind: 'TWO_FOUL_WARNING',
          player: B,
          restored: null,
          note: '',
        },
        'INVALID_REFEREE_RULING',
      );
      const one = rack(g);
      one.shoot(A, { firstContact: 1, objectBallsDrivenToRail: 5, cueBallScratched: true });
      safeMiss(one, B);
      expect(game(one).consecutiveFouls[A]).toBe(1);
      expectRefused(
        one,
        {
          type: 'RecordRefereeRuling',
          kind: 'TWO_FOUL_WARNING',
          player: A,
          restored: null,
          note: '',
        },
        'INVALID_REFEREE_RULING',
      );
    },
  );

  it('E8.20, N9.8: the two-foul warning is refused in 8-ball', () => {
    const t = new Table({ profile: 'WPA' });
    t.shoot(A, { firstContact: 1, objectBallsDrivenToRail: 5, cueBallScratched: true });
    t.shoot(B, { firstContact: 2, cueBallScratched: true });
    t.shoot(A, { firstContact: 3, cueBallScratched: true });
    expect(t.state.currentGame!.consecutiveFouls[B]).toBe(1);
    t.shoot(B, { firstContact: 4, cueBallScratched: true });
    expect(t.state.currentGame!.consecutiveFouls[B]).toBe(2);
    expectRefused(
      t,
      {
        type: 'RecordRefereeRuling',
        kind: 'TWO_FOUL_WARNING',
        player: B,
        restored: null,
        note: '',
      },
      'INVALID_REFEREE_RULING',
    );
  });

  it.each(BOTH)(
    'N9.8, T10.10 [$label]: a legal shot resets the run; the next foul is the first again, even after a warning',
    (g) => {
      const t = anaOnTwoFouls(g);
      warnTwoFouls(t, A);
      const legal = safeMiss(t, A);
      expect(legal.fouls).toEqual([]);
      expect(legal.consecutiveFoulsAfter).toBe(0);
      expect(game(t).consecutiveFouls[A]).toBe(0);
      const r = scratch(t, B, {});
      expect(r.consecutiveFoulsAfter).toBe(1);
      const next = scratch(t, A);
      expect(next.penalty).toBe('STANDARD_FOUL');
      expect(next.consecutiveFoulsAfter).toBe(1);
      expect(next.gameResult).toBeNull();
    },
  );

  it.each(BOTH)('N9.8, T10.10 [$label]: the fouls of both players are counted separately', (g) => {
    const t = rack(g);
    t.shoot(A, { firstContact: 1, objectBallsDrivenToRail: 5, cueBallScratched: true });
    const b1 = scratch(t, B);
    expect(b1.consecutiveFoulsAfter).toBe(1);
    const a2 = scratch(t, A);
    expect(a2.consecutiveFoulsAfter).toBe(2);
    expect(game(t).consecutiveFouls).toEqual({ [A]: 2, [B]: 1 });
  });
});

describe('stalemate (N9.9, T10.11)', () => {
  it.each(BOTH)(
    'N9.9, T10.11 [$label]: a stalemate re-racks and the original breaker breaks again, even when the other player is at the table',
    (g) => {
      const t = afterBreakWithOne(g);
      safeMiss(t, A);
      expect(game(t).shooter).toBe(B);
      const before = t.history.length;
      t.run({
        type: 'RecordRefereeRuling',
        kind: 'STALEMATE',
        player: null,
        restored: null,
        note: '',
      });
      const started = t.history.slice(before).find((e) => e.type === 'GameStarted');
      expect(started).toMatchObject({
        data: { gameNumber: 1, rack: 2, breaker: A, reason: 'RERACK', ballsOnTable: g.balls },
      });
      expect(game(t)).toMatchObject({
        number: 1,
        rack: 2,
        breaker: A,
        shooter: A,
        isBreakShot: true,
        pocketed: [],
        consecutiveFouls: { [A]: 0, [B]: 0 },
      });
      expect(t.state.score).toEqual({ [A]: 0, [B]: 0 });
    },
  );

  it.each(BOTH)(
    'N9.9, T10.11 [$label]: when Bruno broke the rack, Bruno breaks the replayed rack',
    (g) => {
      const t = rack(g, { breaker: B });
      t.shoot(B, {
        firstContact: 1,
        objectBallsDrivenToRail: 5,
        railContactsAfterFirstContact: CUE_TO_RAIL,
      });
      expect(game(t).shooter).toBe(A);
      t.run({
        type: 'RecordRefereeRuling',
        kind: 'STALEMATE',
        player: null,
        restored: null,
        note: '',
      });
      expect(game(t)).toMatchObject({ rack: 2, breaker: B, shooter: B, isBreakShot: true });
    },
  );
});

describe('profiles and calls (N9.3, UNSUPPORTED_RULES)', () => {
  const outsideWpa: [Discipline, RuleProfileId][] = [
    ['NINE_BALL', 'FPB'],
    ['NINE_BALL', 'BCA'],
    ['TEN_BALL', 'FPB'],
    ['TEN_BALL', 'BCA'],
  ];

  it.each(outsideWpa)(
    'N9, T10 profiles: %s under %s is refused (UNSUPPORTED_RULES)',
    (discipline, ruleProfile) => {
      given()
        .when({
          type: 'ScheduleMatch',
          matchId: 'm1',
          discipline,
          ruleProfile,
          raceTo: 2,
          players: [ANA, BRUNO],
          breakOrder: 'WINNER',
          refereePresent: true,
          competition: null,
        })
        .thenRefuses('UNSUPPORTED_RULES');
    },
  );

  it('N9.3: 9-ball refuses a ball-and-pocket call (no shot is called in 9-ball)', () => {
    const t = afterBreakWithOne(NINE);
    expectRefused(
      t,
      { type: 'CallShot', player: A, call: { ball: 2, pocket: 'FL', safety: false } },
      'INVALID_CALL',
    );
  });

  it('A13, N9.3: 9-ball refuses a declared safety (no called safety in 9-ball)', () => {
    const t = afterBreakWithOne(NINE);
    const err = expectRefused(
      t,
      { type: 'CallShot', player: A, call: { ball: null, pocket: null, safety: true } },
      'INVALID_SHOT_FACTS',
    );
    expect(err.rule).toBe('N9.3');
  });
});

describe('9-ball play (N9.3)', () => {
  it.each<[string, [number, 'FL' | 'FR' | 'SL' | 'SR'][]]>([
    ['the lowest ball', [[2, 'FL']]],
    ['another ball off the lowest', [[5, 'SR']]],
    [
      'several balls',
      [
        [3, 'FL'],
        [6, 'SL'],
      ],
    ],
  ])('N9.3: legally pocketing %s continues the inning, no call needed', (_what, balls) => {
    const t = afterBreakWithOne(NINE);
    const r = t.shoot(A, { firstContact: 2, pocketed: down(...balls) });
    const numbers = balls.map(([b]) => b);
    expect(r.fouls).toEqual([]);
    expect(r.turn).toBe('CONTINUES');
    expect(r.nextShooter).toBe(A);
    expect(r.ballInHand).toBe('NONE');
    expect(r.penalty).toBe('NONE');
    expect(r.legallyPocketed).toEqual(numbers);
    expect(r.pushOutAvailable).toBe(false);
    for (const b of numbers) expect(r.ballsOnTableAfter).not.toContain(b);
    expect(game(t)).toMatchObject({ shooter: A, pushOutAvailable: false });
  });

  it.each<[string, Partial<ShotFacts>]>([
    ['by a combination off the 2', { firstContact: 2, pocketed: down([9, 'FL']) }],
    ['together with the lowest ball', { firstContact: 2, pocketed: down([2, 'SL'], [9, 'FR']) }],
    ['as a kiss off the 2 with no cushion', { firstContact: 2, pocketed: down([9, 'HL']) }],
  ])('N9.3: the 9 legally pocketed %s wins the rack', (_what, facts) => {
    const t = afterBreakWithOne(NINE);
    const r = t.shoot(A, facts);
    expect(r.fouls).toEqual([]);
    expect(r.turn).toBe('GAME_OVER');
    expect(r.gameResult).toEqual({
      winner: A,
      loser: B,
      reason: 'NINE_POCKETED_LEGALLY',
      rule: 'N9.3',
    });
    expect(r.spotted).toEqual([]);
    expect(t.state.score).toEqual({ [A]: 1, [B]: 0 });
  });

  it.each<[string, Partial<ShotFacts>, FoulKind]>([
    [
      'with a scratch',
      { firstContact: 2, pocketed: down([9, 'FL']), cueBallScratched: true },
      'CUE_BALL_SCRATCHED',
    ],
    [
      'off the wrong ball first',
      { firstContact: 3, pocketed: down([9, 'FL']) },
      'WRONG_BALL_FIRST',
    ],
    [
      'on a reported double hit',
      {
        firstContact: 2,
        pocketed: down([9, 'FL']),
        strokeFouls: [{ kind: 'DOUBLE_HIT', reportedBy: 'referee' }],
      },
      'DOUBLE_HIT',
    ],
  ])('N9.4, N9.3: the 9 pocketed %s does not win; it is spotted', (_what, facts, kind) => {
    const t = afterBreakWithOne(NINE);
    const r = t.shoot(A, facts);
    expect(r.appliedFoul).toMatchObject({ kind });
    expect(r.gameResult).toBeNull();
    expect(r.spotted).toEqual([9]);
    expect(r.ballsOnTableAfter).toContain(9);
    expect(r.nextShooter).toBe(B);
    expect(r.ballInHand).toBe('ANYWHERE');
    expect(game(t).ballsOnTable).toContain(9);
    expect(t.state.score).toEqual({ [A]: 0, [B]: 0 });
  });
});

describe('ball conservation (N9.4, T10.8, G1.28)', () => {
  it('N9.4, N9.3, G1.28: through a scripted 9-ball rack, every ball is on the table or down at every step', () => {
    const t = rack(NINE, { raceTo: 2 });
    conserved(t, NINE.balls);
    legalBreak(t, down([1, 'FL'], [2, 'SR']));
    conserved(t, NINE.balls);
    t.shoot(A, { firstContact: 3, pocketed: down([3, 'FR']) });
    conserved(t, NINE.balls);
    t.shoot(A, { firstContact: 4, pocketed: down([4, 'SL']), cueBallScratched: true });
    conserved(t, NINE.balls);
    t.run({ type: 'PlaceCueBall', player: B, zone: 'ANYWHERE' });
    // Bruno hits the 6 first (the 5 is lowest): foul, the 9 comes back.
    t.shoot(B, { firstContact: 6, pocketed: down([9, 'FL']) });
    conserved(t, NINE.balls);
    expect(game(t).ballsOnTable).toContain(9);
    t.shoot(A, { firstContact: 5, ballsOffTable: [6] });
    conserved(t, NINE.balls);
    expect(game(t).ballsOnTable).not.toContain(6);
    t.shoot(B, { firstContact: 5, pocketed: down([5, 'HL'], [7, 'HR']) });
    conserved(t, NINE.balls);
    safeMiss(t, B);
    conserved(t, NINE.balls);
    t.shoot(A, { firstContact: 8, pocketed: down([8, 'FL']) });
    conserved(t, NINE.balls);
    expect(game(t).ballsOnTable).toEqual([9]);
    expect(game(t).pocketed).toEqual([1, 2, 3, 4, 6, 5, 7, 8]);
    t.shoot(A, { firstContact: 9, pocketed: down([9, 'SL']) });
    // The rack is over; game 2 starts with all nine balls.
    expect(t.state.games).toHaveLength(1);
    conserved(t, NINE.balls);
    expect(game(t).number).toBe(2);
  });
});

describe('a complete 9-ball game through the ledger (N9.1–N9.8)', () => {
  it('N9.1, N9.3, N9.5, N9.6: Ana breaks, runs, misses, gets ball in hand from Bruno’s foul and pockets the 9 to win the match', () => {
    const t = rack(NINE, { raceTo: 1 });
    expect(legalBreak(t, down([1, 'FR'])).turn).toBe('CONTINUES');
    expect(t.shoot(A, { firstContact: 2, pocketed: down([2, 'SL']) }).turn).toBe('CONTINUES');
    expect(t.shoot(A, { firstContact: 3, pocketed: down([3, 'FL']) }).turn).toBe('CONTINUES');
    expect(safeMiss(t, A).nextShooter).toBe(B);
    const foul = t.shoot(B, { firstContact: 5, railContactsAfterFirstContact: CUE_TO_RAIL });
    expect(foul.appliedFoul).toMatchObject({ kind: 'WRONG_BALL_FIRST', rule: 'N9.6' });
    t.run({ type: 'PlaceCueBall', player: A, zone: 'ANYWHERE' });
    for (const b of [4, 5, 6, 7, 8]) {
      const r = t.shoot(A, { firstContact: b, pocketed: down([b, 'FL']) });
      expect(r.turn).toBe('CONTINUES');
    }
    const before = t.history.length;
    const win = t.shoot(A, { firstContact: 9, pocketed: down([9, 'FR']) });
    expect(win.gameResult).toMatchObject({ winner: A, reason: 'NINE_POCKETED_LEGALLY' });
    expect(t.history.slice(before).map((e) => e.type)).toEqual([
      'ShotPlayed',
      'ShotAdjudicated',
      'GameEnded',
      'MatchEnded',
    ]);
    expect(t.history.find((e) => e.type === 'GameEnded')).toMatchObject({
      data: { gameNumber: 1, winner: A, loser: B, rule: 'N9.3', score: { [A]: 1, [B]: 0 } },
    });
    const s = t.state;
    expect(s.status).toBe('COMPLETED');
    expect(s.winner).toBe(A);
    expect(s.games).toEqual([
      expect.objectContaining({
        number: 1,
        breaker: A,
        winner: A,
        reason: 'NINE_POCKETED_LEGALLY',
        shots: 11,
      }),
    ]);
    expectRefused(t, { type: 'PlayShot', shooter: B, facts: emptyLegalFacts(1) }, 'MATCH_OVER');
  });
});
