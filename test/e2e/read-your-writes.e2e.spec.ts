import { randomUUID } from 'node:crypto';
import { MatchProjector } from '../../src/projections/match-projector';
import { bearer } from '../support/server';
import { twoReplicas } from '../support/two-replicas';

const SCHEDULE = `mutation($input: ScheduleMatchInput!) { scheduleMatch(input: $input) { matchId revision position } }`;
const MATCH = `query($id: String!) { match(id: $id) { id revision } }`;
const PINNED = `query($id: String!, $at: String!) @atLeastPosition(position: $at) { match(id: $id) { id revision } }`;
const PLAYERS = [
  { id: 'ana', name: 'Ana' },
  { id: 'bruno', name: 'Bruno' },
];

async function gql(url: string, query: string, variables: object, headers: object = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...bearer('ADMIN', 'admin-1'), ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return {
    status: res.status,
    headers: res.headers,
    body: (await res.json()) as Record<string, any>,
  };
}

// Read-your-writes across replicas, over HTTP: two API replicas over one wire-level KurrentDB.
// Replica 2's live tail is stopped, so it lags the ledger until a query asks it to catch up.
describe('read-your-writes: a write acknowledged by one replica, read on another', () => {
  const replicas = twoReplicas({ LEDGER_READ_WAIT_MS: '300' });
  beforeAll(() => replicas.two.app.get(MatchProjector).stopFollowing());

  async function schedule() {
    const input = { commandId: randomUUID(), raceTo: 2, players: PLAYERS };
    const res = await gql(replicas.one.url, SCHEDULE, { input });
    expect(res.body.errors).toBeUndefined();
    return res;
  }

  it("a write's response carries its position: the field, X-Ledger-Position and extensions.ledgerPosition", async () => {
    const res = await schedule();
    const position = res.body.data.scheduleMatch.position as string;
    expect(position).toMatch(/^\d+$/);
    expect(res.headers.get('x-ledger-position')).toBe(position);
    expect(res.body.extensions.ledgerPosition).toBe(position);
    // A query appends nothing: no position.
    const read = await gql(replicas.one.url, MATCH, { id: res.body.data.scheduleMatch.matchId });
    expect(read.headers.get('x-ledger-position')).toBeNull();
  });

  it('a lagging replica answers with the write once asked for its position (header or directive)', async () => {
    const { two } = replicas;
    const res = await schedule();
    const { matchId, position } = res.body.data.scheduleMatch;
    // Without the position, replica 2 has not seen the match yet.
    const plain = await gql(two.url, MATCH, { id: matchId });
    expect(plain.body.errors?.[0].extensions.code).toBe('NOT_FOUND');
    const byHeader = await gql(
      two.url,
      MATCH,
      { id: matchId },
      { 'x-ledger-min-position': position },
    );
    expect(byHeader.body.errors).toBeUndefined();
    expect(byHeader.body.data.match).toEqual({ id: matchId, revision: 0 });

    const next = (await schedule()).body.data.scheduleMatch;
    const byDirective = await gql(two.url, PINNED, { id: next.matchId, at: next.position });
    expect(byDirective.body.errors).toBeUndefined();
    expect(byDirective.body.data.match.id).toBe(next.matchId);
  });

  it('a position this replica does not reach in time is READ_MODEL_BEHIND with where it stands; a malformed one is BAD_USER_INPUT', async () => {
    const { two } = replicas;
    const res = await schedule();
    const { matchId, position } = res.body.data.scheduleMatch;
    const beyond = (BigInt(position) + (1n << 70n)).toString();
    const late = await gql(two.url, MATCH, { id: matchId }, { 'x-ledger-min-position': beyond });
    expect(late.status).toBe(503);
    expect(late.body.data).toBeUndefined();
    const error = late.body.errors[0];
    expect(error.extensions.code).toBe('READ_MODEL_BEHIND');
    // It caught up as far as the ledger goes meanwhile: the write's own position.
    expect(error.extensions.position).toBe(position);
    expect(error.extensions.wanted).toBe(beyond);

    const bad = await gql(two.url, MATCH, { id: matchId }, { 'x-ledger-min-position': 'soon' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });
});
