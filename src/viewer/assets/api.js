// Reads through the public GraphQL API of the server that served the page (no token needed).
const ENDPOINT = '/graphql';

// A refusal or failure, kept as its code for the page to put in words, with the seconds to wait
// before retrying when the server says (Retry-After).
export class ApiError extends Error {
  constructor(code, message, retryAfter = null) {
    super(message);
    this.code = code;
    this.retryAfter = retryAfter;
  }
}

export async function gql(query, variables = {}) {
  let res;
  try {
    res = await fetch(ENDPOINT, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
  } catch (e) {
    throw new ApiError('NETWORK', e.message);
  }
  const wait = Number(res.headers.get('retry-after'));
  const retryAfter = Number.isFinite(wait) && wait > 0 ? wait : null;
  let body;
  try {
    body = await res.json();
  } catch {
    const code = res.status === 429 ? 'RATE_LIMITED' : res.status === 503 ? 'UNAVAILABLE' : 'ERROR';
    throw new ApiError(code, `HTTP ${res.status}`, retryAfter);
  }
  if (body.errors?.length) {
    const e = body.errors[0];
    throw new ApiError(e.extensions?.code ?? 'ERROR', e.message, retryAfter);
  }
  return body.data;
}

export const STATE = `status winner revision players { id name score warnings }
  pendingChoice { kind player options rule }
  currentGame { number rack breaker shooter ballInHand cueBallPlacement isBreakShot status winner
    ballsOnTable pocketed groups { player group } call { ball pocket safety pushOut } }`;

const RULING = `shooter rules foul penalty turn nextShooter ballInHand legallyPocketed spotted
  explanation explanationPt consecutiveFoulsAfter
  appliedFoul { kind rule penalty }
  fouls { kind rule penalty detail detailPt }
  gameResult { winner loser reason rule }`;

// The match as the pages show it, and each event as the timeline holds it (the live module asks
// for the same fields, so a live event and a loaded one look alike).
export const MATCH = `id competition discipline ruleProfile raceTo refereePresent final signatures
  breakOrder officials { scorers referees }
  games { number breaker winner loser reason rule shots }
  appeals { id by againstRevision gameNumber grounds proposal status decidedBy remedy reason reasonPt }
  ${STATE}`;

const LAYOUT = `table attachedTo gameNumber shotNumber correctsRevision proposedForAppeal
  balls { ball x y } checks { finding ball rule explanation explanationPt }`;

export const EVENT = `type revision position gameNumber explanation explanationPt supersededBy data
  metadata { recordedBy role recordedAt occurredAt engineVersion ruleProfile }
  layout { ${LAYOUT} }
  ruling { ${RULING} }`;

export function loadMatch(id) {
  return gql(`query($id: String!) { match(id: $id) { ${MATCH} } }`, { id }).then((d) => d.match);
}

export function loadHistory(matchId) {
  return gql(`query($m: String!) { matchHistory(matchId: $m) { ${EVENT} } }`, {
    m: matchId,
  }).then((d) => d.matchHistory);
}

// The match as it stood after each of `count` events from `from`, replayed by the server's
// engine: one request for a whole stretch of the timeline.
export function loadStates(matchId, from, count) {
  return gql(
    `query($m: String!, $f: Int!, $n: Int!) { matchStates(matchId: $m, fromRevision: $f, first: $n) { ${STATE} } }`,
    { m: matchId, f: from, n: count },
  ).then((d) => d.matchStates);
}

export function loadPreview(matchId, appealId) {
  return gql(
    `query($i: AppealPreviewInput!) { appealPreview(input: $i) {
      appealId againstRevision remedy status closedAt streamRevision supersedes
      forecloses { appealId explanation explanationPt }
      recorded { ${STATE} } amended { ${STATE} }
      recordedRuling { ${RULING} } ruling { ${RULING} } } }`,
    { i: { matchId, appealId } },
  ).then((d) => d.appealPreview);
}

// The hash of the match's last event, from the audit trail (pages of 200 in commit order).
export async function loadLastHash(matchId) {
  let after = null;
  let last = null;
  for (;;) {
    const d = await gql(
      `query($f: AuditFilterInput, $a: String) { auditTrail(filter: $f, first: 200, after: $a) {
        pageInfo { endCursor hasNextPage } edges { node { revision hash metadata { recordedAt } } } } }`,
      { f: { matchId }, a: after },
    );
    const page = d.auditTrail;
    if (page.edges.length) last = page.edges[page.edges.length - 1].node;
    if (!page.pageInfo.hasNextPage) return last;
    after = page.pageInfo.endCursor;
  }
}

// Every rule's text in English and Portuguese (G1.x in Portuguese: the federation's own text).
export async function loadRules() {
  return (await gql('{ rules { id en pt } }')).rules;
}
