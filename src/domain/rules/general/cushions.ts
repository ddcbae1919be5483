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
export function cushionRequirementMet(
  contacts: RailContact[],
  firstContact: number | null,
  frozen: FrozenDeclaration[],
  otherCushion: FrozenOtherCushion,
): { met: boolean; frozenApplied: boolean } {
  const declared = frozen.find((f) => f.ball === firstContact);
  if (!declared) return { met: contacts.length > 0, frozenApplied: false };
  const met = contacts.some((c) => {
    if (c.ball === CUE_BALL || c.ball !== declared.ball) return true;
    if (c.kind === 'RETURNED_AFTER_HITTING_BALL') return true;
    if (!c.cushion || c.cushion === declared.cushion) return false;
    return otherCushion === 'ANY_OTHER_CUSHION' || RAIL[c.cushion] !== RAIL[declared.cushion];
  });
  return { met, frozenApplied: true };
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
