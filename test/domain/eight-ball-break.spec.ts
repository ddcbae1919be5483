import { emptyFacts } from '../../src/domain/events/shot-facts';
import type { RuleProfileId } from '../../src/domain/table/vocabulary';
import { ANA, BRUNO, Table } from '../support/match-fixtures';
import {
  A,
  ALL_BALLS,
  B,
  CUE_TO_RAIL,
  PROFILES,
  eventTypes,
  expectRefused,
} from './eight-ball-scenarios';

describe('8-ball break (E8.3–E8.7, A4, A6)', () => {
  describe('legal break (E8.3, E8.4)', () => {
    it.each(PROFILES)(
      'E8.4 [%s]: a ball pocketed on a legal break keeps the breaker at the table, table open',
      (profile) => {
        const t = new Table({ profile });
        const r = t.break(A, [
          { ball: 3, pocket: 'FL' },
          { ball: 12, pocket: 'SR' },
        ]);
        expect(r.isBreak).toBe(true);
        expect(r.fouls).toEqual([]);
        expect(r.appliedFoul).toBeNull();
        expect(r.penalty).toBe('NONE');
        expect(r.turn).toBe('CONTINUES');
        expect(r.nextShooter).toBe(A);
        expect(r.ballInHand).toBe('NONE');
        expect(r.groupsAssigned).toBeNull();
        expect(r.legallyPocketed).toEqual([3, 12]);
        expect(r.ballsOnTableAfter).toEqual(ALL_BALLS.filter((b) => b !== 3 && b !== 12));
        const g = t.state.currentGame!;
        expect(g.groups).toBeNull();
        expect(g.shooter).toBe(A);
        expect(g.isBreakShot).toBe(false);
        expect(g.pocketed).toEqual([3, 12]);
      },
    );

    it.each(PROFILES)(
      'E8.3, G1.35 [%s]: four object balls to a cushion with nothing down is a legal break; the turn passes with no ball in hand',
      (profile) => {
        const t = new Table({ profile });
        const r = t.shoot(A, { firstContact: 1, objectBallsDrivenToRail: 4 });
        expect(r.fouls).toEqual([]);
        expect(r.pendingChoice).toBeNull();
        expect(r.penalty).toBe('TURN_END');
        expect(r.turn).toBe('PASSES');
        expect(r.nextShooter).toBe(B);
        expect(r.ballInHand).toBe('NONE');
        expect(t.state.currentGame).toMatchObject({ shooter: B, ballInHand: 'NONE', groups: null });
        expect(t.state.pendingChoice).toBeNull();
      },
    );

    it('E8.2: the break is not a called shot; a call before the break is refused with INVALID_CALL', () => {
      const t = new Table();
      const err = expectRefused(
        t,
        { type: 'CallShot', player: A, call: { ball: 1, pocket: 'FL', safety: false } },
        'INVALID_CALL',
      );
      expect(err.rule).toBe('E8.2');
    });
  });

  describe('illegal break (E8.3, A6)', () => {
    const illegalFacts = { firstContact: 1, objectBallsDrivenToRail: 3 };

    it.each<[RuleProfileId, boolean]>([
      ['FPB', true],
      ['BCA', true],
      ['WPA', false],
    ])(
      'E8.3, A6 [%s]: no ball down and only three balls to a cushion: foul=%s, and the incoming player owes the three-way choice',
      (profile, isFoul) => {
        const t = new Table({ profile });
        const r = t.shoot(A, illegalFacts);
        expect(r.profile).toBe(profile);
        if (isFoul) {
          expect(r.fouls.map((f) => f.kind)).toEqual(['ILLEGAL_BREAK']);
          expect(r.appliedFoul).toMatchObject({
            kind: 'ILLEGAL_BREAK',
            rule: 'E8.3',
            penalty: 'BREAK_FOUL',
          });
        } else {
          expect(r.fouls).toEqual([]);
          expect(r.appliedFoul).toBeNull();
        }
        expect(r.turn).toBe('CHOICE_PENDING');
        expect(r.nextShooter).toBeNull();
        expect(r.pendingChoice).toEqual({
          kind: 'ILLEGAL_BREAK',
          player: B,
          options: ['ACCEPT_TABLE', 'RERACK_AND_BREAK', 'RERACK_OPPONENT_BREAKS'],
          rule: 'E8.3',
          ballInHandIfShooting: 'NONE',
        });
        expect(r.ballsOnTableAfter).toEqual(ALL_BALLS);
        expect(t.state.pendingChoice).toEqual(r.pendingChoice);
        // A foul counts against the breaker; WPA's illegal break does not (A6).
        expect(t.state.currentGame!.fouls[A]).toBe(isFoul ? 1 : 0);
      },
    );

    it.each(PROFILES)(
      'E8.3, A12 [%s]: ACCEPT_TABLE — the incoming player shoots the table as it lies, no ball in hand',
      (profile) => {
        const t = new Table({ profile });
        t.shoot(A, illegalFacts);
        const before = t.history.length;
        t.run({ type: 'ChooseOption', player: B, option: 'ACCEPT_TABLE' });
        expect(eventTypes(t, before)).toEqual(['OptionChosen']);
        const chosen = t.history[before];
        expect(chosen.type === 'OptionChosen' && chosen.data).toMatchObject({
          player: B,
          choice: 'ILLEGAL_BREAK',
          option: 'ACCEPT_TABLE',
          nextShooter: B,
          ballInHand: 'NONE',
          spotted: [],
        });
        const s = t.state;
        expect(s.pendingChoice).toBeNull();
        expect(s.currentGame).toMatchObject({
          rack: 1,
          shooter: B,
          ballInHand: 'NONE',
          isBreakShot: false,
        });
        expect(s.currentGame!.ballsOnTable).toEqual(ALL_BALLS);
      },
    );

    it.each(PROFILES)(
      'E8.3 [%s]: RERACK_AND_BREAK — a new rack of the same game (rack+1), broken by the chooser',
      (profile) => {
        const t = new Table({ profile });
        t.shoot(A, illegalFacts);
        const before = t.history.length;
        t.run({ type: 'ChooseOption', player: B, option: 'RERACK_AND_BREAK' });
        expect(eventTypes(t, before)).toEqual(['OptionChosen', 'GameStarted']);
        const started = t.history[before + 1];
        expect(started.type === 'GameStarted' && started.data).toMatchObject({
          gameNumber: 1,
          rack: 2,
          breaker: B,
          reason: 'RERACK',
          ballsOnTable: ALL_BALLS,
        });
        expect(t.state.currentGame).toMatchObject({
          number: 1,
          rack: 2,
          breaker: B,
          shooter: B,
          isBreakShot: true,
          ballInHand: 'BEHIND_HEAD_STRING',
        });
      },
    );

    it.each(PROFILES)(
      'E8.3 [%s]: RERACK_OPPONENT_BREAKS — re-rack and the offender breaks again',
      (profile) => {
        const t = new Table({ profile });
        t.shoot(A, illegalFacts);
        const before = t.history.length;
        t.run({ type: 'ChooseOption', player: B, option: 'RERACK_OPPONENT_BREAKS' });
        const started = t.history[before + 1];
        expect(started.type === 'GameStarted' && started.data).toMatchObject({
          gameNumber: 1,
          rack: 2,
          breaker: A,
          reason: 'RERACK',
        });
        expect(t.state.currentGame).toMatchObject({ breaker: A, shooter: A, isBreakShot: true });
      },
    );

    it('E8.3, E8.5: an illegal break with a scratch lets the incoming player accept the table with ball in hand behind the head string', () => {
      const t = new Table({ profile: 'FPB' });
      const r = t.shoot(A, { ...illegalFacts, cueBallScratched: true });
      expect(r.fouls.map((f) => f.kind)).toEqual(
        expect.arrayContaining(['CUE_BALL_SCRATCHED', 'ILLEGAL_BREAK']),
      );
      expect(r.pendingChoice).toMatchObject({
        kind: 'ILLEGAL_BREAK',
        player: B,
        ballInHandIfShooting: 'BEHIND_HEAD_STRING',
      });
      t.run({ type: 'ChooseOption', player: B, option: 'ACCEPT_TABLE' });
      expect(t.state.currentGame).toMatchObject({ shooter: B, ballInHand: 'BEHIND_HEAD_STRING' });
    });

    it('A12: while the illegal-break choice is pending, a shot or a call is refused with CHOICE_PENDING', () => {
      const t = new Table();
      t.shoot(A, illegalFacts);
      expectRefused(
        t,
        { type: 'PlayShot', shooter: B, facts: emptyFacts({ firstContact: 2 }) },
        'CHOICE_PENDING',
      );
      expectRefused(
        t,
        { type: 'CallShot', player: B, call: { ball: 2, pocket: 'FL', safety: false } },
        'CHOICE_PENDING',
      );
      expectRefused(t, { type: 'PlaceCueBall', player: B, zone: 'KITCHEN' }, 'CHOICE_PENDING');
    });

    it('A12: the choice belongs to the incoming player only (WRONG_PLAYER) and only offered options are accepted (OPTION_NOT_OFFERED)', () => {
      const t = new Table();
      t.shoot(A, illegalFacts);
      expectRefused(t, { type: 'ChooseOption', player: A, option: 'ACCEPT_TABLE' }, 'WRONG_PLAYER');
      expectRefused(
        t,
        { type: 'ChooseOption', player: B, option: 'SPOT_EIGHT_AND_SHOOT' },
        'OPTION_NOT_OFFERED',
      );
      expectRefused(t, { type: 'ChooseOption', player: B, option: 'BREAK' }, 'OPTION_NOT_OFFERED');
    });
  });

  describe('scratch on the break (E8.5, G1.10)', () => {
    it.each(PROFILES)(
      'E8.5, G1.10 [%s]: a scratch on a legal break is a break foul; balls stay down, table open, opponent has ball in hand behind the head string',
      (profile) => {
        const t = new Table({ profile });
        const r = t.shoot(A, {
          firstContact: 1,
          objectBallsDrivenToRail: 5,
          pocketed: [
            { ball: 4, pocket: 'FR' },
            { ball: 10, pocket: 'SL' },
          ],
          cueBallScratched: true,
        });
        expect(r.appliedFoul).toMatchObject({
          kind: 'CUE_BALL_SCRATCHED',
          rule: 'E8.5',
          penalty: 'BREAK_FOUL',
        });
        expect(r.penalty).toBe('BREAK_FOUL');
        expect(r.turn).toBe('PASSES');
        expect(r.nextShooter).toBe(B);
        expect(r.ballInHand).toBe('BEHIND_HEAD_STRING');
        expect(r.pendingChoice).toBeNull();
        expect(r.legallyPocketed).toEqual([]);
        expect(r.groupsAssigned).toBeNull();
        expect(r.ballsOnTableAfter).toEqual(ALL_BALLS.filter((b) => b !== 4 && b !== 10));
        expect(t.state.currentGame).toMatchObject({
          shooter: B,
          ballInHand: 'BEHIND_HEAD_STRING',
          groups: null,
        });
      },
    );

    it('E8.5, G1.10: the kitchen ball in hand refuses a placement recorded ANYWHERE and accepts KITCHEN', () => {
      const t = new Table();
      t.shoot(A, { firstContact: 1, objectBallsDrivenToRail: 5, cueBallScratched: true });
      const err = expectRefused(
        t,
        { type: 'PlaceCueBall', player: B, zone: 'ANYWHERE' },
        'ILLEGAL_PLACEMENT',
      );
      expect(err.rule).toBe('G1.10');
      t.run({ type: 'PlaceCueBall', player: B, zone: 'KITCHEN' });
      expect(t.state.currentGame!.cueBallPlacement).toBe('KITCHEN');
    });

    it('E8.5, G1.28: the cue ball off the table on a legal break is also a break foul with kitchen ball in hand', () => {
      const t = new Table();
      const r = t.shoot(A, { firstContact: 1, objectBallsDrivenToRail: 5, cueBallOffTable: true });
      expect(r.appliedFoul).toMatchObject({ kind: 'CUE_BALL_OFF_TABLE', penalty: 'BREAK_FOUL' });
      expect(r.nextShooter).toBe(B);
      expect(r.ballInHand).toBe('BEHIND_HEAD_STRING');
    });

    it('G1.30, A8: a stroke foul and a scratch on the same break are both listed; the break foul (kitchen ball in hand) is applied', () => {
      const t = new Table();
      const r = t.shoot(A, {
        firstContact: 1,
        objectBallsDrivenToRail: 5,
        cueBallScratched: true,
        strokeFouls: [{ kind: 'DOUBLE_HIT', reportedBy: 'referee' }],
      });
      expect(r.fouls.map((f) => f.kind).sort()).toEqual(['CUE_BALL_SCRATCHED', 'DOUBLE_HIT']);
      expect(r.appliedFoul).toMatchObject({ kind: 'CUE_BALL_SCRATCHED', penalty: 'BREAK_FOUL' });
      expect(r.penalty).toBe('BREAK_FOUL');
      expect(r.ballInHand).toBe('BEHIND_HEAD_STRING');
    });
  });

  describe('the 8 on the break (E8.7)', () => {
    it.each(PROFILES)(
      'E8.7 [%s]: the 8 on a legal break without a foul is neither win nor loss; the breaker owes the choice spot-and-continue or re-rack',
      (profile) => {
        const t = new Table({ profile });
        const r = t.break(A, [
          { ball: 8, pocket: 'SL' },
          { ball: 2, pocket: 'FL' },
        ]);
        expect(r.gameResult).toBeNull();
        expect(r.fouls).toEqual([]);
        expect(r.appliedFoul).toBeNull();
        expect(r.turn).toBe('CHOICE_PENDING');
        expect(r.nextShooter).toBeNull();
        expect(r.pendingChoice).toEqual({
          kind: 'EIGHT_ON_BREAK',
          player: A,
          options: ['SPOT_EIGHT_AND_SHOOT', 'RERACK_AND_BREAK'],
          rule: 'E8.7',
          ballInHandIfShooting: 'NONE',
        });
        expect(r.ballsOnTableAfter).not.toContain(8);
        expect(t.state.currentGame!.status).toBe('IN_PROGRESS');
        expect(t.state.score).toEqual({ [A]: 0, [B]: 0 });
        expectRefused(
          t,
          { type: 'ChooseOption', player: B, option: 'SPOT_EIGHT_AND_SHOOT' },
          'WRONG_PLAYER',
        );
      },
    );

    it.each(PROFILES)(
      'E8.7 [%s]: SPOT_EIGHT_AND_SHOOT after a clean break puts the 8 back and the breaker continues without ball in hand',
      (profile) => {
        const t = new Table({ profile });
        t.break(A, [
          { ball: 8, pocket: 'SL' },
          { ball: 2, pocket: 'FL' },
        ]);
        const before = t.history.length;
        t.run({ type: 'ChooseOption', player: A, option: 'SPOT_EIGHT_AND_SHOOT' });
        expect(eventTypes(t, before)).toEqual(['OptionChosen']);
        const chosen = t.history[before];
        expect(chosen.type === 'OptionChosen' && chosen.data).toMatchObject({
          nextShooter: A,
          ballInHand: 'NONE',
          spotted: [8],
        });
        const g = t.state.currentGame!;
        expect(g.shooter).toBe(A);
        expect(g.ballInHand).toBe('NONE');
        expect(g.ballsOnTable).toEqual(ALL_BALLS.filter((b) => b !== 2));
        expect(g.pocketed).toEqual([2]);
        expect(g.groups).toBeNull();
      },
    );

    it.each(PROFILES)(
      'E8.7 [%s]: RERACK_AND_BREAK after a clean 8-break re-racks the same game (rack+1) and the breaker breaks again',
      (profile) => {
        const t = new Table({ profile });
        t.break(A, [{ ball: 8, pocket: 'SL' }]);
        const before = t.history.length;
        t.run({ type: 'ChooseOption', player: A, option: 'RERACK_AND_BREAK' });
        expect(eventTypes(t, before)).toEqual(['OptionChosen', 'GameStarted']);
        const started = t.history[before + 1];
        expect(started.type === 'GameStarted' && started.data).toMatchObject({
          gameNumber: 1,
          rack: 2,
          breaker: A,
          reason: 'RERACK',
          ballsOnTable: ALL_BALLS,
        });
        expect(t.state.currentGame).toMatchObject({
          rack: 2,
          shooter: A,
          isBreakShot: true,
          pocketed: [],
        });
      },
    );

    it.each(PROFILES)(
      'E8.7, E8.5 [%s]: the 8 on the break with a scratch gives the incoming player the choice re-rack or spot the 8 with kitchen ball in hand',
      (profile) => {
        const t = new Table({ profile });
        const r = t.shoot(A, {
          firstContact: 1,
          objectBallsDrivenToRail: 5,
          pocketed: [{ ball: 8, pocket: 'FR' }],
          cueBallScratched: true,
        });
        expect(r.gameResult).toBeNull();
        expect(r.appliedFoul).toMatchObject({ kind: 'CUE_BALL_SCRATCHED', penalty: 'BREAK_FOUL' });
        expect(r.turn).toBe('CHOICE_PENDING');
        expect(r.pendingChoice).toMatchObject({
          kind: 'EIGHT_ON_BREAK',
          player: B,
          rule: 'E8.7',
          ballInHandIfShooting: 'BEHIND_HEAD_STRING',
        });
        expect([...r.pendingChoice!.options].sort()).toEqual([
          'RERACK_AND_BREAK',
          'SPOT_EIGHT_AND_SHOOT',
        ]);
        expectRefused(
          t,
          { type: 'ChooseOption', player: B, option: 'ACCEPT_TABLE' },
          'OPTION_NOT_OFFERED',
        );
        expectRefused(
          t,
          { type: 'ChooseOption', player: A, option: 'RERACK_AND_BREAK' },
          'WRONG_PLAYER',
        );
      },
    );

    it('E8.7: after a foul 8-break, SPOT_EIGHT_AND_SHOOT spots the 8 and the incoming player shoots from the kitchen', () => {
      const t = new Table();
      t.shoot(A, {
        firstContact: 1,
        objectBallsDrivenToRail: 5,
        pocketed: [
          { ball: 8, pocket: 'FR' },
          { ball: 9, pocket: 'FL' },
        ],
        cueBallScratched: true,
      });
      const before = t.history.length;
      t.run({ type: 'ChooseOption', player: B, option: 'SPOT_EIGHT_AND_SHOOT' });
      const chosen = t.history[before];
      expect(chosen.type === 'OptionChosen' && chosen.data).toMatchObject({
        nextShooter: B,
        ballInHand: 'BEHIND_HEAD_STRING',
        spotted: [8],
      });
      const g = t.state.currentGame!;
      expect(g).toMatchObject({ shooter: B, ballInHand: 'BEHIND_HEAD_STRING', pocketed: [9] });
      expect(g.ballsOnTable).toEqual(ALL_BALLS.filter((b) => b !== 9));
    });

    it('E8.7: after a foul 8-break, RERACK_AND_BREAK starts rack 2 of the same game broken by the incoming player', () => {
      const t = new Table();
      t.shoot(A, {
        firstContact: 1,
        objectBallsDrivenToRail: 5,
        pocketed: [{ ball: 8, pocket: 'FR' }],
        cueBallScratched: true,
      });
      t.run({ type: 'ChooseOption', player: B, option: 'RERACK_AND_BREAK' });
      const last = t.history[t.history.length - 1];
      expect(last.type === 'GameStarted' && last.data).toMatchObject({
        gameNumber: 1,
        rack: 2,
        breaker: B,
        reason: 'RERACK',
      });
      expect(t.state.currentGame).toMatchObject({
        shooter: B,
        isBreakShot: true,
        ballInHand: 'BEHIND_HEAD_STRING',
      });
    });
  });

  describe('the 8 off the table on the break (A4)', () => {
    it.each<RuleProfileId>(['FPB', 'BCA'])(
      'A4, E8.18(c) [%s]: the 8 off the table on the break loses the game for the breaker',
      (profile) => {
        const t = new Table({ profile, raceTo: 2 });
        const before = t.history.length;
        const r = t.shoot(A, { firstContact: 1, objectBallsDrivenToRail: 5, ballsOffTable: [8] });
        expect(r.gameResult).toEqual({
          winner: B,
          loser: A,
          reason: 'EIGHT_OFF_TABLE',
          rule: 'E8.18',
        });
        expect(r.penalty).toBe('LOSS_OF_GAME');
        expect(r.turn).toBe('GAME_OVER');
        expect(r.nextShooter).toBeNull();
        expect(r.ballInHand).toBe('NONE');
        expect(r.pendingChoice).toBeNull();
        expect(eventTypes(t, before)).toEqual([
          'ShotPlayed',
          'ShotAdjudicated',
          'GameEnded',
          'GameStarted',
        ]);
        expect(t.state.score).toEqual({ [A]: 0, [B]: 1 });
        expect(t.state.games[0]).toMatchObject({
          number: 1,
          winner: B,
          loser: A,
          reason: 'EIGHT_OFF_TABLE',
        });
      },
    );

    it("A4, E8.7 [WPA]: the 8 off the table on the break is no loss; the breaker's opponent chooses to spot the 8 or re-rack", () => {
      const t = new Table({ profile: 'WPA' });
      const r = t.shoot(A, { firstContact: 1, objectBallsDrivenToRail: 5, ballsOffTable: [8] });
      expect(r.gameResult).toBeNull();
      expect(r.turn).toBe('CHOICE_PENDING');
      expect(r.pendingChoice).toMatchObject({
        kind: 'EIGHT_ON_BREAK',
        player: B,
        ballInHandIfShooting: 'BEHIND_HEAD_STRING',
      });
      expect([...r.pendingChoice!.options].sort()).toEqual([
        'RERACK_AND_BREAK',
        'SPOT_EIGHT_AND_SHOOT',
      ]);
      expect(r.ballsOnTableAfter).not.toContain(8);
      expect(t.state.score).toEqual({ [A]: 0, [B]: 0 });

      t.run({ type: 'ChooseOption', player: B, option: 'SPOT_EIGHT_AND_SHOOT' });
      expect(t.state.currentGame).toMatchObject({ shooter: B, ballInHand: 'BEHIND_HEAD_STRING' });
      expect(t.state.currentGame!.ballsOnTable).toEqual(ALL_BALLS);
    });

    it('A4 [WPA]: after the 8 left the table on the break, RERACK_AND_BREAK re-racks (rack+1) for the incoming player', () => {
      const t = new Table({ profile: 'WPA' });
      t.shoot(A, { firstContact: 1, objectBallsDrivenToRail: 5, ballsOffTable: [8] });
      t.run({ type: 'ChooseOption', player: B, option: 'RERACK_AND_BREAK' });
      const last = t.history[t.history.length - 1];
      expect(last.type === 'GameStarted' && last.data).toMatchObject({
        gameNumber: 1,
        rack: 2,
        breaker: B,
        reason: 'RERACK',
      });
    });
  });

  it('G1.8, G1.35: after a legal break the incoming player shoots the open table and a called shot is accepted', () => {
    const t = new Table();
    t.shoot(A, {
      firstContact: 1,
      objectBallsDrivenToRail: 6,
      railContactsAfterFirstContact: CUE_TO_RAIL,
    });
    t.call(B, 9, 'FL');
    expect(t.state.currentGame!.call).toEqual({ ball: 9, pocket: 'FL', safety: false });
  });
});

describe('break rulings that the first review corrected', () => {
  it('G1.20: the cue ball touching a pocketed ball on the break is a break foul (kitchen ball in hand)', () => {
    const t = new Table();
    const r = t.shoot(ANA.id, {
      firstContact: 1,
      objectBallsDrivenToRail: 5,
      pocketed: [{ ball: 3, pocket: 'FL' }],
      cueBallTouchedPocketedBall: true,
    });
    expect(r.appliedFoul).toMatchObject({
      kind: 'CUE_BALL_TOUCHED_POCKETED_BALL',
      rule: 'G1.20',
      penalty: 'BREAK_FOUL',
    });
    expect(r.ballInHand).toBe('BEHIND_HEAD_STRING');
  });

  it('E8.7: the 8 on a clean legal break is no penalty; the breaker owes the choice', () => {
    const t = new Table();
    const r = t.break(ANA.id, [{ ball: 8, pocket: 'SL' }]);
    expect(r).toMatchObject({ penalty: 'NONE', appliedFoul: null, fouls: [] });
    expect(r.pendingChoice).toMatchObject({ player: ANA.id, kind: 'EIGHT_ON_BREAK' });
  });

  it.each(['FPB', 'BCA'] as const)(
    'E8.18(c), A4 [%s]: the 8 off the table on the break is listed as the foul that loses',
    (profile) => {
      const t = new Table({ profile });
      const r = t.shoot(ANA.id, {
        firstContact: 1,
        objectBallsDrivenToRail: 5,
        ballsOffTable: [8],
      });
      expect(r.appliedFoul).toMatchObject({
        kind: 'EIGHT_OFF_TABLE',
        rule: 'E8.18',
        penalty: 'LOSS_OF_GAME',
      });
      expect(r.penalty).toBe('LOSS_OF_GAME');
    },
  );

  it.each([
    ['ACCEPT_TABLE', 'NONE'],
    ['BALL_IN_HAND_BEHIND_HEAD_STRING', 'BEHIND_HEAD_STRING'],
  ] as const)(
    'E8.6: an object ball off the table on the break lets the incoming player choose %s',
    (option, ballInHand) => {
      const t = new Table();
      const r = t.shoot(ANA.id, {
        firstContact: 1,
        objectBallsDrivenToRail: 5,
        ballsOffTable: [5],
      });
      expect(r.appliedFoul).toMatchObject({ kind: 'OBJECT_BALL_OFF_TABLE', rule: 'E8.6' });
      expect(r.pendingChoice).toEqual({
        kind: 'BALL_OFF_TABLE_ON_BREAK',
        player: BRUNO.id,
        options: ['ACCEPT_TABLE', 'BALL_IN_HAND_BEHIND_HEAD_STRING'],
        rule: 'E8.6',
        ballInHandIfShooting: 'NONE',
      });
      t.run({ type: 'ChooseOption', player: BRUNO.id, option });
      expect(t.state.currentGame).toMatchObject({ shooter: BRUNO.id, ballInHand });
    },
  );
});
