import type { ShotFacts } from '../../src/domain/events/shot-facts';
import { Table } from '../support/match-fixtures';
import { A, anaOnEight, B, CUE_TO_RAIL, PROFILES } from './eight-ball-scenarios';

// A9: an uncalled ball attested obvious does not count on a bank, a kick or a combination. The
// ruling says why in both languages: not that the shot was "not attested obvious" (the record
// attests it), but that such shots are never obvious.

const BANK_OR_KICK_EN =
  'the record attests the shot obvious, but banks and kicks are never obvious';
const BANK_OR_KICK_PT =
  'o registo dá a tacada como óbvia, mas tabelas e tacadas de tabela à branca nunca são óbvias';
const COMBINATION_EN = 'the record attests the shot obvious, but a combination is never obvious';

const uncalled = (extra: Partial<ShotFacts>): Partial<ShotFacts> => ({
  firstContact: 2,
  pocketed: [{ ball: 2, pocket: 'HL' }],
  railContactsAfterFirstContact: CUE_TO_RAIL,
  callObvious: true,
  ...extra,
});
const bank = {
  railContactsAfterFirstContact: [{ ball: 2, cushion: 'FOOT' as const }, ...CUE_TO_RAIL],
};
const kick = { railContactsBeforeFirstContact: [{ ball: 0, cushion: 'HEAD' as const }] };

describe.each(PROFILES)(
  'A9, G1.4: why an attested uncalled shot does not count (%s)',
  (profile) => {
    const openTable = () => {
      const t = new Table({ profile });
      t.break(A, [{ ball: 1, pocket: 'FL' }]);
      return t;
    };

    it.each([
      ['a bank', bank],
      ['a kick', kick],
    ])('A9: %s attested obvious: banks and kicks are never obvious (EN, PT)', (_what, extra) => {
      const r = openTable().shoot(A, uncalled(extra));
      expect(r).toMatchObject({ turn: 'PASSES', nextShooter: B, legallyPocketed: [] });
      expect(r.explanation).toContain(
        `The 2 went down without a call; ${BANK_OR_KICK_EN}, so nothing scores (G1.4, A9)`,
      );
      expect(r.explanationPt).toContain(BANK_OR_KICK_PT);
      expect(r.explanation).not.toMatch(/not attested obvious/);
    });

    it('A9: a combination attested obvious: combinations are never obvious', () => {
      const r = openTable().shoot(A, uncalled({ firstContact: 3 }));
      expect(r.explanation).toContain(COMBINATION_EN);
    });

    it('G1.4: not attested at all, the explanation says so', () => {
      const r = openTable().shoot(A, uncalled({ callObvious: false }));
      expect(r.explanation).toMatch(/without a call and the shot was not attested obvious/);
    });

    it('A9, E8.18: the 8 banked in without a call, attested obvious, loses and says why', () => {
      const r = anaOnEight(profile).shoot(A, {
        firstContact: 8,
        pocketed: [{ ball: 8, pocket: 'FL' }],
        railContactsAfterFirstContact: [{ ball: 8, cushion: 'HEAD' }, ...CUE_TO_RAIL],
        callObvious: true,
      });
      expect(r.gameResult).toMatchObject({ loser: A, reason: 'EIGHT_IN_UNCALLED_POCKET' });
      expect(r.explanation).toContain(
        `pocketed the 8 in FL without a call (${BANK_OR_KICK_EN}, A9)`,
      );
      expect(r.explanationPt).toContain(BANK_OR_KICK_PT);
    });
  },
);

describe('A9, T10.6: 10-ball says why the attested bank is wrongfully pocketed', () => {
  it('A9: banks and kicks are never obvious (EN, PT)', () => {
    const t = new Table({ discipline: 'TEN_BALL' });
    t.break(A, [{ ball: 1, pocket: 'FL' }]);
    const r = t.shoot(A, uncalled(bank));
    expect(r).toMatchObject({ turn: 'CHOICE_PENDING', pendingChoice: { player: B } });
    expect(r.explanation).toContain(`the 2 went down without a call; ${BANK_OR_KICK_EN}`);
    expect(r.explanationPt).toContain(BANK_OR_KICK_PT);
  });
});
