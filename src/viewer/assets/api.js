// Reads through the public GraphQL API of the server that served the page (no token needed).
const ENDPOINT = '/graphql';

export async function gql(query, variables = {}) {
  const res = await fetch(ENDPOINT, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = await res.json();
  if (body.errors?.length) {
    const e = body.errors[0];
    throw new Error(`${e.extensions?.code ?? 'ERROR'}: ${e.message}`);
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
  appeals { id by againstRevision gameNumber grounds proposal status decidedBy remedy reason }
  ${STATE}`;

export const EVENT = `type revision position gameNumber explanation explanationPt supersededBy data
  metadata { recordedBy role recordedAt occurredAt engineVersion ruleProfile }
  ruling { ${RULING} }`;

export function loadMatch(id) {
  return gql(`query($id: String!) { match(id: $id) { ${MATCH} } }`, { id }).then((d) => d.match);
}

export function loadHistory(matchId) {
  return gql(`query($m: String!) { matchHistory(matchId: $m) { ${EVENT} } }`, {
    m: matchId,
  }).then((d) => d.matchHistory);
}

// The match as it stood right after one event, replayed by the server's engine.
export function loadStateAt(matchId, revision) {
  return gql(`query($m: String!, $r: Int!) { matchAt(matchId: $m, revision: $r) { ${STATE} } }`, {
    m: matchId,
    r: revision,
  }).then((d) => d.matchAt);
}

export function loadPreview(matchId, appealId) {
  return gql(
    `query($i: AppealPreviewInput!) { appealPreview(input: $i) {
      appealId againstRevision remedy status closedAt streamRevision supersedes
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
