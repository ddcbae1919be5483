import type { ActorRole } from '../domain';

// What the runtime needs of a write's context (the API's CommandContext is one): who writes,
// which client command this is, and the revision the client saw.
export interface WriteContext {
  actor: string;
  role: ActorRole;
  origin: string | null;
  commandId: string;
  correlationId: string;
  causationId: string | null;
  occurredAt: string | null;
  expectedRevision: number | null;
}
