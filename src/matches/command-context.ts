import type { ActorRole } from '../domain';

// Which matches this writer may touch (see src/api/auth/policy.ts): any, only those it is
// assigned to as an official (scorer or referee), or only those it plays in.
export type MatchAccess =
  | { scope: 'ANY' }
  | { scope: 'ASSIGNED'; duty: 'SCORER' | 'REFEREE' }
  // A device enrolled by the desk for this match (or for the table it was pushed to).
  | { scope: 'BOUND'; duty: 'SCORER' | 'REFEREE'; matchId: string }
  | { scope: 'OWN_MATCH' };

// Who is writing, from where, and which client command this is. Built per request by the API
// from the verified bearer token.
export interface CommandContext {
  actor: string;
  role: ActorRole;
  access: MatchAccess;
  origin: string | null;
  // The client's id for this command: a retry with the same id returns the first result.
  commandId: string;
  correlationId: string;
  causationId: string | null;
  // When the fact happened at the table, if the client says so; otherwise when it was recorded.
  occurredAt: string | null;
  // The stream revision the client saw; a stale one is a CONFLICT, never a silent overwrite.
  expectedRevision: number | null;
}
