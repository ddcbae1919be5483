import fc from 'fast-check';
import { emptyFacts, type ShotFacts } from '../../src/domain/events/shot-facts';
import type { MatchCommand } from '../../src/domain/match/commands';
import type { MatchState } from '../../src/domain/match/state';
import { POCKETS, type RuleProfileId } from '../../src/domain/table/vocabulary';
import { given } from '../support/decider-spec';
import { Table } from '../support/match-fixtures';
import {
  A,
  ALL_BALLS,
  B,
  CUE_TO_RAIL,
  PROFILES,
  expectRefused,
  groupsSet,
  openTable,
} from './eight-ball-scenarios';

function expectConserved(s: MatchState): void {
  const g = s.currentGame;
  if (!g) return;
  const on = g.ballsOnTable;
  expect(new Set(on).size).toBe(on.length);
  expect(new Set(g.pocketed).size).toBe(g.pocketed.length);
  expect(on.filter((b) => g.pocketed.includes(b))).toEqual([]);
  expect([...on, ...g.pocketed].sort((x, y) => x - y)).toEqual(ALL_BALLS);
}

describe('ball conservation (G1.11, G1.28, G1.32, E8.7) and refused facts', () => {
  describe('every object ball is on the table or down, never both, never twice', () => {
    it('G1.32, E8.15, E8.7: through a break, spotted 8, fouls and legal pots the 15 balls are conserved', () => {
      const t = new Table({ profile: 'BCA' });
      t.break(A, [
        { ball: 8, pocket: 'FL' },
        { ball: 1, pocket: 'FR' },
      ]);
      expectConserved(t.state);
      t.run({ type: 'ChooseOption', player: A, option: 'SPOT_EIGHT_AND_SHOOT' });
      expectConserved(t.state);
      expect(t.state.currentGame!.ballsOnTable).toContain(8);
      t.call(A, 2, 'SL');
      t.shoot(A, {
        firstContact: 2,
        pocketed: [
          { ball: 2, pocket: 'SL' },
          { ball: 10, pocket: 'HL' },
        ],
        railContactsAfterFirstContact: CUE_TO_RAIL,
      });
      expectConserved(t.state);
      // BCA spots the ball that left the table (A3).
      t.shoot(A, {
        firstContact: 3,
        ballsOffTable: [12],
        railContactsAfterFirstContact: CUE_TO_RAIL,
      });
      expectConserved(t.state);
      expect(t.state.currentGame!.ballsOnTable).toContain(12);
      expect(t.state.currentGame!.pocketed).toEqual([1, 2, 10]);
    });

    it.each<RuleProfileId>(PROFILES)(
      'property [%s]: any sequence of recorded shots and choices conserves the balls of the rack',
      (profile) => {
        fc.assert(
          fc.property(fc.array(fc.nat(), { minLength: 20, maxLength: 200 }), (seeds) => {
            const t = new Table({ profile, raceTo: 3 });
            for (const seed of seeds) {
              const s = t.state;
              if (s.status === 'COMPLETED') break;
              t.run(randomCommand(s, seed));
              const after = t.state;
              expectConserved(after);
              const wins = Object.values(after.score).reduce((x, y) => x + y, 0);
              expect(wins).toBe(after.games.length);
              expect(Math.max(...Object.values(after.score))).toBeLessThanOrEqual(3);
            }
          }),
          { seed: 20240611, numRuns: 40 },
        );
      },
    );
  });

  describe('facts that contradict the table are refused before adjudication (no events)', () => {
    it('G1.11: a ball recorded as pocketed twice on one stroke is refused with INVALID_SHOT_FACTS', () => {
      const t = groupsSet();
      t.call(A, 3, 'SL');
      expectRefused(
        t,
        {
          type: 'PlayShot',
          shooter: A,
          facts: emptyFacts({
            firstContact: 3,
            pocketed: [
              { ball: 3, pocket: 'SL' },
              { ball: 3, pocket: 'FL' },
            ],
          }),
        },
        'INVALID_SHOT_FACTS',
      );
    });

    it.each<[string, Partial<ShotFacts>]>([
      ['pocketed', { firstContact: 3, pocketed: [{ ball: 2, pocket: 'FL' }] }],
      ['first contact', { firstContact: 1 }],
      ['off the table', { firstContact: 3, ballsOffTable: [1] }],
      ['cushion contact', { firstContact: 3, railContactsAfterFirstContact: [{ ball: 2 }] }],
      ['rebounded from a pocket', { firstContact: 3, ballsReboundedFromPocket: [2] }],
    ])(
      'G1.11: a fact naming a ball already down (%s) is refused with BALL_NOT_ON_TABLE',
      (_what, facts) => {
        const t = groupsSet();
        expectRefused(
          t,
          { type: 'PlayShot', shooter: A, facts: emptyFacts(facts) },
          'BALL_NOT_ON_TABLE',
        );
      },
    );

    it.each<[string, Partial<ShotFacts>]>([
      [
        'pocketed and off the table',
        { firstContact: 3, pocketed: [{ ball: 3, pocket: 'SL' }], ballsOffTable: [3] },
      ],
      [
        'pocketed and rebounded from the pocket',
        { firstContact: 3, pocketed: [{ ball: 3, pocket: 'SL' }], ballsReboundedFromPocket: [3] },
      ],
      [
        'cue ball both pocketed and off the table',
        { firstContact: 3, cueBallScratched: true, cueBallOffTable: true },
      ],
    ])(
      'G1.11, G1.28: a ball in two places at once (%s) is refused with INVALID_SHOT_FACTS',
      (_what, facts) => {
        const t = groupsSet();
        expectRefused(
          t,
          { type: 'PlayShot', shooter: A, facts: emptyFacts(facts) },
          'INVALID_SHOT_FACTS',
        );
      },
    );

    it('E8.3: more object balls driven to a cushion than are on the table is refused with INVALID_SHOT_FACTS', () => {
      const t = new Table();
      expectRefused(
        t,
        {
          type: 'PlayShot',
          shooter: A,
          facts: emptyFacts({ firstContact: 1, objectBallsDrivenToRail: 16 }),
        },
        'INVALID_SHOT_FACTS',
      );
    });

    it('G1.11: a rebounded ball is not pocketed; it stays on the table', () => {
      const t = groupsSet();
      t.call(A, 3, 'SL');
      const r = t.shoot(A, {
        firstContact: 3,
        ballsReboundedFromPocket: [3],
        railContactsAfterFirstContact: CUE_TO_RAIL,
      });
      expect(r.ballsOnTableAfter).toContain(3);
      expect(r.nextShooter).toBe(B);
    });
  });

  describe('refused commands carry a typed DomainError code and append no events', () => {
    it('G1.35: a shot by the player not at the table is refused with WRONG_PLAYER', () => {
      const t = groupsSet();
      const err = expectRefused(
        t,
        { type: 'PlayShot', shooter: B, facts: emptyFacts({ firstContact: 9 }) },
        'WRONG_PLAYER',
      );
      expect(err.rule).toBe('G1.35');
    });

    it('G1.35: after the turn passes, the previous shooter can no longer shoot', () => {
      const t = openTable();
      t.shoot(A, { firstContact: 3, railContactsAfterFirstContact: CUE_TO_RAIL });
      expectRefused(
        t,
        { type: 'PlayShot', shooter: A, facts: emptyFacts({ firstContact: 3 }) },
        'WRONG_PLAYER',
      );
    });

    it('G1.35: a command by someone who is not one of the two players is refused with NOT_A_PLAYER_OF_MATCH', () => {
      const t = groupsSet();
      expectRefused(
        t,
        { type: 'PlayShot', shooter: 'carla', facts: emptyFacts({ firstContact: 3 }) },
        'NOT_A_PLAYER_OF_MATCH',
      );
    });

    it('A12: a shot while a choice is pending is refused with CHOICE_PENDING (given/when/thenRefuses)', () => {
      const t = new Table();
      t.break(A, [{ ball: 8, pocket: 'SL' }]);
      given(...t.history)
        .when({ type: 'PlayShot', shooter: A, facts: emptyFacts({ firstContact: 1 }) })
        .thenRefuses('CHOICE_PENDING');
      given(...t.history)
        .when({ type: 'PlayShot', shooter: B, facts: emptyFacts({ firstContact: 1 }) })
        .thenRefuses('CHOICE_PENDING');
    });

    it('A12: choosing an option when none is owed is refused with NO_CHOICE_PENDING', () => {
      const t = groupsSet();
      expectRefused(
        t,
        { type: 'ChooseOption', player: A, option: 'ACCEPT_TABLE' },
        'NO_CHOICE_PENDING',
      );
    });

    it('A12: an option outside the offered list is refused with OPTION_NOT_OFFERED', () => {
      const t = new Table();
      t.break(A, [{ ball: 8, pocket: 'SL' }]);
      expectRefused(
        t,
        { type: 'ChooseOption', player: A, option: 'RERACK_OPPONENT_BREAKS' },
        'OPTION_NOT_OFFERED',
      );
      expectRefused(
        t,
        { type: 'ChooseOption', player: A, option: 'ACCEPT_TABLE' },
        'OPTION_NOT_OFFERED',
      );
    });

    it('E8.2: a call on the break is refused with INVALID_CALL', () => {
      const t = new Table();
      expectRefused(
        t,
        { type: 'CallShot', player: A, call: { ball: 8, pocket: 'FL', safety: false } },
        'INVALID_CALL',
      );
    });

    it('G1.4: calling a pocketed ball is refused with BALL_NOT_ON_TABLE', () => {
      const t = openTable();
      const err = expectRefused(
        t,
        { type: 'CallShot', player: A, call: { ball: 1, pocket: 'FL', safety: false } },
        'BALL_NOT_ON_TABLE',
      );
      expect(err.rule).toBe('G1.4');
    });
  });
});

// A deterministic pseudo-random command for the current state, drawn only from balls on the table.
function randomCommand(s: MatchState, seed: number): MatchCommand {
  let x = (seed ^ 0x9e3779b9) >>> 0;
  const next = (n: number): number => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return n <= 0 ? 0 : (x >>> 8) % n;
  };
  if (s.pendingChoice) {
    const p = s.pendingChoice;
    return { type: 'ChooseOption', player: p.player, option: p.options[next(p.options.length)] };
  }
  const g = s.currentGame!;
  const on = [...g.ballsOnTable];
  const shooter = g.shooter;
  if (!g.isBreakShot && g.call === null && next(3) === 0 && on.length > 0) {
    return {
      type: 'CallShot',
      player: shooter,
      call: { ball: on[next(on.length)], pocket: POCKETS[next(POCKETS.length)], safety: false },
    };
  }
  const pool = [...on];
  const take = (): number => pool.splice(next(pool.length), 1)[0];
  const pocketed = Array.from({ length: Math.min(next(4), pool.length) }, () => ({
    ball: take(),
    pocket: POCKETS[next(POCKETS.length)],
  }));
  const ballsOffTable = next(6) === 0 && pool.length > 0 ? [take()] : [];
  const scratch = next(6) === 0;
  const facts: ShotFacts = emptyFacts({
    firstContact: next(10) === 0 || on.length === 0 ? null : on[next(on.length)],
    pocketed,
    ballsOffTable,
    cueBallScratched: scratch,
    cueBallOffTable: !scratch && next(12) === 0,
    railContactsAfterFirstContact: next(3) === 0 ? [] : [{ ball: 0 }],
    objectBallsDrivenToRail: next(Math.min(7, on.length + 1)),
    callObvious: next(2) === 0,
  });
  return { type: 'PlayShot', shooter, facts };
}
