// Stored beside every event: who recorded it, in which role, when and from where, and which
// command caused it. Rulings also carry the profile and engine version inside their data.

export const ACTOR_ROLES = [
  'ADMIN',
  'SCORER',
  'REFEREE',
  'APPEALS_COMMITTEE',
  // Reviews committee decisions (the one path that may supersede one).
  'APPEALS_REVIEW',
  'PLAYER',
  // The federation's record-keeper: players and competitions (the registry).
  'RECORD_KEEPER',
  'SYSTEM',
] as const;
export type ActorRole = (typeof ACTOR_ROLES)[number];

export interface EventMetadata {
  recordedBy: string;
  role: ActorRole;
  recordedAt: string;
  occurredAt: string;
  origin: string | null;
  commandId: string;
  correlationId: string;
  causationId: string | null;
  engineVersion: string;
  ruleProfile: string | null;
}
