import type { RuleProfileId } from '../../src/domain/table/vocabulary';
import type { StrokeFoulKind } from '../../src/domain/table/vocabulary';
import {
  A,
  B,
  CUE_TO_RAIL,
  PROFILES,
  anaOnEight,
  brunoToShoot,
  expectRefused,
  groupsSet,
  newTable,
  openTable,
} from './eight-ball-scenarios';

describe('8-ball shots after the break', () => {
  describe('open table and groups (E8.8, E8.9)', () => {
    it.each(PROFILES)(
      'E8.9 [%s]: legally pocketing a called solid on the open table gives the shooter solids and the opponent stripes',
      (profile) => {
        const t = openTable(profile);
        t.call(A, 5, 'SR');
        const r = t.shoot(A, {
          firstContact: 5,
          pocketed: [{ ball: 5, pocket: 'SR' }],
          railContactsAfterFirstContact: CUE_TO_RAIL,
        });
        expect(r.groupsAssigned).toEqual({ [A]: 'SOLIDS', [B]: 'STRIPES' });
        expect(r.turn).toBe('CONTINUES');
        expect(r.nextShooter).toBe(A);
        expect(r.legallyPocketed).toEqual([5]);
        expect(t.state.currentGame!.groups).toEqual({ [A]: 'SOLIDS', [B]: 'STRIPES' });
      },
    );

    it('E8.8, E8.9: on an open table any ball but the 8 may be hit first; the called stripe sets the groups by its own group', () => {
      const t = openTable();
      t.call(A, 11, 'SL');
      const r = t.shoot(A, {
        firstContact: 2,
        pocketed: [
          { ball: 11, pocket: 'SL' },
          { ball: 3, pocket: 'FR' },
        ],
        railContactsAfterFirstContact: CUE_TO_RAIL,
      });
      expect(r.fouls).toEqual([]);
      expect(r.groupsAssigned).toEqual({ [A]: 'STRIPES', [B]: 'SOLIDS' });
      expect(r.turn).toBe('CONTINUES');
      // G1.32: the extra solid stays down.
      expect(r.ballsOnTableAfter).not.toContain(3);
    });

    it('E8.4, E8.9: balls pocketed on the break do not set the groups', () => {
      const t = openTable();
      expect(t.state.currentGame!.groups).toBeNull();
    });

    it('E8.9, G1.17: a called ball pocketed on a foul does not set the groups; the table stays open', () => {
      const t = openTable();
      t.call(A, 5, 'SR');
      const r = t.shoot(A, {
        firstContact: 5,
        pocketed: [{ ball: 5, pocket: 'SR' }],
        cueBallScratched: true,
      });
      expect(r.appliedFoul).toMatchObject({ kind: 'CUE_BALL_SCRATCHED' });
      expect(r.groupsAssigned).toBeNull();
      expect(t.state.currentGame!.groups).toBeNull();
      expect(r.ballsOnTableAfter).not.toContain(5);
    });

    it('E8.9, G1.5: a called ball dropping in another pocket does not set the groups; the turn ends', () => {
      const t = openTable();
      t.call(A, 5, 'SR');
      const r = t.shoot(A, {
        firstContact: 5,
        pocketed: [{ ball: 5, pocket: 'SL' }],
        railContactsAfterFirstContact: CUE_TO_RAIL,
      });
      expect(r.groupsAssigned).toBeNull();
      expect(r.penalty).toBe('TURN_END');
      expect(r.nextShooter).toBe(B);
      expect(t.state.currentGame!.groups).toBeNull();
    });

    it.each<[RuleProfileId, boolean]>([
      ['FPB', false],
      ['BCA', false],
      ['WPA', true],
    ])('E8.8, A2 [%s]: the 8 hit first on an open table — foul=%s', (profile, isFoul) => {
      const t = openTable(profile);
      t.call(A, 4, 'FL');
      const r = t.shoot(A, {
        firstContact: 8,
        pocketed: [{ ball: 4, pocket: 'FL' }],
        railContactsAfterFirstContact: CUE_TO_RAIL,
      });
      expect(r.profile).toBe(profile);
      expect(r.turn).toBe('PASSES');
      expect(r.nextShooter).toBe(B);
      expect(r.groupsAssigned).toBeNull();
      expect(r.legallyPocketed).toEqual([]);
      // Nothing scores, but the ball stays down.
      expect(r.ballsOnTableAfter).not.toContain(4);
      expect(t.state.currentGame!.groups).toBeNull();
      if (isFoul) {
        expect(r.appliedFoul).toMatchObject({
          kind: 'EIGHT_FIRST_ON_OPEN_TABLE',
          penalty: 'STANDARD_FOUL',
        });
        expect(r.penalty).toBe('STANDARD_FOUL');
        expect(r.ballInHand).toBe('ANYWHERE');
      } else {
        expect(r.fouls).toEqual([]);
        expect(r.appliedFoul).toBeNull();
        expect(r.penalty).toBe('TURN_END');
        expect(r.ballInHand).toBe('NONE');
      }
      expect(t.state.currentGame!.ballInHand).toBe(isFoul ? 'ANYWHERE' : 'NONE');
    });
  });

  describe('first contact (G1.18)', () => {
    it.each(PROFILES)(
      'G1.18, G1.17 [%s]: hitting an opponent ball first is a standard foul; opponent has ball in hand anywhere',
      (profile) => {
        const t = groupsSet(profile);
        t.call(A, 3, 'FL');
        const r = t.shoot(A, { firstContact: 12, railContactsAfterFirstContact: CUE_TO_RAIL });
        expect(r.appliedFoul).toMatchObject({
          kind: 'WRONG_BALL_FIRST',
          rule: 'G1.18',
          penalty: 'STANDARD_FOUL',
        });
        expect(r.penalty).toBe('STANDARD_FOUL');
        expect(r.turn).toBe('PASSES');
        expect(r.nextShooter).toBe(B);
        expect(r.ballInHand).toBe('ANYWHERE');
        expect(t.state.currentGame).toMatchObject({ shooter: B, ballInHand: 'ANYWHERE' });
      },
    );

    it('G1.18: hitting the 8 first while the own group is still on the table is a foul', () => {
      const t = groupsSet();
      const r = t.shoot(A, { firstContact: 8, railContactsAfterFirstContact: CUE_TO_RAIL });
      expect(r.appliedFoul).toMatchObject({ kind: 'WRONG_BALL_FIRST', rule: 'G1.18' });
      expect(r.ballInHand).toBe('ANYWHERE');
    });

    it('G1.18, E8.12: once the group is cleared, hitting a stripe first instead of the 8 is a foul', () => {
      const t = anaOnEight();
      const r = t.shoot(A, { firstContact: 9, railContactsAfterFirstContact: CUE_TO_RAIL });
      expect(r.appliedFoul).toMatchObject({ kind: 'WRONG_BALL_FIRST', rule: 'G1.18' });
      expect(r.gameResult).toBeNull();
      expect(r.nextShooter).toBe(B);
    });

    it('G1.18: the cue ball hitting no ball at all is a standard foul', () => {
      const t = groupsSet();
      const r = t.shoot(A, { firstContact: null, railContactsAfterFirstContact: CUE_TO_RAIL });
      expect(r.appliedFoul).toMatchObject({
        kind: 'NO_FIRST_CONTACT',
        rule: 'G1.18',
        penalty: 'STANDARD_FOUL',
      });
      expect(r.ballInHand).toBe('ANYWHERE');
    });

    it('G1.18: stripes player hitting a stripe first is legal (the check follows the shooter, not the breaker)', () => {
      const t = brunoToShoot();
      const r = t.shoot(B, { firstContact: 14, railContactsAfterFirstContact: CUE_TO_RAIL });
      expect(r.fouls).toEqual([]);
      expect(r.penalty).toBe('TURN_END');
      expect(r.nextShooter).toBe(A);
    });
  });

  describe('cushion after contact (G1.19, A1)', () => {
    it.each(PROFILES)(
      'G1.19 [%s]: own ball hit first, nothing pocketed and no ball reaches a cushion is a standard foul',
      (profile) => {
        const t = groupsSet(profile);
        const r = t.shoot(A, { firstContact: 3 });
        expect(r.appliedFoul).toMatchObject({
          kind: 'NO_RAIL_AFTER_CONTACT',
          rule: 'G1.19',
          penalty: 'STANDARD_FOUL',
        });
        expect(r.nextShooter).toBe(B);
        expect(r.ballInHand).toBe('ANYWHERE');
      },
    );

    it.each(PROFILES)(
      'G1.19 [%s]: an object ball reaching a cushion after contact satisfies the rule',
      (profile) => {
        const t = groupsSet(profile);
        const r = t.shoot(A, { firstContact: 3, railContactsAfterFirstContact: [{ ball: 11 }] });
        expect(r.fouls).toEqual([]);
        expect(r.penalty).toBe('TURN_END');
      },
    );

    it.each(PROFILES)(
      'G1.19, E8.12 [%s]: the called own ball legally pocketed with no cushion is a legal shot; the shooter continues',
      (profile) => {
        const t = groupsSet(profile);
        t.call(A, 3, 'SL');
        const r = t.shoot(A, { firstContact: 3, pocketed: [{ ball: 3, pocket: 'SL' }] });
        expect(r.fouls).toEqual([]);
        expect(r.turn).toBe('CONTINUES');
        expect(r.nextShooter).toBe(A);
      },
    );

    it.each<[RuleProfileId, boolean]>([
      ['FPB', true],
      ['BCA', false],
      ['WPA', false],
    ])(
      'G1.19, A1 [%s]: only an opponent ball drops and no cushion is touched — foul=%s',
      (profile, isFoul) => {
        const t = groupsSet(profile);
        t.call(A, 3, 'SL');
        const r = t.shoot(A, { firstContact: 3, pocketed: [{ ball: 11, pocket: 'FR' }] });
        expect(r.turn).toBe('PASSES');
        expect(r.nextShooter).toBe(B);
        expect(r.ballsOnTableAfter).not.toContain(11);
        if (isFoul) {
          expect(r.appliedFoul).toMatchObject({ kind: 'NO_RAIL_AFTER_CONTACT', rule: 'G1.19' });
          expect(r.ballInHand).toBe('ANYWHERE');
        } else {
          expect(r.fouls).toEqual([]);
          expect(r.penalty).toBe('TURN_END');
          expect(r.ballInHand).toBe('NONE');
        }
      },
    );

    it.each<[RuleProfileId, boolean]>([
      ['FPB', true],
      ['BCA', false],
      ['WPA', false],
    ])(
      'G1.19, A1, G1.4 [%s]: an uncalled, non-obvious own ball drops with no cushion — foul=%s',
      (profile, isFoul) => {
        const t = groupsSet(profile);
        const r = t.shoot(A, { firstContact: 3, pocketed: [{ ball: 3, pocket: 'FR' }] });
        expect(r.turn).toBe('PASSES');
        expect(r.legallyPocketed).toEqual([]);
        if (isFoul) expect(r.appliedFoul).toMatchObject({ kind: 'NO_RAIL_AFTER_CONTACT' });
        else {
          expect(r.fouls).toEqual([]);
          expect(r.penalty).toBe('TURN_END');
        }
      },
    );

    it.each<[RuleProfileId, boolean]>([
      ['FPB', true],
      ['BCA', false],
      ['WPA', false],
    ])(
      'G1.19, A1, G1.5 [%s]: the called ball drops in the wrong pocket with no cushion — foul=%s',
      (profile, isFoul) => {
        const t = groupsSet(profile);
        t.call(A, 3, 'SL');
        const r = t.shoot(A, { firstContact: 3, pocketed: [{ ball: 3, pocket: 'SR' }] });
        expect(r.nextShooter).toBe(B);
        expect(r.appliedFoul?.kind ?? null).toBe(isFoul ? 'NO_RAIL_AFTER_CONTACT' : null);
        expect(r.ballInHand).toBe(isFoul ? 'ANYWHERE' : 'NONE');
      },
    );
  });

  describe('scratch and balls off the table (G1.20, G1.28, A3)', () => {
    it.each(PROFILES)(
      'G1.20, G1.17 [%s]: pocketing the cue ball is a standard foul; the opponent has ball in hand anywhere',
      (profile) => {
        const t = groupsSet(profile);
        t.call(A, 3, 'SL');
        const r = t.shoot(A, {
          firstContact: 3,
          pocketed: [{ ball: 3, pocket: 'SL' }],
          railContactsAfterFirstContact: CUE_TO_RAIL,
          cueBallScratched: true,
        });
        expect(r.appliedFoul).toMatchObject({
          kind: 'CUE_BALL_SCRATCHED',
          rule: 'G1.20',
          penalty: 'STANDARD_FOUL',
        });
        expect(r.turn).toBe('PASSES');
        expect(r.nextShooter).toBe(B);
        expect(r.ballInHand).toBe('ANYWHERE');
        expect(r.legallyPocketed).toEqual([]);
        // E8.15: the called ball pocketed on the foul stays down.
        expect(r.ballsOnTableAfter).not.toContain(3);
      },
    );

    it('G1.20: the cue ball touching an already pocketed ball is a standard foul', () => {
      const t = groupsSet();
      const r = t.shoot(A, {
        firstContact: 3,
        railContactsAfterFirstContact: CUE_TO_RAIL,
        cueBallTouchedPocketedBall: true,
      });
      expect(r.appliedFoul).toMatchObject({
        kind: 'CUE_BALL_TOUCHED_POCKETED_BALL',
        rule: 'G1.20',
        penalty: 'STANDARD_FOUL',
      });
      expect(r.ballInHand).toBe('ANYWHERE');
    });

    it('G1.28: the cue ball leaving the table is a standard foul', () => {
      const t = groupsSet();
      const r = t.shoot(A, {
        firstContact: 3,
        railContactsAfterFirstContact: CUE_TO_RAIL,
        cueBallOffTable: true,
      });
      expect(r.appliedFoul).toMatchObject({
        kind: 'CUE_BALL_OFF_TABLE',
        rule: 'G1.28',
        penalty: 'STANDARD_FOUL',
      });
      expect(r.nextShooter).toBe(B);
      expect(r.ballInHand).toBe('ANYWHERE');
    });

    it.each<[RuleProfileId, boolean]>([
      ['FPB', false],
      ['BCA', true],
      ['WPA', false],
    ])(
      'G1.28, E8.16, A3 [%s]: an object ball off the table is a standard foul; spotted=%s',
      (profile, spotted) => {
        const t = groupsSet(profile);
        const r = t.shoot(A, {
          firstContact: 3,
          railContactsAfterFirstContact: CUE_TO_RAIL,
          ballsOffTable: [13],
        });
        expect(r.appliedFoul).toMatchObject({
          kind: 'OBJECT_BALL_OFF_TABLE',
          rule: 'G1.28',
          penalty: 'STANDARD_FOUL',
        });
        expect(r.nextShooter).toBe(B);
        expect(r.ballInHand).toBe('ANYWHERE');
        expect(r.spotted).toEqual(spotted ? [13] : []);
        const g = t.state.currentGame!;
        if (spotted) {
          expect(r.ballsOnTableAfter).toContain(13);
          expect(g.ballsOnTable).toContain(13);
          expect(g.pocketed).not.toContain(13);
        } else {
          // FPB: counts as pocketed; WPA: not spotted — either way it is off the table for good.
          expect(r.ballsOnTableAfter).not.toContain(13);
          expect(g.ballsOnTable).not.toContain(13);
          expect(g.pocketed).toContain(13);
        }
      },
    );
  });

  describe('extra balls, turn change and the standard penalty (G1.32, G1.35, G1.17)', () => {
    it.each(PROFILES)(
      'G1.32 [%s]: extra balls (own and opponent) pocketed on a legal shot stay down; the shooter continues',
      (profile) => {
        const t = groupsSet(profile);
        t.call(A, 3, 'SL');
        const r = t.shoot(A, {
          firstContact: 3,
          pocketed: [
            { ball: 3, pocket: 'SL' },
            { ball: 4, pocket: 'FL' },
            { ball: 12, pocket: 'FR' },
          ],
          railContactsAfterFirstContact: CUE_TO_RAIL,
        });
        expect(r.fouls).toEqual([]);
        expect(r.turn).toBe('CONTINUES');
        expect(r.spotted).toEqual([]);
        expect(r.ballsOnTableAfter).toEqual([5, 6, 7, 8, 9, 10, 11, 13, 14, 15]);
        expect(t.state.currentGame!.pocketed).toEqual([1, 2, 3, 4, 12]);
      },
    );

    it('G1.35: missing the called ball on a legal shot ends the inning; the opponent plays the balls as they lie', () => {
      const t = groupsSet();
      t.call(A, 3, 'SL');
      const r = t.shoot(A, { firstContact: 3, railContactsAfterFirstContact: CUE_TO_RAIL });
      expect(r.fouls).toEqual([]);
      expect(r.penalty).toBe('TURN_END');
      expect(r.turn).toBe('PASSES');
      expect(r.nextShooter).toBe(B);
      expect(r.ballInHand).toBe('NONE');
      expect(t.state.currentGame).toMatchObject({ shooter: B, ballInHand: 'NONE', call: null });
      // No ball in hand: a placement is refused.
      expectRefused(t, { type: 'PlaceCueBall', player: B, zone: 'ANYWHERE' }, 'NO_BALL_IN_HAND');
    });

    it('G1.17: after a standard foul the opponent may place the cue ball anywhere', () => {
      const t = groupsSet();
      t.shoot(A, { firstContact: 12, railContactsAfterFirstContact: CUE_TO_RAIL });
      t.run({ type: 'PlaceCueBall', player: B, zone: 'ANYWHERE' });
      expect(t.state.currentGame).toMatchObject({
        shooter: B,
        ballInHand: 'ANYWHERE',
        cueBallPlacement: 'ANYWHERE',
      });
    });

    it('G1.35: the next shooter plays after a legal shot of the opponent; the ball in hand is consumed by the shot', () => {
      const t = groupsSet();
      t.shoot(A, { firstContact: 12, railContactsAfterFirstContact: CUE_TO_RAIL });
      t.call(B, 10, 'HL');
      const r = t.shoot(B, { firstContact: 10, pocketed: [{ ball: 10, pocket: 'HL' }] });
      expect(r.turn).toBe('CONTINUES');
      expect(t.state.currentGame).toMatchObject({ shooter: B, ballInHand: 'NONE' });
    });

    it('E8.20, G1.17: three consecutive fouls by one player are not a loss in 8-ball', () => {
      const t = groupsSet();
      for (let i = 0; i < 3; i++) {
        const r = t.shoot(A, { firstContact: 12, railContactsAfterFirstContact: CUE_TO_RAIL });
        expect(r.gameResult).toBeNull();
        t.shoot(B, { firstContact: 9, railContactsAfterFirstContact: CUE_TO_RAIL });
      }
      expect(t.state.currentGame!.status).toBe('IN_PROGRESS');
      expect(t.state.currentGame!.fouls[A]).toBe(3);
      expect(t.state.currentGame!.consecutiveFouls[A]).toBe(3);
      expect(t.state.score).toEqual({ [A]: 0, [B]: 0 });
    });
  });

  describe('called shots (G1.4, G1.5, A9)', () => {
    it('G1.4: the called ball in the called pocket counts and the shooter continues', () => {
      const t = groupsSet();
      t.call(A, 6, 'HR');
      const r = t.shoot(A, {
        firstContact: 6,
        pocketed: [{ ball: 6, pocket: 'HR' }],
        railContactsAfterFirstContact: CUE_TO_RAIL,
      });
      expect(r.turn).toBe('CONTINUES');
      expect(r.legallyPocketed).toEqual([6]);
      expect(t.state.currentGame!.call).toBeNull();
    });

    it.each(PROFILES)(
      'G1.4, A9 [%s]: an uncalled own ball pocketed on a shot not attested obvious does not count; the turn ends',
      (profile) => {
        const t = groupsSet(profile);
        const r = t.shoot(A, {
          firstContact: 6,
          pocketed: [{ ball: 6, pocket: 'HR' }],
          railContactsAfterFirstContact: CUE_TO_RAIL,
        });
        expect(r.fouls).toEqual([]);
        expect(r.penalty).toBe('TURN_END');
        expect(r.nextShooter).toBe(B);
        expect(r.legallyPocketed).toEqual([]);
        expect(r.ballsOnTableAfter).not.toContain(6);
      },
    );

    it.each(PROFILES)(
      'G1.4, A9 [%s]: an uncalled own ball on a shot attested obvious counts; the shooter continues',
      (profile) => {
        const t = groupsSet(profile);
        const r = t.shoot(A, {
          firstContact: 6,
          pocketed: [{ ball: 6, pocket: 'HR' }],
          callObvious: true,
        });
        expect(r.fouls).toEqual([]);
        expect(r.turn).toBe('CONTINUES');
        expect(r.legallyPocketed).toEqual([6]);
      },
    );

    it('A9, E8.9: an obvious uncalled stripe on the open table sets the groups', () => {
      const t = openTable();
      const r = t.shoot(A, {
        firstContact: 9,
        pocketed: [{ ball: 9, pocket: 'FL' }],
        callObvious: true,
      });
      expect(r.groupsAssigned).toEqual({ [A]: 'STRIPES', [B]: 'SOLIDS' });
    });

    it('G1.5: failing to pocket the called ball ends the turn even if another own ball drops', () => {
      const t = groupsSet();
      t.call(A, 3, 'SL');
      const r = t.shoot(A, {
        firstContact: 3,
        pocketed: [{ ball: 4, pocket: 'FL' }],
        railContactsAfterFirstContact: CUE_TO_RAIL,
        callObvious: true,
      });
      expect(r.fouls).toEqual([]);
      expect(r.penalty).toBe('TURN_END');
      expect(r.nextShooter).toBe(B);
      expect(r.legallyPocketed).toEqual([]);
      expect(r.ballsOnTableAfter).not.toContain(4);
    });

    it('G1.5: the called ball in a different pocket ends the turn', () => {
      const t = groupsSet();
      t.call(A, 3, 'SL');
      const r = t.shoot(A, {
        firstContact: 3,
        pocketed: [{ ball: 3, pocket: 'FL' }],
        railContactsAfterFirstContact: CUE_TO_RAIL,
      });
      expect(r.penalty).toBe('TURN_END');
      expect(r.nextShooter).toBe(B);
      expect(r.legallyPocketed).toEqual([]);
    });

    it('G1.4: a call must name one ball and one pocket; a ball-only call is refused with INVALID_CALL', () => {
      const t = groupsSet();
      expectRefused(
        t,
        { type: 'CallShot', player: A, call: { ball: 3, pocket: null, safety: false } },
        'INVALID_CALL',
      );
    });

    it('G1.4: calling a ball that is no longer on the table is refused with BALL_NOT_ON_TABLE', () => {
      const t = groupsSet();
      expectRefused(
        t,
        { type: 'CallShot', player: A, call: { ball: 2, pocket: 'FL', safety: false } },
        'BALL_NOT_ON_TABLE',
      );
    });

    it('G1.35: a call by the player who is not at the table is refused with WRONG_PLAYER', () => {
      const t = groupsSet();
      expectRefused(
        t,
        { type: 'CallShot', player: B, call: { ball: 9, pocket: 'FL', safety: false } },
        'WRONG_PLAYER',
      );
    });
  });

  describe('safety (E8.11)', () => {
    it.each(PROFILES)(
      'E8.11 [%s]: a declared safety that pockets an own ball is legal; the turn ends and the ball stays down',
      (profile) => {
        const t = groupsSet(profile);
        t.run({ type: 'CallShot', player: A, call: { ball: null, pocket: null, safety: true } });
        const r = t.shoot(A, {
          firstContact: 3,
          pocketed: [{ ball: 3, pocket: 'SL' }],
          railContactsAfterFirstContact: CUE_TO_RAIL,
        });
        expect(r.fouls).toEqual([]);
        expect(r.penalty).toBe('TURN_END');
        expect(r.turn).toBe('PASSES');
        expect(r.nextShooter).toBe(B);
        expect(r.ballInHand).toBe('NONE');
        expect(r.legallyPocketed).toEqual([]);
        expect(r.ballsOnTableAfter).not.toContain(3);
      },
    );

    it('E8.11, E8.9: a safety on the open table that pockets a ball does not set the groups', () => {
      const t = openTable();
      t.run({ type: 'CallShot', player: A, call: { ball: null, pocket: null, safety: true } });
      const r = t.shoot(A, {
        firstContact: 3,
        pocketed: [{ ball: 3, pocket: 'SL' }],
        railContactsAfterFirstContact: CUE_TO_RAIL,
        callObvious: true,
      });
      expect(r.groupsAssigned).toBeNull();
      expect(r.nextShooter).toBe(B);
    });

    it('E8.11, G1.17: a safety is still subject to the fouls: a wrong ball first is a standard foul', () => {
      const t = groupsSet();
      t.run({ type: 'CallShot', player: A, call: { ball: null, pocket: null, safety: true } });
      const r = t.shoot(A, { firstContact: 10, railContactsAfterFirstContact: CUE_TO_RAIL });
      expect(r.appliedFoul).toMatchObject({ kind: 'WRONG_BALL_FIRST' });
      expect(r.ballInHand).toBe('ANYWHERE');
    });

    it('E8.11: a safety call naming a ball is refused with INVALID_CALL', () => {
      const t = groupsSet();
      const err = expectRefused(
        t,
        { type: 'CallShot', player: A, call: { ball: 3, pocket: 'SL', safety: true } },
        'INVALID_CALL',
      );
      expect(err.rule).toBe('E8.11');
    });
  });

  describe('reported stroke fouls (G1.3, G1.13, G1.14, G1.21, G1.23, G1.24, G1.26, G1.38, G1.40, G1.41)', () => {
    it.each<[StrokeFoulKind, string]>([
      ['NON_TIP_CONTACT', 'G1.3'],
      ['FOOT_OFF_FLOOR', 'G1.13'],
      ['SHOT_WHILE_BALLS_MOVING', 'G1.14'],
      ['TOUCHED_BALL', 'G1.21'],
      ['DOUBLE_HIT', 'G1.23'],
      ['PUSH_SHOT', 'G1.24'],
      ['CUE_BALL_TOUCHED_AFTER_PLACEMENT', 'G1.38'],
      ['EQUIPMENT_MISUSE', 'G1.40'],
      ['TABLE_MARKED', 'G1.41'],
    ])(
      '%s (%s): a reported stroke foul on an otherwise legal pot is a standard foul; the pot does not count',
      (kind, rule) => {
        const t = groupsSet();
        t.call(A, 3, 'SL');
        const r = t.shoot(A, {
          firstContact: 3,
          pocketed: [{ ball: 3, pocket: 'SL' }],
          railContactsAfterFirstContact: CUE_TO_RAIL,
          strokeFouls: [{ kind, reportedBy: 'referee' }],
        });
        expect(r.appliedFoul).toMatchObject({ kind, rule, penalty: 'STANDARD_FOUL' });
        expect(r.turn).toBe('PASSES');
        expect(r.nextShooter).toBe(B);
        expect(r.ballInHand).toBe('ANYWHERE');
        expect(r.legallyPocketed).toEqual([]);
        expect(r.ballsOnTableAfter).not.toContain(3);
      },
    );

    it('G1.26: an intentional scoop (cue ball driven off the bed by striking below centre) is a standard foul', () => {
      const t = groupsSet();
      t.call(A, 3, 'SL');
      const r = t.shoot(A, {
        firstContact: 3,
        pocketed: [{ ball: 3, pocket: 'SL' }],
        strokeFouls: [{ kind: 'SCOOP_JUMP', intentional: true, reportedBy: 'referee' }],
      });
      expect(r.appliedFoul).toMatchObject({
        kind: 'SCOOP_JUMP',
        rule: 'G1.26',
        penalty: 'STANDARD_FOUL',
      });
      expect(r.nextShooter).toBe(B);
      expect(r.ballInHand).toBe('ANYWHERE');
    });

    it.each([false, undefined])(
      'G1.26: an accidental scoop (intentional=%s) is no foul; the legal pot counts',
      (intentional) => {
        const t = groupsSet();
        t.call(A, 3, 'SL');
        const r = t.shoot(A, {
          firstContact: 3,
          pocketed: [{ ball: 3, pocket: 'SL' }],
          strokeFouls: [{ kind: 'SCOOP_JUMP', intentional, reportedBy: 'referee' }],
        });
        expect(r.fouls).toEqual([]);
        expect(r.turn).toBe('CONTINUES');
        expect(r.legallyPocketed).toEqual([3]);
      },
    );
  });

  describe('several fouls on one stroke (G1.30, A8)', () => {
    it('G1.30: every foul of the stroke is listed, the penalty is applied once and the turn passes once', () => {
      const t = groupsSet();
      const r = t.shoot(A, {
        firstContact: 12,
        cueBallScratched: true,
        ballsOffTable: [14],
        strokeFouls: [{ kind: 'DOUBLE_HIT', reportedBy: 'referee' }],
      });
      expect(r.fouls.map((f) => f.kind).sort()).toEqual([
        'CUE_BALL_SCRATCHED',
        'DOUBLE_HIT',
        'OBJECT_BALL_OFF_TABLE',
        'WRONG_BALL_FIRST',
      ]);
      expect(r.fouls.map((f) => f.rule)).toEqual(
        expect.arrayContaining(['G1.18', 'G1.20', 'G1.23', 'G1.28']),
      );
      expect(r.appliedFoul).not.toBeNull();
      expect(r.fouls).toContainEqual(r.appliedFoul);
      expect(r.penalty).toBe('STANDARD_FOUL');
      expect(r.nextShooter).toBe(B);
      expect(r.ballInHand).toBe('ANYWHERE');
      // One foul counted against the shooter for the stroke.
      expect(t.state.currentGame!.fouls[A]).toBe(1);
    });

    it('G1.30, A8, E8.18(a): a foul together with pocketing the 8 is penalised by the most severe penalty, loss of game', () => {
      const t = anaOnEight();
      t.call(A, 8, 'FL');
      const r = t.shoot(A, {
        firstContact: 8,
        pocketed: [{ ball: 8, pocket: 'FL' }],
        strokeFouls: [{ kind: 'PUSH_SHOT', reportedBy: 'referee' }],
        cueBallScratched: true,
      });
      expect(r.fouls.map((f) => f.kind).sort()).toEqual([
        'CUE_BALL_SCRATCHED',
        'EIGHT_POCKETED_ON_FOUL',
        'PUSH_SHOT',
      ]);
      expect(r.penalty).toBe('LOSS_OF_GAME');
      expect(r.appliedFoul).toMatchObject({
        kind: 'EIGHT_POCKETED_ON_FOUL',
        penalty: 'LOSS_OF_GAME',
      });
      expect(r.gameResult).toMatchObject({
        winner: B,
        loser: A,
        reason: 'EIGHT_POCKETED_WITH_FOUL',
      });
    });
  });
});

describe('legal shots once groups are set, fouls and combinations (E8.10, E8.13, E8.14)', () => {
  it.each(PROFILES)(
    'E8.10 [%s]: own group first and a cushion after contact is a legal shot; the turn simply ends',
    (profile) => {
      const t = groupsSet(profile);
      t.call(A, 3, 'SL');
      const r = t.shoot(A, { firstContact: 4, railContactsAfterFirstContact: CUE_TO_RAIL });
      expect(r).toMatchObject({ appliedFoul: null, turn: 'PASSES', ballInHand: 'NONE' });
    },
  );

  it('E8.13: a foul after the break gives ball in hand anywhere; a break foul gives the kitchen', () => {
    const t = groupsSet();
    const foul = t.shoot(A, { firstContact: 12, railContactsAfterFirstContact: CUE_TO_RAIL });
    expect(foul.ballInHand).toBe('ANYWHERE');
    const u = newTable();
    const breakFoul = u.shoot(A, {
      firstContact: 1,
      objectBallsDrivenToRail: 5,
      pocketed: [{ ball: 2, pocket: 'FL' }],
      cueBallScratched: true,
    });
    expect(breakFoul.ballInHand).toBe('BEHIND_HEAD_STRING');
  });

  it('E8.14: a combination from an own-group ball into the called own-group ball is legal and continues', () => {
    const t = groupsSet();
    t.call(A, 5, 'FR');
    const r = t.shoot(A, { firstContact: 4, pocketed: [{ ball: 5, pocket: 'FR' }] });
    expect(r).toMatchObject({ appliedFoul: null, turn: 'CONTINUES' });
  });

  // Until engine 1.4.0 FPB ruled this no foul; A16 says A2 waives only the wrong-ball foul, and
  // with no cushion the shot must satisfy G1.19 by a ball legally pocketed of one's group (A1),
  // which a shot where nothing scores cannot: a G1.19 foul. BCA: the pocketed 5 satisfies G1.19.
  it.each([
    ['FPB', 'G1.19'],
    ['BCA', null],
    ['WPA', 'E8.8'],
  ] as const)(
    'E8.14, A2, A16 [%s]: the 8 as the first ball of a combination on an open table → foul %s, nothing scores',
    (profile, rule) => {
      const t = openTable(profile);
      t.call(A, 5, 'FR');
      const r = t.shoot(A, { firstContact: 8, pocketed: [{ ball: 5, pocket: 'FR' }] });
      expect(r.appliedFoul?.rule ?? null).toBe(rule);
      expect(r.turn).toBe('PASSES');
      expect(r.groupsAssigned).toBeNull();
    },
  );

  it('E8.14, G1.18: with groups set, the 8 may not be the first ball of a combination', () => {
    const t = groupsSet();
    t.call(A, 5, 'FR');
    const r = t.shoot(A, { firstContact: 8, pocketed: [{ ball: 5, pocket: 'FR' }] });
    expect(r.appliedFoul).toMatchObject({ kind: 'WRONG_BALL_FIRST', rule: 'G1.18' });
  });
});
