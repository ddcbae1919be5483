import type { ActorRole } from '../../domain';

// Who may do what: the one table every mutation is checked against (deny by default).
//
// A role maps to a scope:
//   ANY        any match (admin)
//   ASSIGNED   only matches the token's subject is assigned to in that role (OfficialsAssigned:
//              a SCORER must be among the match's scorers, a REFEREE among its referees)
//   OWN_MATCH  only matches the token's subject plays in (player id = token subject)
// A mutation missing from this table is refused to everyone, and a test that reads every Mutation
// field of the generated schema fails until it is listed here.

export const TOKEN_ROLES = [
  'ADMIN',
  'SCORER',
  'REFEREE',
  'APPEALS_COMMITTEE',
  'APPEALS_REVIEW',
  'PLAYER',
  'RECORD_KEEPER',
] as const;
export type TokenRole = (typeof TOKEN_ROLES)[number] & ActorRole;

export type Scope = 'ANY' | 'ASSIGNED' | 'OWN_MATCH';
export type MutationPolicy = Partial<Record<TokenRole, Scope>>;

const TABLE_OFFICIALS: MutationPolicy = { ADMIN: 'ANY', SCORER: 'ASSIGNED', REFEREE: 'ASSIGNED' };
const SCORER_ONLY: MutationPolicy = { ADMIN: 'ANY', SCORER: 'ASSIGNED' };
const RECORDS: MutationPolicy = { ADMIN: 'ANY', RECORD_KEEPER: 'ANY' };

export const MUTATION_POLICY = {
  // The tournament desk (a record-keeper) schedules the night's matches and staffs the tables.
  scheduleMatch: RECORDS,
  assignOfficials: RECORDS,
  // The toss or lag and the choices it gives are recorded by whoever officiates the table.
  decideBreakOrder: TABLE_OFFICIALS,
  chooseOption: TABLE_OFFICIALS,
  placeCueBall: SCORER_ONLY,
  callShot: SCORER_ONLY,
  // G1.36: the declaration is made to the referee, or recorded by the scorer without one.
  declareFrozenBall: TABLE_OFFICIALS,
  recordShot: SCORER_ONLY,
  // Warnings, stalemates, outside interference and restorations.
  recordRefereeRuling: { ADMIN: 'ANY', REFEREE: 'ASSIGNED' },
  // Officials record layouts; a player only proposes one for their own appeal (the domain checks).
  recordLayout: { ...TABLE_OFFICIALS, PLAYER: 'OWN_MATCH' },
  // Corrections: a scorer's mistake is corrected by whoever records at the table.
  correctShot: TABLE_OFFICIALS,
  // A game recorded as its result, and its correction: the table's officials, or the
  // federation's record keeper entering a results sheet.
  recordGameResult: { ...TABLE_OFFICIALS, RECORD_KEEPER: 'ANY' },
  correctGameResult: { ...TABLE_OFFICIALS, RECORD_KEEPER: 'ANY' },
  // Appeals are filed and withdrawn by a player of the match (withdrawn only by the appellant:
  // NOT_THE_APPELLANT), decided by the committee (a member who plays in or officiates the match,
  // or recorded or officiated what the appeal concerns, is refused: RECUSED).
  fileAppeal: { PLAYER: 'OWN_MATCH' },
  withdrawAppeal: { PLAYER: 'OWN_MATCH' },
  decideAppeal: { APPEALS_COMMITTEE: 'ANY' },
  // A committee decision is final except to its review, by a review panel of its own role (the
  // decider and anyone involved are refused: RECUSED).
  reviewAppealDecision: { APPEALS_REVIEW: 'ANY' },
  // Either party may ask for that review, within the window.
  requestAppealReview: { PLAYER: 'OWN_MATCH' },
  // Evidence by reference for a pending appeal: the players, the match's referee and the
  // committee (a former referee's statement is taken by the committee, in its hearing notes).
  attachAppealEvidence: { PLAYER: 'OWN_MATCH', REFEREE: 'ASSIGNED', APPEALS_COMMITTEE: 'ANY' },
  // Each player signs, or the referee signs for the table.
  signOffMatch: { PLAYER: 'OWN_MATCH', REFEREE: 'ASSIGNED' },
  // Webhook endpoints and replays: the federation's administrators.
  registerWebhook: { ADMIN: 'ANY' },
  removeWebhook: { ADMIN: 'ANY' },
  replayWebhook: { ADMIN: 'ANY' },
  // The registry: the federation's record-keeper (or an admin) keeps players and competitions;
  // who sits on a competition's appeals committee is the admin's call alone.
  registerPlayer: RECORDS,
  updatePlayer: RECORDS,
  createCompetition: RECORDS,
  updateCompetition: RECORDS,
  assignCommittee: { ADMIN: 'ANY' },
  // Past results from a federation's files: its record keeper (or an admin).
  importResults: RECORDS,
  // Devices: the desk enrols tablets (one-time codes), revokes them and pushes matches to tables;
  // the code itself is the credential of the exchange (PUBLIC_MUTATIONS).
  issueEnrolment: RECORDS,
  revokeEnrolment: RECORDS,
  pushMatchToTable: RECORDS,
  redeemEnrolment: {},
  // Token revocations: the administrators (the CLI's `token revoke` does the same).
  revokeToken: { ADMIN: 'ANY' },
} as const satisfies Record<string, MutationPolicy>;

export type MutationName = keyof typeof MUTATION_POLICY;

// A device token enrolled for one match, or for one table (whichever match the desk pushed to it):
// it may write there only, and needs no assignment (the desk's enrolment is the assignment).
export interface Binding {
  matchId: string | null;
  tableId: string | null;
}

export interface Principal {
  subject: string;
  role: TokenRole;
  binding?: Binding;
}

export type Decision =
  | { allowed: true; scope: Scope }
  | { allowed: false; reason: 'UNAUTHENTICATED' | 'FORBIDDEN'; message: string };

export function isMutationName(name: string): name is MutationName {
  return Object.prototype.hasOwnProperty.call(MUTATION_POLICY, name);
}

// Writes that need no token: exchanging a one-time enrolment code for one (the code is 128 random
// bits, used once, and lives minutes).
export const PUBLIC_MUTATIONS: readonly MutationName[] = ['redeemEnrolment'];

// Reads are public (anonymous included); every write needs a token whose role the table allows.
export function authorize(mutation: string, principal: Principal | null): Decision {
  if (!isMutationName(mutation))
    return { allowed: false, reason: 'FORBIDDEN', message: `${mutation} has no access policy` };
  if (PUBLIC_MUTATIONS.includes(mutation)) return { allowed: true, scope: 'ANY' };
  if (principal === null)
    return {
      allowed: false,
      reason: 'UNAUTHENTICATED',
      message: `${mutation} needs a bearer token (Authorization: Bearer …)`,
    };
  const policy: MutationPolicy = MUTATION_POLICY[mutation];
  const scope = policy[principal.role];
  if (scope === undefined)
    return {
      allowed: false,
      reason: 'FORBIDDEN',
      message: `The ${principal.role} role may not ${mutation}`,
    };
  return { allowed: true, scope };
}

// Reads are public except those that scan the whole ledger (verifyLedger, a ledger-wide
// readjudicate): they cost seconds of work, so only these roles may ask for them.
export const LEDGER_SCAN_ROLES: readonly TokenRole[] = ['ADMIN', 'APPEALS_COMMITTEE'];

export function authorizeLedgerScan(query: string, principal: Principal | null): Decision {
  if (principal === null)
    return {
      allowed: false,
      reason: 'UNAUTHENTICATED',
      message: `${query} scans the whole ledger and needs an ADMIN or APPEALS_COMMITTEE token`,
    };
  if (!LEDGER_SCAN_ROLES.includes(principal.role))
    return {
      allowed: false,
      reason: 'FORBIDDEN',
      message: `The ${principal.role} role may not ${query} the whole ledger`,
    };
  return { allowed: true, scope: 'ANY' };
}
