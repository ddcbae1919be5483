import { GraphQLSchemaHost } from '@nestjs/graphql';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import { randomUUID } from 'node:crypto';
import { MUTATION_POLICY } from '../../src/kernel/auth/policy';
import { LedgerClient } from '../support/ledger-client';
import { bearer, removeDir, startServer, type TestServer } from '../support/server';

// Every Mutation field of the generated schema, sent by every kind of caller over HTTP. The
// expected matrix is written out here on purpose: a new mutation fails this suite until it has a
// policy entry (src/kernel/auth/policy.ts) and a row below.
const EXPECTED_ALLOWED: Record<string, string[]> = {
  scheduleMatch: ['ADMIN', 'RECORD_KEEPER'],
  assignOfficials: ['ADMIN', 'RECORD_KEEPER'],
  decideBreakOrder: ['ADMIN', 'SCORER', 'REFEREE'],
  chooseOption: ['ADMIN', 'SCORER', 'REFEREE'],
  placeCueBall: ['ADMIN', 'SCORER'],
  callShot: ['ADMIN', 'SCORER'],
  declareFrozenBall: ['ADMIN', 'SCORER', 'REFEREE'],
  recordShot: ['ADMIN', 'SCORER'],
  recordRefereeRuling: ['ADMIN', 'REFEREE'],
  recordLayout: ['ADMIN', 'SCORER', 'REFEREE', 'PLAYER'],
  correctShot: ['ADMIN', 'SCORER', 'REFEREE'],
  recordGameResult: ['ADMIN', 'SCORER', 'REFEREE', 'RECORD_KEEPER'],
  correctGameResult: ['ADMIN', 'SCORER', 'REFEREE', 'RECORD_KEEPER'],
  fileAppeal: ['PLAYER'],
  withdrawAppeal: ['PLAYER'],
  requestAppealReview: ['PLAYER'],
  decideAppeal: ['APPEALS_COMMITTEE'],
  reviewAppealDecision: ['APPEALS_REVIEW'],
  attachAppealEvidence: ['REFEREE', 'APPEALS_COMMITTEE', 'PLAYER'],
  signOffMatch: ['PLAYER', 'REFEREE'],
  registerWebhook: ['ADMIN'],
  removeWebhook: ['ADMIN'],
  replayWebhook: ['ADMIN'],
  registerPlayer: ['ADMIN', 'RECORD_KEEPER'],
  updatePlayer: ['ADMIN', 'RECORD_KEEPER'],
  createCompetition: ['ADMIN', 'RECORD_KEEPER'],
  updateCompetition: ['ADMIN', 'RECORD_KEEPER'],
  assignCommittee: ['ADMIN'],
  importResults: ['ADMIN', 'RECORD_KEEPER'],
  issueEnrolment: ['ADMIN', 'RECORD_KEEPER'],
  revokeEnrolment: ['ADMIN', 'RECORD_KEEPER'],
  pushMatchToTable: ['ADMIN', 'RECORD_KEEPER'],
  // Public: the one-time code is the credential (PUBLIC_MUTATIONS).
  redeemEnrolment: [],
  revokeToken: ['ADMIN'],
};
const PUBLIC = ['redeemEnrolment'];

interface Caller {
  name: string;
  role: string | null;
  headers: Record<string, string>;
  // Scorers and referees not assigned to the match: their role passes, the match refuses them.
  unassigned?: boolean;
}

const CALLERS: Caller[] = [
  { name: 'admin', role: 'ADMIN', headers: bearer('ADMIN', 'admin-1') },
  { name: 'assigned scorer', role: 'SCORER', headers: bearer('SCORER', 'scorer-1') },
  {
    name: 'unassigned scorer',
    role: 'SCORER',
    headers: bearer('SCORER', 'scorer-9'),
    unassigned: true,
  },
  { name: 'assigned referee', role: 'REFEREE', headers: bearer('REFEREE', 'referee-1') },
  {
    name: 'unassigned referee',
    role: 'REFEREE',
    headers: bearer('REFEREE', 'referee-9'),
    unassigned: true,
  },
  {
    name: 'appeals committee',
    role: 'APPEALS_COMMITTEE',
    headers: bearer('APPEALS_COMMITTEE', 'ac-1'),
  },
  { name: 'review panel', role: 'APPEALS_REVIEW', headers: bearer('APPEALS_REVIEW', 'rv-1') },
  { name: 'player of the match', role: 'PLAYER', headers: bearer('PLAYER', 'ana') },
  { name: 'record-keeper', role: 'RECORD_KEEPER', headers: bearer('RECORD_KEEPER', 'rk-1') },
  { name: 'anonymous', role: null, headers: {} },
  {
    name: 'forged token',
    role: null,
    headers: { authorization: `Bearer ${bearer('ADMIN', 'x').authorization.slice(7, -4)}AAAA` },
  },
];

// A value the schema accepts for a required argument, so the request reaches the guard.
function sample(
  type: GraphQLInputType,
  field: string,
  ctx: { matchId: string; revision: number },
): unknown {
  if (isNonNullType(type)) return sample(type.ofType, field, ctx);
  if (isListType(type)) return [];
  const named = getNamedType(type);
  if (isEnumType(named)) return named.getValues()[0].value;
  if (isInputObjectType(named)) {
    const out: Record<string, unknown> = {};
    for (const f of Object.values(named.getFields())) {
      if (isNonNullType(f.type) && f.defaultValue === undefined)
        out[f.name] = sample(f.type, f.name, ctx);
    }
    return out;
  }
  if (isScalarType(named)) {
    if (field === 'matchId') return ctx.matchId;
    if (field === 'commandId') return randomUUID();
    if (field === 'expectedRevision') return ctx.revision;
    if (named.name === 'Int') return 1;
    if (named.name === 'Boolean') return false;
    if (named.name === 'String') return 'ana';
  }
  throw new Error(`No sample for ${field}: ${String(type)}`);
}

function operation(
  schema: GraphQLSchema,
  name: string,
  ctx: { matchId: string; revision: number },
) {
  const field = schema.getMutationType()!.getFields()[name];
  const args = field.args.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
  const pass = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
  const variables = Object.fromEntries(
    field.args.map((a) => [a.name, sample(a.type, a.name, ctx)]),
  );
  return { query: `mutation(${args}) { ${name}(${pass}) { __typename } }`, variables };
}

describe('authorisation: every mutation against every role', () => {
  let server: TestServer;
  let admin: LedgerClient;
  let schema: GraphQLSchema;
  beforeAll(async () => {
    server = await startServer();
    admin = new LedgerClient(server, 'ADMIN', 'admin-1');
    schema = server.app.get(GraphQLSchemaHost).schema;
  });
  afterAll(async () => {
    await server.close();
    removeDir(server.dataDir);
  });

  // A fresh match for each attempt, with scorer-1 and referee-1 assigned; ana and bruno play.
  async function freshMatch(): Promise<{ matchId: string; revision: number }> {
    const s = await admin.scheduleMatch({
      raceTo: 1,
      players: [
        { id: 'ana', name: 'Ana' },
        { id: 'bruno', name: 'Bruno' },
      ],
    });
    const a = await admin.assignOfficials({
      matchId: s.matchId,
      scorers: ['scorer-1'],
      referees: ['referee-1'],
    });
    return { matchId: s.matchId, revision: a.revision };
  }

  it('every Mutation field of the schema has a policy entry and an expected row (and no stale ones)', () => {
    const fields = Object.keys(schema.getMutationType()!.getFields()).sort();
    expect(Object.keys(MUTATION_POLICY).sort()).toEqual(fields);
    expect(Object.keys(EXPECTED_ALLOWED).sort()).toEqual(fields);
    for (const [mutation, roles] of Object.entries(EXPECTED_ALLOWED))
      expect([
        mutation,
        Object.keys(MUTATION_POLICY[mutation as keyof typeof MUTATION_POLICY]).sort(),
      ]).toEqual([mutation, [...roles].sort()]);
  });

  const matrix: [string, string, Caller][] = Object.keys(EXPECTED_ALLOWED).flatMap((m) =>
    CALLERS.map((c): [string, string, Caller] => [m, c.name, c]),
  );

  it.each(matrix)('%s by %s', async (mutation, _name, caller) => {
    const ctx = await freshMatch();
    const { query, variables } = operation(schema, mutation, ctx);
    const res = await server.gql(query, variables, caller.headers);
    const code = res.errors?.[0]?.extensions?.code as string | undefined;
    const allowed = caller.role !== null && EXPECTED_ALLOWED[mutation].includes(caller.role);
    if (PUBLIC.includes(mutation)) {
      // Anyone may try a code; a token that does not verify is still refused.
      if (caller.name === 'forged token') expect(code).toBe('UNAUTHENTICATED');
      else expect(code).toBe('ENROLMENT_CODE_UNKNOWN');
    } else if (caller.role === null) expect(code).toBe('UNAUTHENTICATED');
    else if (!allowed || (caller.unassigned && mutation !== 'scheduleMatch'))
      expect(code).toBe('FORBIDDEN');
    else expect(['UNAUTHENTICATED', 'FORBIDDEN']).not.toContain(code);
    if (code === 'UNAUTHENTICATED' || code === 'FORBIDDEN') {
      // A refusal writes nothing.
      expect((await admin.match(ctx.matchId)).revision).toBe(ctx.revision);
    }
  });

  it('records the token subject and role as the writer, whatever headers claim', async () => {
    const ctx = await freshMatch();
    const res = await server.gql(
      `mutation($i: DecideBreakOrderInput!) { decideBreakOrder(input: $i) { events { metadata { recordedBy role } } } }`,
      {
        i: {
          matchId: ctx.matchId,
          expectedRevision: ctx.revision,
          commandId: randomUUID(),
          method: 'LAG',
          winner: 'ana',
        },
      },
      { ...bearer('SCORER', 'scorer-1'), 'x-actor': 'admin-1', 'x-actor-role': 'ADMIN' },
    );
    expect(res.data?.decideBreakOrder.events[0].metadata).toEqual({
      recordedBy: 'scorer-1',
      role: 'SCORER',
    });
  });

  it('reads are public: anonymous callers can query results', async () => {
    const ctx = await freshMatch();
    const res = await server.gql(
      `query($id: String!) { match(id: $id) { id revision officials { scorers } } }`,
      { id: ctx.matchId },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.match).toEqual({
      id: ctx.matchId,
      revision: ctx.revision,
      officials: { scorers: ['scorer-1'] },
    });
  });

  it('an expired token is refused with UNAUTHENTICATED, reads included', async () => {
    const { testTokens } = await import('../support/server');
    const expired = testTokens.issue('ADMIN', 'admin-1', -10);
    const res = await server.gql(
      `{ matches { totalCount } }`,
      {},
      { authorization: `Bearer ${expired}` },
    );
    expect(res.errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(res.errors?.[0].message).toMatch(/expired/);
  });
});
