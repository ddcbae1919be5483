import { emptyFacts } from '../../src/domain/events/shot-facts';
import type { ShotFacts } from '../../src/domain/events/shot-facts';
import type { RailContact } from '../../src/domain/events/shot-facts';
import type { Discipline, RuleProfileId } from '../../src/domain/table/vocabulary';
import { Table } from '../support/match-fixtures';
import { expectRefused, groupsSet, openTable, PROFILES } from './eight-ball-scenarios';
import { A, B, CUE_TO_RAIL, NINE, TEN, afterBreakWithOne, down } from './rotation-scenarios';

// What engine 1.4.0 rules differently, decision by decision (A13–A18 of the rule book's table),
// each under every profile and game it touches.

const safetyCall = { ball: null, pocket: null, safety: true };

describe('A13: 9-ball has no called safety (N9.3; WPA, the only 9-ball profile)', () => {
  it('N9.3: a safety declared before the shot is refused, and nothing is recorded', () => {
    const t = afterBreakWithOne(NINE);
    const err = expectRefused(
      t,
      { type: 'CallShot', player: A, call: safetyCall },
      'INVALID_SHOT_FACTS',
    );
    expect(err.rule).toBe('N9.3');
  });

  it('N9.3: a safety carried by the shot is refused too, the shot with it', () => {
    const t = afterBreakWithOne(NINE);
    const shot = {
      type: 'PlayShot' as const,
      shooter: A,
      facts: emptyFacts({ firstContact: 2, pocketed: down([2, 'FL']) }),
      call: safetyCall,
    };
    expect(expectRefused(t, shot, 'INVALID_SHOT_FACTS').rule).toBe('N9.3');
  });

  it('N9.3: a legally pocketed ball continues the inning, whatever the shooter meant', () => {
    const t = afterBreakWithOne(NINE);
    const r = t.shoot(A, {
      firstContact: 2,
      pocketed: down([5, 'SL']),
      railContactsAfterFirstContact: CUE_TO_RAIL,
    });
    expect(r).toMatchObject({ turn: 'CONTINUES', nextShooter: A, legallyPocketed: [5] });
  });

  it('T10.5: 10-ball keeps its called safety; nothing pocketed passes the turn', () => {
    const t = afterBreakWithOne(TEN);
    t.run({ type: 'CallShot', player: A, call: safetyCall });
    const r = t.shoot(A, { firstContact: 2, railContactsAfterFirstContact: CUE_TO_RAIL });
    expect(r).toMatchObject({ turn: 'PASSES', nextShooter: B, appliedFoul: null });
    expect(r.rules).toContain('T10.5');
  });
});

describe('A16: the 8 hit first on an open table still owes G1.19 (E8.8, A2)', () => {
  // [profile, facts of the shot after the 8, the applied foul's rule or null]
  const cases: [RuleProfileId, string, Partial<ShotFacts>, string | null][] = [
    ['FPB', 'nothing pocketed, no cushion', {}, 'G1.19'],
    ['BCA', 'nothing pocketed, no cushion', {}, 'G1.19'],
    ['WPA', 'nothing pocketed, no cushion', {}, 'E8.8'],
    ['FPB', 'a cushion after contact', { railContactsAfterFirstContact: CUE_TO_RAIL }, null],
    ['BCA', 'a cushion after contact', { railContactsAfterFirstContact: CUE_TO_RAIL }, null],
    ['WPA', 'a cushion after contact', { railContactsAfterFirstContact: CUE_TO_RAIL }, 'E8.8'],
    // A1: FPB needs an own-group ball legally pocketed, and nothing scores after the 8 (A2).
    ['FPB', 'the called 4 pocketed, no cushion', { pocketed: down([4, 'FL']) }, 'G1.19'],
    ['BCA', 'the called 4 pocketed, no cushion', { pocketed: down([4, 'FL']) }, null],
    ['WPA', 'the called 4 pocketed, no cushion', { pocketed: down([4, 'FL']) }, 'E8.8'],
  ];
  it.each(cases)('A16 [%s], %s → foul %s', (profile, _what, facts, rule) => {
    const t = openTable(profile);
    t.call(A, 4, 'FL');
    const r = t.shoot(A, { firstContact: 8, ...facts });
    expect(r.appliedFoul?.rule ?? null).toBe(rule);
    expect(r).toMatchObject({ turn: 'PASSES', nextShooter: B, legallyPocketed: [] });
    expect(r.groupsAssigned).toBeNull();
    expect(r.ballInHand).toBe(rule ? 'ANYWHERE' : 'NONE');
    if (rule === 'G1.19') expect(r.appliedFoul?.kind).toBe('NO_RAIL_AFTER_CONTACT');
    if (rule === null) expect(r.rules).toContain('E8.8');
  });
});

describe('A17: a declared frozen ball pressed into its own cushion by another ball (G1.36)', () => {
  const games: { discipline: Discipline; profile: RuleProfileId }[] = [
    ...PROFILES.map((profile) => ({ discipline: 'EIGHT_BALL' as const, profile })),
    { discipline: 'NINE_BALL', profile: 'WPA' },
    { discipline: 'TEN_BALL', profile: 'WPA' },
  ];
  // Ana is at the table and may hit the 3 (8-ball: solids; rotation: the 1 and 2 down).
  function atTheThree(game: (typeof games)[number]): Table {
    if (game.discipline === 'EIGHT_BALL') return groupsSet(game.profile);
    const t = new Table({ ...game });
    t.break(A, down([1, 'FL'], [2, 'FR']));
    return t;
  }
  const five = (c: Partial<RailContact>): RailContact => ({ ball: 5, ...c });
  const cases: [string, boolean, RailContact, string | null][] = [
    [
      'pressed in, declared',
      true,
      five({ cushion: 'LEFT_FOOT_SIDE', kind: 'PRESSED_INTO_OWN_CUSHION' }),
      'G1.36',
    ],
    ['on its own cushion, declared', true, five({ cushion: 'LEFT_FOOT_SIDE' }), 'G1.36'],
    [
      'back after leaving it (e), declared',
      true,
      five({ cushion: 'LEFT_FOOT_SIDE', kind: 'RETURNED_AFTER_HITTING_BALL' }),
      null,
    ],
    ['to another cushion (d), declared', true, five({ cushion: 'FOOT' }), null],
    [
      'pressed in, not declared',
      false,
      five({ cushion: 'LEFT_FOOT_SIDE', kind: 'PRESSED_INTO_OWN_CUSHION' }),
      null,
    ],
  ];
  describe.each(games)('$discipline, $profile', (game) => {
    it.each(cases)('A17: the 3 sends the 5 %s → foul %s', (_what, declared, contact, rule) => {
      const t = atTheThree(game);
      if (declared)
        t.run({ type: 'DeclareFrozenBall', declaredBy: B, ball: 5, cushion: 'LEFT_FOOT_SIDE' });
      if (game.discipline !== 'NINE_BALL') t.call(A, 3, 'SL');
      const r = t.shoot(A, { firstContact: 3, railContactsAfterFirstContact: [contact] });
      expect(r.appliedFoul?.rule ?? null).toBe(rule);
      if (rule) expect(r.appliedFoul).toMatchObject({ kind: 'NO_RAIL_AFTER_CONTACT' });
      expect(r.nextShooter).toBe(B);
    });
  });
});

// The break stroke's placement facts: the cue ball placed over the head string, pointed out.
const overTheLine = {
  zone: 'BEYOND_HEAD_STRING' as const,
  warnedBeforeShot: true,
  touchedObjectBall: false,
};

describe.each(PROFILES)(
  'A15: an illegal 8-ball break with another foul (E8.3, A6) [%s]',
  (profile) => {
    const illegal = { firstContact: 1, objectBallsDrivenToRail: 2 };
    // The applied foul: ILLEGAL_BREAK where the illegal break is a foul (A6), else the other one.
    const cases: [string, Partial<ShotFacts>, string, string][] = [
      ['a scratch', { cueBallScratched: true }, 'CUE_BALL_SCRATCHED', 'E8.5'],
      [
        'a push shot',
        { strokeFouls: [{ kind: 'PUSH_SHOT', reportedBy: 'referee' }] },
        'PUSH_SHOT',
        'G1.24',
      ],
      [
        'a placement over the line (A18)',
        { placement: overTheLine },
        'PLACEMENT_OVER_HEAD_STRING',
        'G1.10',
      ],
    ];
    it.each(cases)(
      'A15: with %s, A6 options stand and accepting comes with kitchen ball in hand',
      (_what, extra, kind, rule) => {
        const t = new Table({ profile });
        const r = t.shoot(A, { ...illegal, ...extra });
        expect(r.pendingChoice).toMatchObject({
          kind: 'ILLEGAL_BREAK',
          player: B,
          options: ['ACCEPT_TABLE', 'RERACK_AND_BREAK', 'RERACK_OPPONENT_BREAKS'],
          ballInHandIfShooting: 'BEHIND_HEAD_STRING',
        });
        expect(r.fouls.map((f) => f.kind)).toContain(kind);
        const applied =
          profile === 'WPA' ? { kind, rule } : { kind: 'ILLEGAL_BREAK', rule: 'E8.3' };
        expect(r.appliedFoul).toMatchObject(applied);
        expect(r.rules).toContain('A15');
        expect(r.explanation).toMatch(/ball in hand behind the head string/);
        t.run({ type: 'ChooseOption', player: B, option: 'ACCEPT_TABLE' });
        expect(t.state.currentGame).toMatchObject({ shooter: B, ballInHand: 'BEHIND_HEAD_STRING' });
      },
    );

    it('A6: alone, accepting the table is without ball in hand', () => {
      const t = new Table({ profile });
      const r = t.shoot(A, illegal);
      expect(r.pendingChoice).toMatchObject({
        kind: 'ILLEGAL_BREAK',
        ballInHandIfShooting: 'NONE',
      });
      t.run({ type: 'ChooseOption', player: B, option: 'ACCEPT_TABLE' });
      expect(t.state.currentGame).toMatchObject({ shooter: B, ballInHand: 'NONE' });
    });
  },
);

describe.each(PROFILES)(
  'A18: the E8.6 option tied with a placement foul on the break (A8) [%s]',
  (profile) => {
    const legalWithBallOff = {
      firstContact: 1,
      objectBallsDrivenToRail: 5,
      ballsOffTable: [5],
      railContactsAfterFirstContact: CUE_TO_RAIL,
    };

    it('A18: the option stands, applied as the E8.6 foul; the placement foul gives kitchen ball in hand with the table', () => {
      const t = new Table({ profile });
      const r = t.shoot(A, { ...legalWithBallOff, placement: overTheLine });
      expect(r.fouls.map((f) => f.kind).sort()).toEqual([
        'OBJECT_BALL_OFF_TABLE',
        'PLACEMENT_OVER_HEAD_STRING',
      ]);
      expect(r.appliedFoul).toMatchObject({ kind: 'OBJECT_BALL_OFF_TABLE', rule: 'E8.6' });
      expect(r.pendingChoice).toMatchObject({
        kind: 'BALL_OFF_TABLE_ON_BREAK',
        player: B,
        options: ['ACCEPT_TABLE', 'BALL_IN_HAND_BEHIND_HEAD_STRING'],
        ballInHandIfShooting: 'BEHIND_HEAD_STRING',
      });
      expect(r.rules).toContain('A18');
      t.run({ type: 'ChooseOption', player: B, option: 'ACCEPT_TABLE' });
      expect(t.state.currentGame).toMatchObject({ shooter: B, ballInHand: 'BEHIND_HEAD_STRING' });
    });

    it('E8.6: alone, accepting the table is without ball in hand', () => {
      const t = new Table({ profile });
      const r = t.shoot(A, legalWithBallOff);
      expect(r.pendingChoice).toMatchObject({ ballInHandIfShooting: 'NONE' });
      expect(r.rules).not.toContain('A18');
    });

    it('E8.6, G1.20: a cue-ball foul beside it still takes the option away (kitchen ball in hand)', () => {
      const t = new Table({ profile });
      const r = t.shoot(A, { ...legalWithBallOff, cueBallScratched: true });
      expect(r).toMatchObject({
        turn: 'PASSES',
        ballInHand: 'BEHIND_HEAD_STRING',
        pendingChoice: null,
      });
    });
  },
);

describe('A14: one stroke breaking G1.9 and G1.29 gets both warnings, each counting towards A10', () => {
  const games: { discipline: Discipline; profile: RuleProfileId }[] = [
    ...PROFILES.map((profile) => ({ discipline: 'EIGHT_BALL' as const, profile })),
    { discipline: 'NINE_BALL', profile: 'WPA' },
    { discipline: 'TEN_BALL', profile: 'WPA' },
  ];
  const breakShot = { firstContact: 1, objectBallsDrivenToRail: 5 };
  const interference = { kind: 'BREAK_CUE_BALL_INTERFERENCE' as const, reportedBy: 'referee' };
  const nonTip = { kind: 'NON_TIP_CONTACT' as const, intentional: true, reportedBy: 'referee' };

  it.each(games)(
    'A14 [$discipline, $profile]: G1.9 and G1.29 warned together; a second G1.29 forfeits',
    (game) => {
      const t = new Table({ ...game });
      const r = t.shoot(A, { ...breakShot, strokeFouls: [interference, nonTip] });
      expect(r.warningsIssued).toEqual(['G1.9', 'G1.29']);
      expect(r.explanation).toMatch(
        /warning is issued under each of G1\.9 and G1\.29.*\(A14, A10\)/,
      );
      expect(r.explanationPt).toMatch(/advertência por cada uma das regras G1\.9 e G1\.29/);
      expect(t.state.warnings[A]).toEqual(['G1.9', 'G1.29']);
      // Bruno has Ana break the re-rack (G1.9); her next intentional non-tip contact is the second.
      t.run({ type: 'ChooseOption', player: B, option: 'RERACK_OPPONENT_BREAKS' });
      const second = t.shoot(A, { ...breakShot, strokeFouls: [nonTip] });
      expect(second).toMatchObject({
        penalty: 'FORFEIT_OF_MATCH',
        appliedFoul: { rule: 'G1.29' },
        warningsIssued: [],
        gameResult: { winner: B, reason: 'MATCH_FORFEITED' },
      });
    },
  );

  it.each(games)('A10 [$discipline, $profile]: one warning alone is listed alone', (game) => {
    const t = new Table({ ...game });
    const r = t.shoot(A, { ...breakShot, strokeFouls: [interference] });
    expect(r.warningsIssued).toEqual(['G1.9']);
    expect(r.explanation).not.toMatch(/A14/);
  });
});
