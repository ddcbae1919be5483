import {
  canonicalJson,
  fromRulingV1,
  toRulingV1,
  type LedgerEvent,
  type Ruling,
  type RulingV1,
} from '../../src/domain';
import { toDomain } from '../../src/ledger/envelope';
import { legacyLines } from '../support/legacy-ledger';
import { simulateMatch } from '../support/simulator';

// The per-shot ruling as stored (RulingV1) is a contract apart from the engine's Ruling: mapped
// field by field both ways, so every stored ruling reads into the engine and writes back as it
// was, and what the engine rules is stored whole.

const storedRulings = (): RulingV1[] =>
  legacyLines()
    .filter((l) => l.type === 'ShotAdjudicated')
    .map((l) => toDomain({ ...l, position: 0n }))
    .map((e) => (e.type === 'ShotAdjudicated' ? e.data.ruling : null)!);

describe('the stored ruling contract (RulingV1)', () => {
  it('every ruling of the ledger recorded by engine 1.1.0 maps to the engine and back unchanged', () => {
    const rulings = storedRulings();
    expect(rulings.length).toBeGreaterThan(100);
    for (const stored of rulings) {
      const back = toRulingV1(fromRulingV1(stored));
      expect(back).toEqual(stored);
      // The hash chain is over canonical JSON: the same text, so the same hashes.
      expect(canonicalJson(back)).toBe(canonicalJson(stored));
    }
  });

  it('covers each field and nested shape the ledger holds (fouls, choices, results, groups)', () => {
    const rulings = storedRulings();
    expect(rulings.some((r) => r.appliedFoul !== null)).toBe(true);
    expect(rulings.some((r) => r.pendingChoice !== null)).toBe(true);
    expect(rulings.some((r) => r.gameResult !== null)).toBe(true);
    expect(rulings.some((r) => r.groupsAssigned !== null)).toBe(true);
  });

  it('what the engine rules is stored whole: each ShotAdjudicated of a simulated match holds RulingV1 of it', () => {
    for (const seed of [3, 11]) {
      const sim = simulateMatch(seed, { matchId: `contract-${seed}` });
      const adjudicated = sim.batches
        .flat()
        .filter((e: LedgerEvent) => e.type === 'ShotAdjudicated');
      expect(adjudicated.length).toBeGreaterThan(0);
      for (const e of adjudicated) {
        const stored = (e as Extract<LedgerEvent, { type: 'ShotAdjudicated' }>).data.ruling;
        const engine: Ruling = fromRulingV1(stored);
        expect(toRulingV1(engine)).toEqual(stored);
        expect(Object.keys(stored).sort()).toEqual(Object.keys(engine).sort());
      }
    }
  });

  it('the mapping copies: a stored ruling is not shared with the engine value it maps to', () => {
    const [stored] = storedRulings().filter((r) => r.fouls.length > 0);
    const engine = fromRulingV1(stored);
    engine.fouls[0].detail = 'changed';
    engine.rules.push('X');
    expect(stored.fouls[0].detail).not.toBe('changed');
    expect(stored.rules).not.toContain('X');
  });

  it('the rulings a correction and appeal decisions keep (RulingV1 too) map to the engine and back unchanged', () => {
    const kept = legacyLines()
      .filter((l) => ['ShotCorrected', 'AppealDecided', 'AppealReviewed'].includes(l.type))
      .map((l) => toDomain({ ...l, position: 0n }))
      .flatMap((e): (RulingV1 | null)[] =>
        e.type === 'ShotCorrected'
          ? [e.data.original.ruling, e.data.corrected.ruling]
          : e.type === 'AppealDecided' || e.type === 'AppealReviewed'
            ? [e.data.ruling]
            : [],
      )
      .filter((r): r is RulingV1 => r !== null);
    expect(kept.length).toBeGreaterThanOrEqual(2);
    for (const stored of kept)
      expect(canonicalJson(toRulingV1(fromRulingV1(stored)))).toBe(canonicalJson(stored));
  });
});
