import type { ActorRole } from '../domain';

// Who is writing, from where, and which client command this is. Built per request by the API.
export interface CommandContext {
  actor: string;
  role: ActorRole;
  origin: string | null;
  commandId: string;
  correlationId: string;
  causationId: string | null;
  // When the fact happened at the table, if the client says so; otherwise when it was recorded.
  occurredAt: string | null;
  // The stream revision the client saw; a stale one is a CONFLICT, never a silent overwrite.
  expectedRevision: number | null;
}
