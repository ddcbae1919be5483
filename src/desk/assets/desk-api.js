import { DESK_ITEM as ITEM } from './board-view.js';
import { deskCredential } from './credential.js';
import { gql } from './gql.js';

// Everything the desk reads, in one request: today's board, the day's enrolments, the tables.
export const ENROLMENT = `id kind role subject matchId tableId label status issuedBy issuedAt
  codeExpiresAt enrolledAt tokenExpiresAt revokedAt`;
const DESK = `query($d: String) {
  board(day: $d, first: 40) { playing { ${ITEM} } upcoming { ${ITEM} } finished { ${ITEM} } }
  enrolments { ${ENROLMENT} }
  tablePushes { tableId matchId pushedAt } }`;
export const LIVE = `subscription { boardUpdated { cursor item { ${ITEM} } } }`;

export const today = () => new Date().toISOString().slice(0, 10);
const token = () => deskCredential()?.token ?? null;
export const call = (query, variables) => gql(query, variables, token());

export const loadDesk = () => call(DESK, { d: today() });

export const loadRegistry = () =>
  call(`{ players(first: 200) { edges { node { licenceId displayName } } }
    competitions(first: 200) { edges { node { id name discipline } } } }`);

export const scheduleMatch = (input) =>
  call(`mutation($i: ScheduleMatchInput!) { scheduleMatch(input: $i) { matchId revision } }`, {
    i: { commandId: crypto.randomUUID(), ...input },
  });

export const assignOfficials = (matchId, expectedRevision, scorers, referees) =>
  call(`mutation($i: AssignOfficialsInput!) { assignOfficials(input: $i) { matchId revision } }`, {
    i: { commandId: crypto.randomUUID(), matchId, expectedRevision, scorers, referees },
  });

export const pushMatch = (tableId, matchId) =>
  call(
    `mutation($i: PushMatchInput!) { pushMatchToTable(input: $i) { tableId matchId pushedAt } }`,
    { i: { tableId, matchId } },
  );

export const issueEnrolment = (input) =>
  call(
    `mutation($i: IssueEnrolmentInput!) { issueEnrolment(input: $i) {
      link qrSvg expiresAt enrolment { ${ENROLMENT} } } }`,
    { i: input },
  ).then((d) => d.issueEnrolment);

export const revokeEnrolment = (id) =>
  call(`mutation($id: String!) { revokeEnrolment(id: $id) { ${ENROLMENT} } }`, { id });

export const recordGameResult = (matchId, expectedRevision, input) =>
  call(
    `mutation($i: RecordGameResultInput!) { recordGameResult(input: $i) { matchId revision } }`,
    {
      i: { commandId: crypto.randomUUID(), matchId, expectedRevision, ...input },
    },
  );
