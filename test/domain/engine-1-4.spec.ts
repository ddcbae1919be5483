import { emptyFacts } from '../../src/domain/events/shot-facts';
import { expectRefused } from './eight-ball-scenarios';
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
