import type { AppealWindowStart } from '../match/amendments/window';
import type { AppealFeeRule } from '../events/appeals';
import type { Discipline, RuleProfileId } from '../table/vocabulary';

// The federation's own records, each in a stream of its own (player-<licenceId>,
// competition-<id>). An edit is a new event of that stream: match events are never rewritten.

export interface PlayerFields {
  displayName: string;
  club: string | null;
  // ISO 3166-1 alpha-3 (e.g. PRT), or null when not declared.
  nationality: string | null;
}

export interface PlayerRegistered {
  type: 'PlayerRegistered';
  version: 1;
  data: { licenceId: string } & PlayerFields;
}

// The whole record after the edit, so folding it needs no merge logic.
export interface PlayerUpdated {
  type: 'PlayerUpdated';
  version: 1;
  data: { licenceId: string } & PlayerFields;
}

export interface Money {
  amount: number;
  currency: string;
}

export interface CompetitionFields {
  name: string;
  discipline: Discipline;
  ruleProfile: RuleProfileId;
  season: string;
  // ISO dates (YYYY-MM-DD).
  startsOn: string | null;
  endsOn: string | null;
  venue: string | null;
  // Appeals settings read by the committee (see CompetitionAppealPolicy).
  appealWindowMinutes: number;
  // What the window counts from (absent in records made before: SHOT, the disputed event).
  appealWindowStart?: AppealWindowStart;
  decisionDeadlineHours: number;
  appealFee: Money | null;
  // What becomes of a closed appeal's fee, and whether a withdrawn claim may be filed again
  // (absent in records made before these existed: REFUNDED_WHEN_ALLOWED, not allowed).
  appealFeeRule?: AppealFeeRule;
  appealRefileAfterWithdrawal?: boolean;
}

export interface CompetitionCreated {
  type: 'CompetitionCreated';
  version: 1;
  data: { competitionId: string } & CompetitionFields;
}

export interface CompetitionUpdated {
  type: 'CompetitionUpdated';
  version: 1;
  data: { competitionId: string } & CompetitionFields;
}

// The token subjects who may decide appeals in this competition, replaced as a whole each time.
export interface CommitteeAssigned {
  type: 'CommitteeAssigned';
  version: 1;
  data: { competitionId: string; members: string[] };
}

export type RegistryEvent =
  | PlayerRegistered
  | PlayerUpdated
  | CompetitionCreated
  | CompetitionUpdated
  | CommitteeAssigned;

export const REGISTRY_EVENT_TYPES = [
  'PlayerRegistered',
  'PlayerUpdated',
  'CompetitionCreated',
  'CompetitionUpdated',
  'CommitteeAssigned',
] as const satisfies readonly RegistryEvent['type'][];
