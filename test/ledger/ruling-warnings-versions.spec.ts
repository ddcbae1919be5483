import type { LedgerEvent, Ruling } from '../../src/domain';
import { upcast } from '../../src/domain/events/upcast';
import { toDomain } from '../../src/ledger/envelope';
import { legacyLines } from '../support/legacy-ledger';

// A14 (engine 1.4.0): a ruling lists the warnings it issued (warningsIssued) where rulings stored
// before named one (warningIssued, a rule id or null). Stored events are never rewritten: every
// event holding a ruling is upcast when it is read.

const ruling = (e: LedgerEvent): Ruling | null => {
  if (e.type === 'ShotAdjudicated') return e.data.ruling;
  if (e.type === 'AppealDecided' || e.type === 'AppealReviewed') return e.data.ruling;
  return null;
};

describe('rulings stored with one warning field (version 1), read now', () => {
  it('G1.29: a ShotAdjudicated version 1 with a warning reads as version 2 with it listed', () => {
    const stored = { ruling: { shooter: 'ana', warningIssued: 'G1.29', turn: 'PASSES' } };
    const e = upcast('ShotAdjudicated', 1, stored);
    expect(e.version).toBe(2);
    expect(ruling(e)).toEqual({ shooter: 'ana', warningsIssued: ['G1.29'], turn: 'PASSES' });
  });

  it('reads no warning, or a ruling from before the field, as an empty list', () => {
    for (const old of [{ warningIssued: null }, {}]) {
      const e = upcast('ShotAdjudicated', 1, { ruling: { shooter: 'ana', ...old } });
      expect(ruling(e)).toEqual({ shooter: 'ana', warningsIssued: [] });
    }
  });

  it('lifts both rulings of a ShotCorrected version 1 and the ruling of an AppealReviewed version 1', () => {
    const r = { shooter: 'ana', warningIssued: 'G1.9' };
    const corrected = upcast('ShotCorrected', 1, {
      original: { ruling: r },
      corrected: { ruling: r },
    });
    expect(corrected.type === 'ShotCorrected' && corrected.data).toMatchObject({
      original: { ruling: { warningsIssued: ['G1.9'] } },
      corrected: { ruling: { warningsIssued: ['G1.9'] } },
    });
    expect(ruling(upcast('AppealReviewed', 1, { ruling: null }))).toBeNull();
    expect(ruling(upcast('AppealReviewed', 1, { ruling: r }))).toEqual({
      shooter: 'ana',
      warningsIssued: ['G1.9'],
    });
  });

  it('reads every ruling of the ledger recorded by engine 1.1.0 as version 2, nothing else changed', () => {
    const lines = legacyLines().filter((l) => l.type === 'ShotAdjudicated');
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) {
      const e = toDomain({ ...l, position: 0n });
      expect(e.version).toBe(2);
      const { warningIssued, ...rest } = (l.data as { ruling: Record<string, unknown> }).ruling;
      expect(ruling(e)).toEqual({ ...rest, warningsIssued: warningIssued ? [warningIssued] : [] });
    }
  });

  it('refuses a version it does not know instead of guessing', () => {
    expect(() => upcast('ShotAdjudicated', 7, {})).toThrow(
      /No upcast for ShotAdjudicated version 7/,
    );
  });
});
