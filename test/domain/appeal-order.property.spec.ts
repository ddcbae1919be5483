import fc from 'fast-check';
import { canonicalJson } from '../../src/domain/canonical-json';
import { DomainError } from '../../src/domain/errors';
import type { ShotFacts } from '../../src/domain/events/shot-facts';
import { toPlaySnapshot } from '../../src/domain/match/play-snapshot';
import { ANA, BRUNO, revisionOf, Table } from '../support/match-fixtures';

// Property: the record after the same decisions does not depend on the order the committee opens
// the appeals in. A committee that opens one too early is told which to decide first
// (APPEAL_EARLIER_PENDING) and comes back to it; an appeal closed as moot meanwhile is not decided.

type Outcome = 'ALLOWED' | 'DISMISSED';
interface Claim {
  shot: number;
  // The shot's facts (ShotPlayed) or its ruling (ShotAdjudicated).
  target: 'FACTS' | 'RULING';
  // The amended facts: a scratch (G1.20), or no cushion after contact (G1.19).
  amend: 'SCRATCH' | 'NO_CUSHION';
  outcome: Outcome;
}

const AMEND: Record<Claim['amend'], Partial<ShotFacts>> = {
  SCRATCH: { cueBallScratched: true },
  NO_CUSHION: { railContactsAfterFirstContact: [] },
};

// Ana breaks (the 3 down); then both miss in turn, `shots` times, each with a cushion after contact.
// Each claim is filed by the player who did not shoot.
function filed(shots: number, claims: readonly Claim[]): Table {
  const t = new Table({ raceTo: 2 });
  t.break(ANA.id, [{ ball: 3, pocket: 'FR' }]);
  for (let i = 0; i < shots; i++) {
    const shooter = i % 2 === 0 ? ANA.id : BRUNO.id;
    t.call(shooter, 1, 'FL');
    t.shoot(shooter, { firstContact: 1, railContactsAfterFirstContact: [{ ball: 0 }] });
  }
  for (const c of claims) {
    const played = revisionOf(t, 'ShotPlayed', c.shot + 2);
    t.run({
      type: 'FileAppeal',
      by: c.shot % 2 === 0 ? BRUNO.id : ANA.id,
      againstRevision: c.target === 'FACTS' ? played : played + 1,
      grounds: `Shot ${c.shot + 2} was a foul`,
      proposal: { kind: 'AMEND_FACTS', facts: AMEND[c.amend] },
    });
  }
  return t;
}

// The committee opens the appeals in `order`, each to take its intended decision.
function decideInOrder(t: Table, claims: readonly Claim[], order: readonly number[]): string {
  const queue = [...order];
  while (queue.length > 0) {
    const i = queue.shift()!;
    const id = `A${i + 1}`;
    if (t.state.appeals[i].status !== 'PENDING') continue;
    try {
      t.run({
        type: 'DecideAppeal',
        appealId: id,
        decidedBy: 'ac-1',
        outcome: claims[i].outcome,
        reason: 'Seen on video',
      });
    } catch (err) {
      if (!(err instanceof DomainError) || err.code !== 'APPEAL_EARLIER_PENDING') throw err;
      queue.push(i);
    }
  }
  expect(t.state.appeals.every((a) => a.status !== 'PENDING')).toBe(true);
  return canonicalJson({ history: t.history, play: toPlaySnapshot(t.state) });
}

function permutations(n: number): number[][] {
  if (n === 1) return [[0]];
  return permutations(n - 1).flatMap((p) =>
    Array.from({ length: n }, (_, at) => [...p.slice(0, at), n - 1, ...p.slice(at)]),
  );
}

const claim = (shots: number): fc.Arbitrary<Claim> =>
  fc.record({
    shot: fc.integer({ min: 0, max: shots - 1 }),
    target: fc.constantFrom('FACTS' as const, 'RULING' as const),
    amend: fc.constantFrom('SCRATCH' as const, 'NO_CUSHION' as const),
    outcome: fc.constantFrom('ALLOWED' as const, 'DISMISSED' as const),
  });

const cases = fc.integer({ min: 2, max: 5 }).chain((shots) =>
  fc.record({
    shots: fc.constant(shots),
    claims: fc.uniqueArray(claim(shots), {
      minLength: 2,
      maxLength: 3,
      selector: (c) => `${c.shot}/${c.target}/${c.amend}`,
    }),
  }),
);

describe('appeal decisions do not depend on their order', () => {
  it('pairs and triples of appeals: every order of the same decisions leaves the same record', () => {
    fc.assert(
      fc.property(cases, ({ shots, claims }) => {
        const records = permutations(claims.length).map((order) =>
          decideInOrder(filed(shots, claims), claims, order),
        );
        expect(new Set(records).size).toBe(1);
      }),
      { numRuns: 40 },
    );
  });
});
