import { CUE_BALL, type Cushion } from '../../table/vocabulary';
import type { RailContact, ShotFacts } from '../../events/shot-facts';

export interface FrozenDeclaration {
  ball: number;
  cushion: Cushion;
}

// A5: FPB counts any other cushion; BCA and WPA need a cushion of a separate rail.
export type FrozenOtherCushion = 'ANY_OTHER_CUSHION' | 'SEPARATE_RAIL';

const RAIL: Record<Cushion, string> = {
  HEAD: 'head',
  FOOT: 'foot',
  LEFT_HEAD_SIDE: 'left',
  LEFT_FOOT_SIDE: 'left',
  RIGHT_HEAD_SIDE: 'right',
  RIGHT_FOOT_SIDE: 'right',
};

// G1.19 / G1.36: whether the cushion part of a legal shot was met. When the ball hit first was
// declared frozen before the shot, its own cushion does not count; the shot needs the cue ball on
// a cushion (b), the frozen ball on another cushion (c), another ball on a cushion (d), or the
// frozen ball back on its cushion after hitting another ball (e). (a), pocketing it, is the caller's.
// A17: any declared frozen ball pressed into its own cushion by another ball counts for nothing.
export function cushionRequirementMet(
  contacts: RailContact[],
  firstContact: number | null,
  frozen: FrozenDeclaration[],
  otherCushion: FrozenOtherCushion,
): { met: boolean; frozenApplied: boolean } {
  const declaredFirst = frozen.some((f) => f.ball === firstContact);
  const counts = (c: RailContact): boolean => {
    const declared = frozen.find((f) => f.ball === c.ball);
    if (c.ball === CUE_BALL || !declared) return true;
    if (c.kind === 'RETURNED_AFTER_HITTING_BALL') return true;
    if (c.ball !== firstContact) return !ownCushion(c, declared);
    if (!c.cushion || c.cushion === declared.cushion) return false;
    return otherCushion === 'ANY_OTHER_CUSHION' || RAIL[c.cushion] !== RAIL[declared.cushion];
  };
  const met = contacts.some(counts);
  const pressed = contacts.some((c) => c.ball !== firstContact && !counts(c));
  return { met, frozenApplied: declaredFirst || (!met && pressed) };
}

// A frozen ball's contact with the cushion it was declared frozen to (recorded as pressed into it,
// or naming that cushion) without having left it (G1.36 e is RETURNED_AFTER_HITTING_BALL).
function ownCushion(c: RailContact, declared: FrozenDeclaration): boolean {
  return c.kind === 'PRESSED_INTO_OWN_CUSHION' || c.cushion === declared.cushion;
}

// A9: why an uncalled shot the record attests obvious still does not count: a bank or a kick
// (not a direct shot), or a combination (the ball hit first did not drop); null when it counts or
// was not attested.
export type NotObvious = 'BANK_OR_KICK' | 'COMBINATION';

export function notObvious(
  facts: Pick<
    ShotFacts,
    | 'callObvious'
    | 'firstContact'
    | 'pocketed'
    | 'railContactsBeforeFirstContact'
    | 'railContactsAfterFirstContact'
  >,
): NotObvious | null {
  if (!facts.callObvious) return null;
  if (!directShot(facts)) return 'BANK_OR_KICK';
  return facts.pocketed.some((p) => p.ball === facts.firstContact) ? null : 'COMBINATION';
}

// A9: only a direct shot can be obvious. Never a kick (the cue ball reaching a cushion before its
// first contact), a bank (the ball hit first reaching a cushion before it drops; a declared frozen
// ball pressed into its own cushion is still shot straight, G1.36) or a combination (the caller
// checks that the ball hit first dropped).
export function directShot(
  facts: Pick<
    ShotFacts,
    'firstContact' | 'railContactsBeforeFirstContact' | 'railContactsAfterFirstContact'
  >,
): boolean {
  const first = facts.firstContact;
  if (first === null || (facts.railContactsBeforeFirstContact ?? []).length > 0) return false;
  return !facts.railContactsAfterFirstContact.some(
    (c) => c.ball === first && c.kind !== 'PRESSED_INTO_OWN_CUSHION',
  );
}
