import { DomainError, type DomainErrorCode } from '../../src/domain/errors';
import type { MatchCommand } from '../../src/domain/match/commands';
import type { RailContact } from '../../src/domain/events/shot-facts';
import type { BreakOrderRule, RuleProfileId } from '../../src/domain/table/vocabulary';
import { ANA, BRUNO, Table } from '../support/match-fixtures';

// Scenario builders for the 8-ball specs: every position is reached by playing real commands
// through the decider, never by hand-written state.

export const A = ANA.id;
export const B = BRUNO.id;
export const PROFILES: RuleProfileId[] = ['FPB', 'BCA', 'WPA'];
export const ALL_BALLS = Array.from({ length: 15 }, (_, i) => i + 1);

// The cue ball reaches a cushion after the first contact (G1.19 satisfied by a cushion).
export const CUE_TO_RAIL: RailContact[] = [{ ball: 0 }];

// Ana broke legally, pocketed the 1 and stays at the table; the table is open (E8.4).
export function openTable(profile: RuleProfileId = 'FPB'): Table {
  const t = new Table({ profile });
  t.break(A, [{ ball: 1, pocket: 'FL' }]);
  return t;
}

// Ana legally pocketed the called 2: Ana has solids, Bruno stripes, Ana still shoots (E8.9).
// Down: 1, 2. Solids left for Ana: 3–7.
export function groupsSet(profile: RuleProfileId = 'FPB'): Table {
  const t = openTable(profile);
  t.call(A, 2, 'FR');
  t.shoot(A, {
    firstContact: 2,
    pocketed: [{ ball: 2, pocket: 'FR' }],
    railContactsAfterFirstContact: CUE_TO_RAIL,
  });
  return t;
}

// As groupsSet, then Ana pockets the called 3 with 4–7 as extra balls: she is on the 8.
// On the table: 8 and the stripes 9–15.
export function anaOnEight(profile: RuleProfileId = 'FPB'): Table {
  const t = groupsSet(profile);
  t.call(A, 3, 'SL');
  t.shoot(A, {
    firstContact: 3,
    pocketed: [3, 4, 5, 6, 7].map((ball) => ({
      ball,
      pocket: ball === 3 ? ('SL' as const) : ('FL' as const),
    })),
    railContactsAfterFirstContact: CUE_TO_RAIL,
  });
  return t;
}

// As groupsSet, then Ana pockets 3–6: only the 7 is left in her group.
export function anaOnLastSolid(profile: RuleProfileId = 'FPB'): Table {
  const t = groupsSet(profile);
  t.call(A, 3, 'SL');
  t.shoot(A, {
    firstContact: 3,
    pocketed: [3, 4, 5, 6].map((ball) => ({
      ball,
      pocket: ball === 3 ? ('SL' as const) : ('FL' as const),
    })),
    railContactsAfterFirstContact: CUE_TO_RAIL,
  });
  return t;
}

// As groupsSet, then Ana misses her called ball: Bruno (stripes) is to shoot, no ball in hand.
export function brunoToShoot(profile: RuleProfileId = 'FPB'): Table {
  const t = groupsSet(profile);
  t.call(A, 3, 'SL');
  t.shoot(A, { firstContact: 3, railContactsAfterFirstContact: CUE_TO_RAIL });
  return t;
}

// Ends the current game with `winner` winning, by the quickest legal record: the loser pockets
// the 8 before clearing a group (E8.18 e).
export function winGame(t: Table, winner: string): void {
  const game = t.state.currentGame!;
  const breaker = game.breaker;
  const loser = winner === A ? B : A;
  if (breaker === loser) {
    t.break(breaker, [{ ball: 1, pocket: 'FL' }]);
  } else {
    // Legal break with nothing down: the turn passes to the loser.
    t.break(breaker);
  }
  t.shoot(loser, {
    firstContact: 2,
    pocketed: [{ ball: 8, pocket: 'FR' }],
    railContactsAfterFirstContact: CUE_TO_RAIL,
  });
}

export function newTable(
  opts: { profile?: RuleProfileId; raceTo?: number; breakOrder?: BreakOrderRule } = {},
): Table {
  return new Table(opts);
}

// A refused command: a typed DomainError with the expected code, and nothing appended.
export function expectRefused(t: Table, command: MatchCommand, code: DomainErrorCode): DomainError {
  const before = t.history.length;
  const stateBefore = JSON.stringify(t.state);
  let caught: unknown;
  try {
    t.run(command);
  } catch (err) {
    caught = err;
  }
  expect(caught).toBeInstanceOf(DomainError);
  expect((caught as DomainError).code).toBe(code);
  expect(t.history).toHaveLength(before);
  expect(JSON.stringify(t.state)).toBe(stateBefore);
  return caught as DomainError;
}

export function eventTypes(t: Table, from: number): string[] {
  return t.history.slice(from).map((e) => e.type);
}
