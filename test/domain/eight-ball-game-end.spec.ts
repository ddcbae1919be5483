import { emptyFacts } from '../../src/domain/events/shot-facts';
import type { GameEndReason } from '../../src/domain/rules/ruling';
import type { MatchCommand } from '../../src/domain/match/commands';
import { given } from '../support/decider-spec';
import { Table } from '../support/match-fixtures';
import {
  A,
  ALL_BALLS,
  B,
  CUE_TO_RAIL,
  PROFILES,
  anaOnEight,
  anaOnLastSolid,
  eventTypes,
  expectRefused,
  groupsSet,
  openTable,
  winGame,
} from './eight-ball-scenarios';

function expectLoss(
  t: Table,
  r: ReturnType<Table['shoot']>,
  before: number,
  reason: GameEndReason,
): void {
  expect(r.gameResult).toEqual({ winner: B, loser: A, reason, rule: 'E8.18' });
  expect(r.penalty).toBe('LOSS_OF_GAME');
  expect(r.turn).toBe('GAME_OVER');
  expect(r.nextShooter).toBeNull();
  expect(r.ballInHand).toBe('NONE');
  expect(r.legallyPocketed).toEqual([]);
  expect(eventTypes(t, before)).toEqual([
    'ShotPlayed',
    'ShotAdjudicated',
    'GameEnded',
    'GameStarted',
  ]);
  const ended = t.history[before + 2];
  expect(ended.type === 'GameEnded' && ended.data).toMatchObject({
    gameNumber: 1,
    winner: B,
    loser: A,
    reason,
    rule: 'E8.18',
  });
  expect(t.state.score).toEqual({ [A]: 0, [B]: 1 });
  expect(t.state.games).toEqual([
    expect.objectContaining({ number: 1, winner: B, loser: A, reason }),
  ]);
}

describe('8-ball game end (E8.1, E8.17, E8.18) and match end', () => {
  describe('winning (E8.1)', () => {
    it.each(PROFILES)(
      'E8.1 [%s]: clearing the group then legally pocketing the called 8 wins the game; game 2 starts',
      (profile) => {
        const t = anaOnEight(profile);
        expect(t.state.currentGame!.ballsOnTable).toEqual([8, 9, 10, 11, 12, 13, 14, 15]);
        t.call(A, 8, 'HL');
        const before = t.history.length;
        const r = t.shoot(A, {
          firstContact: 8,
          pocketed: [{ ball: 8, pocket: 'HL' }],
          railContactsAfterFirstContact: CUE_TO_RAIL,
        });
        expect(r.gameResult).toEqual({
          winner: A,
          loser: B,
          reason: 'EIGHT_POCKETED_LEGALLY',
          rule: 'E8.1',
        });
        expect(r.fouls).toEqual([]);
        expect(r.penalty).toBe('NONE');
        expect(r.turn).toBe('GAME_OVER');
        expect(r.nextShooter).toBeNull();
        expect(r.ballInHand).toBe('NONE');
        expect(eventTypes(t, before)).toEqual([
          'ShotPlayed',
          'ShotAdjudicated',
          'GameEnded',
          'GameStarted',
        ]);
        const next = t.history[before + 3];
        expect(next.type === 'GameStarted' && next.data).toMatchObject({
          gameNumber: 2,
          rack: 1,
          reason: 'NEXT_GAME',
          breaker: A,
          ballsOnTable: ALL_BALLS,
        });
        expect(t.state.score).toEqual({ [A]: 1, [B]: 0 });
        expect(t.state.currentGame).toMatchObject({
          number: 2,
          shooter: A,
          isBreakShot: true,
          groups: null,
          pocketed: [],
        });
      },
    );

    it('E8.1, A9: an uncalled 8 on a shot attested obvious counts as called and wins', () => {
      const t = anaOnEight();
      const r = t.shoot(A, {
        firstContact: 8,
        pocketed: [{ ball: 8, pocket: 'SR' }],
        callObvious: true,
      });
      expect(r.gameResult).toMatchObject({ winner: A, reason: 'EIGHT_POCKETED_LEGALLY' });
    });

    it('E8.17: on the 8, a scratch that leaves the 8 on the table is a standard foul, not a loss', () => {
      const t = anaOnEight();
      t.call(A, 8, 'HL');
      const r = t.shoot(A, {
        firstContact: 8,
        railContactsAfterFirstContact: CUE_TO_RAIL,
        cueBallScratched: true,
      });
      expect(r.gameResult).toBeNull();
      expect(r.appliedFoul).toMatchObject({ kind: 'CUE_BALL_SCRATCHED', penalty: 'STANDARD_FOUL' });
      expect(r.nextShooter).toBe(B);
      expect(r.ballInHand).toBe('ANYWHERE');
      expect(t.state.currentGame!.status).toBe('IN_PROGRESS');
      expect(t.state.score).toEqual({ [A]: 0, [B]: 0 });
    });

    it('E8.17, G1.18: on the 8, hitting an opponent ball first without pocketing the 8 is a standard foul, not a loss', () => {
      const t = anaOnEight();
      const r = t.shoot(A, { firstContact: 12, railContactsAfterFirstContact: CUE_TO_RAIL });
      expect(r.gameResult).toBeNull();
      expect(r.appliedFoul).toMatchObject({ kind: 'WRONG_BALL_FIRST' });
    });
  });

  describe('the five ways to lose on the 8 (E8.18 a–e)', () => {
    it.each(PROFILES)(
      'E8.18(a) [%s]: a scratch while pocketing the called 8 loses the game',
      (profile) => {
        const t = anaOnEight(profile);
        t.call(A, 8, 'HL');
        const before = t.history.length;
        const r = t.shoot(A, {
          firstContact: 8,
          pocketed: [{ ball: 8, pocket: 'HL' }],
          railContactsAfterFirstContact: CUE_TO_RAIL,
          cueBallScratched: true,
        });
        expectLoss(t, r, before, 'EIGHT_POCKETED_WITH_FOUL');
        // G1.30: the scratch is listed, and the loss it causes is the finding applied.
        expect(r.fouls.map((f) => f.kind)).toEqual([
          'CUE_BALL_SCRATCHED',
          'EIGHT_POCKETED_ON_FOUL',
        ]);
        expect(r.appliedFoul).toMatchObject({
          kind: 'EIGHT_POCKETED_ON_FOUL',
          rule: 'E8.18',
          penalty: 'LOSS_OF_GAME',
        });
      },
    );

    it('E8.18(a), G1.18: pocketing the called 8 after hitting an opponent ball first loses the game', () => {
      const t = anaOnEight();
      t.call(A, 8, 'HL');
      const before = t.history.length;
      const r = t.shoot(A, {
        firstContact: 11,
        pocketed: [{ ball: 8, pocket: 'HL' }],
        railContactsAfterFirstContact: CUE_TO_RAIL,
      });
      expectLoss(t, r, before, 'EIGHT_POCKETED_WITH_FOUL');
      expect(r.fouls.map((f) => f.kind)).toEqual(['WRONG_BALL_FIRST', 'EIGHT_POCKETED_ON_FOUL']);
      expect(r.appliedFoul?.penalty).toBe('LOSS_OF_GAME');
    });

    it.each(PROFILES)(
      'E8.18(b) [%s]: the 8 pocketed on the same stroke as the last group ball loses the game',
      (profile) => {
        const t = anaOnLastSolid(profile);
        expect(t.state.currentGame!.ballsOnTable.filter((b) => b < 8)).toEqual([7]);
        t.call(A, 7, 'SL');
        const before = t.history.length;
        const r = t.shoot(A, {
          firstContact: 7,
          pocketed: [
            { ball: 7, pocket: 'SL' },
            { ball: 8, pocket: 'FL' },
          ],
          railContactsAfterFirstContact: CUE_TO_RAIL,
        });
        expectLoss(t, r, before, 'EIGHT_POCKETED_WITH_LAST_GROUP_BALL');
      },
    );

    it.each(PROFILES)(
      'E8.18(c) [%s]: the 8 jumped off the table during play loses the game (any profile)',
      (profile) => {
        const t = groupsSet(profile);
        t.call(A, 3, 'SL');
        const before = t.history.length;
        const r = t.shoot(A, {
          firstContact: 3,
          railContactsAfterFirstContact: CUE_TO_RAIL,
          ballsOffTable: [8],
        });
        expectLoss(t, r, before, 'EIGHT_OFF_TABLE');
        expect(r.spotted).toEqual([]);
      },
    );

    it('E8.18(c): the 8 jumped off the table while playing the 8 loses the game', () => {
      const t = anaOnEight();
      t.call(A, 8, 'HL');
      const before = t.history.length;
      const r = t.shoot(A, {
        firstContact: 8,
        railContactsAfterFirstContact: CUE_TO_RAIL,
        ballsOffTable: [8],
      });
      expectLoss(t, r, before, 'EIGHT_OFF_TABLE');
    });

    it.each(PROFILES)(
      'E8.18(d) [%s]: the called 8 dropping in another pocket loses the game',
      (profile) => {
        const t = anaOnEight(profile);
        t.call(A, 8, 'HL');
        const before = t.history.length;
        const r = t.shoot(A, {
          firstContact: 8,
          pocketed: [{ ball: 8, pocket: 'HR' }],
          railContactsAfterFirstContact: CUE_TO_RAIL,
        });
        expectLoss(t, r, before, 'EIGHT_IN_UNCALLED_POCKET');
      },
    );

    it('E8.18(d), G1.4: the 8 pocketed with no call on a shot not attested obvious loses the game', () => {
      const t = anaOnEight();
      const before = t.history.length;
      const r = t.shoot(A, {
        firstContact: 8,
        pocketed: [{ ball: 8, pocket: 'HR' }],
        railContactsAfterFirstContact: CUE_TO_RAIL,
      });
      expectLoss(t, r, before, 'EIGHT_IN_UNCALLED_POCKET');
    });

    it.each(PROFILES)(
      'E8.18(e) [%s]: the 8 pocketed while own group balls remain loses the game',
      (profile) => {
        const t = groupsSet(profile);
        t.call(A, 3, 'SL');
        const before = t.history.length;
        const r = t.shoot(A, {
          firstContact: 3,
          pocketed: [
            { ball: 3, pocket: 'SL' },
            { ball: 8, pocket: 'FR' },
          ],
          railContactsAfterFirstContact: CUE_TO_RAIL,
        });
        expectLoss(t, r, before, 'EIGHT_POCKETED_EARLY');
      },
    );

    it('E8.18(e): the 8 pocketed on the open table after the break loses the game', () => {
      const t = openTable();
      t.call(A, 2, 'FR');
      const before = t.history.length;
      const r = t.shoot(A, {
        firstContact: 2,
        pocketed: [
          { ball: 2, pocket: 'FR' },
          { ball: 8, pocket: 'SL' },
        ],
        railContactsAfterFirstContact: CUE_TO_RAIL,
      });
      expectLoss(t, r, before, 'EIGHT_POCKETED_EARLY');
      expect(r.groupsAssigned).toBeNull();
    });

    it('E8.18(e), E8.8: the 8 pocketed after hitting it first on the open table loses the game even where A2 makes the contact no foul', () => {
      const t = openTable('BCA');
      const before = t.history.length;
      const r = t.shoot(A, {
        firstContact: 8,
        pocketed: [{ ball: 8, pocket: 'SL' }],
        railContactsAfterFirstContact: CUE_TO_RAIL,
      });
      expectLoss(t, r, before, 'EIGHT_POCKETED_EARLY');
    });
  });

  describe('match end at raceTo', () => {
    function finishedMatch(): Table {
      const t = new Table({ raceTo: 2, breakOrder: 'WINNER' });
      winGame(t, A);
      // Game 2: Ana (winner) breaks and runs out the table legally.
      t.break(A, [{ ball: 1, pocket: 'FL' }]);
      t.call(A, 2, 'FR');
      t.shoot(A, {
        firstContact: 2,
        pocketed: [{ ball: 2, pocket: 'FR' }],
        railContactsAfterFirstContact: CUE_TO_RAIL,
      });
      t.call(A, 3, 'SL');
      t.shoot(A, {
        firstContact: 3,
        pocketed: [3, 4, 5, 6, 7].map((ball) => ({ ball, pocket: 'SL' as const })),
        railContactsAfterFirstContact: CUE_TO_RAIL,
      });
      t.call(A, 8, 'HL');
      t.shoot(A, {
        firstContact: 8,
        pocketed: [{ ball: 8, pocket: 'HL' }],
        railContactsAfterFirstContact: CUE_TO_RAIL,
      });
      return t;
    }

    it('E8.1: reaching raceTo ends the match with MatchEnded instead of a next GameStarted', () => {
      const t = finishedMatch();
      const tail = t.history.slice(-4).map((e) => e.type);
      expect(tail).toEqual(['ShotPlayed', 'ShotAdjudicated', 'GameEnded', 'MatchEnded']);
      const ended = t.history[t.history.length - 1];
      expect(ended.type === 'MatchEnded' && ended.data).toEqual({
        winner: A,
        loser: B,
        score: { [A]: 2, [B]: 0 },
        reason: 'RACE_WON',
      });
      const s = t.state;
      expect(s.status).toBe('COMPLETED');
      expect(s.winner).toBe(A);
      expect(s.score).toEqual({ [A]: 2, [B]: 0 });
      expect(s.games.map((g) => g.winner)).toEqual([A, A]);
      expect(s.currentGame!.status).toBe('OVER');
      expect(t.history.filter((e) => e.type === 'GameStarted')).toHaveLength(2);
    });

    it('E8.1: one game short of raceTo the match goes on', () => {
      const t = new Table({ raceTo: 2 });
      winGame(t, B);
      expect(t.state.status).toBe('IN_PLAY');
      expect(t.history.some((e) => e.type === 'MatchEnded')).toBe(false);
      expect(t.state.currentGame).toMatchObject({ number: 2, status: 'IN_PROGRESS' });
    });

    const afterMatch: [string, MatchCommand][] = [
      [
        'PlayShot',
        {
          type: 'PlayShot',
          shooter: A,
          facts: emptyFacts({ firstContact: 1, objectBallsDrivenToRail: 5 }),
        },
      ],
      [
        'PlayShot by the loser',
        {
          type: 'PlayShot',
          shooter: B,
          facts: emptyFacts({ firstContact: 1, objectBallsDrivenToRail: 5 }),
        },
      ],
      ['CallShot', { type: 'CallShot', player: A, call: { ball: 9, pocket: 'FL', safety: false } }],
      ['PlaceCueBall', { type: 'PlaceCueBall', player: A, zone: 'KITCHEN' }],
      ['ChooseOption', { type: 'ChooseOption', player: A, option: 'BREAK' }],
      ['DecideBreakOrder', { type: 'DecideBreakOrder', method: 'COIN_TOSS', winner: A }],
      [
        'RecordRefereeRuling',
        { type: 'RecordRefereeRuling', kind: 'WARNING', player: B, restored: null, note: 'late' },
      ],
    ];
    it.each(afterMatch)(
      'MATCH_OVER: after MatchEnded a %s command is refused and appends nothing',
      (_name, command) => {
        const t = finishedMatch();
        expectRefused(t, command, 'MATCH_OVER');
      },
    );

    it('MATCH_OVER: the decider refuses play on a completed stream (given/when/thenRefuses)', () => {
      const t = finishedMatch();
      given(...t.history)
        .when({ type: 'PlayShot', shooter: A, facts: emptyFacts({ firstContact: 1 }) })
        .thenRefuses('MATCH_OVER');
    });
  });
});
