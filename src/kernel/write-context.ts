import type { ActorRole } from '../domain';

// What the runtime needs of a write's context (the API's CommandContext adds who may write where).
export interface WriteContext {
  actor: string;
  role: ActorRole;
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
