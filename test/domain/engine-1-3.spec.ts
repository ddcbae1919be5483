import type { ShotFacts, StrokeFoulReport } from '../../src/domain/events/shot-facts';
import type { Discipline, RuleProfileId } from '../../src/domain/table/vocabulary';
import { emptyFacts } from '../../src/domain/events/shot-facts';
import { Table } from '../support/match-fixtures';
import { A, anaOnEight, B, CUE_TO_RAIL, expectRefused, PROFILES } from './eight-ball-scenarios';

// What engine 1.3.0 rules differently: a record without a stroke whose report the rules excuse
// (G1.17), the cue ball touched by hand without a referee (G1.21, G1.3), banks never obvious (A9).

const EVERY_GAME: { discipline: Discipline; profile: RuleProfileId }[] = [
  ...PROFILES.map((profile) => ({ discipline: 'EIGHT_BALL' as const, profile })),
  { discipline: 'NINE_BALL', profile: 'WPA' },
  { discipline: 'TEN_BALL', profile: 'WPA' },
];

// Ana broke legally with the 1 down and is still at the table (the 2 is hit next in every game).
function afterBreak(game: (typeof EVERY_GAME)[number], refereePresent = true): Table {
  const t = new Table({ ...game, refereePresent });
  t.break(A, [{ ball: 1, pocket: 'FL' }]);
  return t;
}

// Bruno has ball in hand anywhere after Ana's scratch on the 2.
function brunoInHand(game: (typeof EVERY_GAME)[number]): Table {
  const t = afterBreak(game);
  t.shoot(A, {
    firstContact: 2,
    railContactsAfterFirstContact: CUE_TO_RAIL,
    cueBallScratched: true,
  });
  return t;
}

const noStroke = (facts: Partial<ShotFacts>) => ({
  type: 'PlayShot' as const,
  facts: emptyFacts({ noStroke: true, ...facts }),
});

const touched = (ball: number): StrokeFoulReport => ({
  kind: 'TOUCHED_BALL',
  ball,
  accidental: true,
  restored: true,
  reportedBy: B,
});

describe.each(EVERY_GAME)(
  'a record without a stroke needs a foul that stands (G1.17) ($discipline, $profile)',
  (game) => {
    it('G1.21: a ball touched accidentally and restored, with no referee, is refused; the inning goes on', () => {
      const t = afterBreak(game, false);
      const err = expectRefused(
        t,
        { ...noStroke({ strokeFouls: [touched(5)] }), shooter: A },
        'INVALID_SHOT_FACTS',
      );
      expect(err.rule).toBe('G1.17');
      expect(err.message).toMatch(/G1\.21/);
      // Ana still shoots, and her next shot is ruled as any other.
      expect(t.state.currentGame!.shooter).toBe(A);
      expect(
        t.shoot(A, { firstContact: 2, railContactsAfterFirstContact: CUE_TO_RAIL }),
      ).toMatchObject({ appliedFoul: null, nextShooter: B });
    });

    it('G1.38: the cue ball touched before its placement is announced is refused; Bruno keeps ball in hand', () => {
      const t = brunoInHand(game);
      expectRefused(
        t,
        {
          ...noStroke({
            placement: {
              zone: 'ANYWHERE',
              warnedBeforeShot: false,
              touchedObjectBall: false,
              announcedPlaced: false,
            },
            strokeFouls: [{ kind: 'CUE_BALL_TOUCHED_AFTER_PLACEMENT', reportedBy: A }],
          }),
          shooter: B,
        },
        'INVALID_SHOT_FACTS',
      );
      expect(t.state.currentGame).toMatchObject({ shooter: B, ballInHand: 'ANYWHERE' });
    });

    it('G1.22: an object ball touched "while placing" without ball in hand is refused', () => {
      const t = afterBreak(game);
      expectRefused(
        t,
        {
          ...noStroke({
            placement: { zone: 'ANYWHERE', warnedBeforeShot: false, touchedObjectBall: true },
          }),
          shooter: A,
        },
        'INVALID_SHOT_FACTS',
      );
    });

    it('G1.21, G1.17: with a referee the same touch is a foul, and Bruno has ball in hand anywhere', () => {
      const r = afterBreak(game).shoot(A, { noStroke: true, strokeFouls: [touched(5)] });
      expect(r).toMatchObject({ appliedFoul: { rule: 'G1.21' }, nextShooter: B });
      expect(r.ballInHand).toBe('ANYWHERE');
    });
  },
);

describe.each(EVERY_GAME)(
  'the cue ball touched by hand, with no referee (G1.21, G1.3) ($discipline, $profile)',
  (game) => {
    const shot = (ball: number) =>
      afterBreak(game, false).shoot(A, {
        firstContact: 2,
        railContactsAfterFirstContact: CUE_TO_RAIL,
        strokeFouls: [touched(ball)],
      });

    it('G1.21, G1.3: only object balls may be touched and restored; touching the cue ball is a foul', () => {
      expect(shot(5).appliedFoul).toBeNull();
      expect(shot(0)).toMatchObject({
        appliedFoul: { kind: 'TOUCHED_BALL', penalty: 'STANDARD_FOUL' },
        nextShooter: B,
        ballInHand: 'ANYWHERE',
      });
    });
  },
);

describe.each(PROFILES)('a bank is never obvious (A9) (%s)', (profile) => {
  const banked = (ball: number): Partial<ShotFacts> => ({
    firstContact: ball,
    railContactsAfterFirstContact: [{ ball, cushion: 'FOOT' }, ...CUE_TO_RAIL],
    pocketed: [{ ball, pocket: 'HL' }],
    callObvious: true,
  });

  it('A9, E8.18: the 8 banked in without a call loses, even attested obvious', () => {
    const r = anaOnEight(profile).shoot(A, banked(8));
    expect(r.gameResult).toMatchObject({ loser: A, reason: 'EIGHT_IN_UNCALLED_POCKET' });
  });

  it('A9: the 8 shot straight in without a call, attested obvious, still wins', () => {
    const r = anaOnEight(profile).shoot(A, {
      ...banked(8),
      railContactsAfterFirstContact: CUE_TO_RAIL,
    });
    expect(r.gameResult).toMatchObject({ winner: A });
  });

  it('A9, G1.4, E8.9: a banked 2 on the open table does not count; the turn ends and the table stays open', () => {
    const t = new Table({ profile });
    t.break(A, [{ ball: 1, pocket: 'FL' }]);
    const r = t.shoot(A, banked(2));
    expect(r).toMatchObject({ turn: 'PASSES', legallyPocketed: [] });
    expect(t.state.currentGame!.groups).toBeNull();
  });

  it('A9, G1.36: a declared frozen ball pressed into its own cushion is still shot straight', () => {
    const t = anaOnEight(profile);
    t.run({ type: 'DeclareFrozenBall', ball: 8, cushion: 'FOOT', declaredBy: B });
    const r = t.shoot(A, {
      ...banked(8),
      railContactsAfterFirstContact: [
        { ball: 8, cushion: 'FOOT', kind: 'PRESSED_INTO_OWN_CUSHION' },
        ...CUE_TO_RAIL,
      ],
    });
    expect(r.gameResult).toMatchObject({ winner: A });
  });
});

describe('a bank is never obvious in 10-ball (A9, T10.6)', () => {
  it('A9, T10.6: an uncalled banked 2 attested obvious is wrongfully pocketed; Bruno chooses', () => {
    const t = new Table({ discipline: 'TEN_BALL' });
    t.break(A, [{ ball: 1, pocket: 'FL' }]);
    const r = t.shoot(A, {
      firstContact: 2,
      railContactsAfterFirstContact: [{ ball: 2, cushion: 'FOOT' }, ...CUE_TO_RAIL],
      pocketed: [{ ball: 2, pocket: 'HL' }],
      callObvious: true,
    });
    expect(r).toMatchObject({ turn: 'CHOICE_PENDING', pendingChoice: { player: B } });
  });
});
