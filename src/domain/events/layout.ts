import type { RuleId } from '../rules/ruling';
import type { Layout } from '../table/layout';
import type { BallInHand, Cushion, HeadStringPosition, PlacementZone } from '../table/vocabulary';

// A layout as a fact: where the balls lay at one moment, recorded by a referee or scorer (who and
// when: the event's metadata), attached to the fact recorded with it in the same write (the next
// event), or on its own. Never required; never changes play, so a re-derivation keeps it.

export const LAYOUT_ATTACHMENTS = ['SHOT', 'PLACEMENT', 'FROZEN_BALL', 'RULING', 'NONE'] as const;
export type LayoutAttachment = (typeof LAYOUT_ATTACHMENTS)[number];

// The facts a layout was checked against: those in force at its moment, and those recorded with it.
export interface LayoutContext {
  ballInHand: BallInHand;
  placement: PlacementZone | null;
  frozen: { ball: number; cushion: Cushion }[];
  firstContact: { ball: number; position: HeadStringPosition } | null;
}

export const LAYOUT_FINDINGS = [
  'FROZEN_NOT_TOUCHING',
  'PLACED_BEYOND_HEAD_STRING',
  'PLACEMENT_ZONE_DIFFERS',
  'OBJECT_BALL_ON_HEAD_STRING',
  'FIRST_CONTACT_POSITION_DIFFERS',
] as const;
export type LayoutFinding = (typeof LAYOUT_FINDINGS)[number];

// What the layout says about a recorded fact, with the rule; the shot's ruling itself is unchanged.
export interface LayoutCheck {
  finding: LayoutFinding;
  ball: number;
  rule: RuleId;
  explanation: string;
  explanationPt: string;
}

export interface LayoutRecorded {
  type: 'LayoutRecorded';
  version: 1;
  data: {
    layout: Layout;
    attachedTo: LayoutAttachment;
    // The game and the shot about to be played (the moment); null between games.
    gameNumber: number | null;
    shotNumber: number | null;
    context: LayoutContext;
    checks: LayoutCheck[];
    // A cited correction of an earlier layout (its revision), which it supersedes.
    corrects?: { revision: number; reason: string };
    // An appellant's proposed layout for the event their appeal disputes.
    proposedFor?: { appealId: string; againstRevision: number };
  };
}
