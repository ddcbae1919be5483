import type { WriteContext } from './write-context';

// Which matches this writer may touch (see src/kernel/auth/policy.ts): any, only those it is
// assigned to as an official (scorer or referee), or only those it plays in.
export type MatchAccess =
  | { scope: 'ANY' }
  | { scope: 'ASSIGNED'; duty: 'SCORER' | 'REFEREE' }
  // A device enrolled by the desk for this match (or for the table it was pushed to).
  | { scope: 'BOUND'; duty: 'SCORER' | 'REFEREE'; matchId: string }
  | { scope: 'OWN_MATCH' };

// Who is writing, from where, and which client command this is (see WriteContext), with what
// this writer may touch. Built per request by the API from the verified bearer token.
export interface CommandContext extends WriteContext {
  access: MatchAccess;
}
