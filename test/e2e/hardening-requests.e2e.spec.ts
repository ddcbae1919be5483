import { Logger } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { getIntrospectionQuery } from 'graphql';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { TOKEN_ROLES } from '../../src/kernel/auth/policy';
import { LedgerClient } from '../support/ledger-client';
import {
  TEST_JWT_SECRET,
  bearer,
  removeDir,
  startServer,
  testEnv,
  testTokens,
  type TestServer,
} from '../support/server';
import { compiledEntry } from '../support/compiled-src';

const PLAYERS = [
  { id: 'ana', name: 'Ana' },
  { id: 'bruno', name: 'Bruno' },
];

// Who may send each mutation (validation answers only a caller the guard lets through).
const ROLE_OF: Record<string, string> = {
  attachAppealEvidence: 'PLAYER',
  reviewAppealDecision: 'APPEALS_REVIEW',
};

// Requests an attacker would send that the server once answered too generously.
describe('hardened request handling', () => {
  let server: TestServer;
  let admin: LedgerClient;
  beforeAll(async () => {
    server = await startServer(undefined, { LEDGER_GRAPHQL_INTROSPECTION: 'true' });
    admin = new LedgerClient(server, 'ADMIN', 'admin-1');
  });
  afterAll(async () => {
    await server.close();
    removeDir(server.dataDir);
  });

  it.each([
    ['a bidi override', 'Ana\u202Egnp.exe'],
    ['a control character', 'Ana\u0007'],
    ['a lone surrogate', 'Ana\uD800'],
    ['a zero-width joiner', 'A\u200Dna'],
    ['a line separator', 'Ana\u2028Bruno'],
    ['a noncharacter', 'Ana\uFFFF'],
    ['a private-use character', 'Ana\uE000'],
    ['nothing but a variation selector', '\uFE0F'],
    ['nothing but a Hangul filler', '\u3164'],
  ])('refuses a player name with %s (BAD_USER_INPUT)', async (_what, name) => {
    const res = await admin.attempt('scheduleMatch', 'ScheduleMatchInput', {
      raceTo: 3,
      players: [{ id: 'ana', name }, PLAYERS[1]],
    });
    expect(res.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(res.errors?.[0].extensions.fields)).toMatch(/players\.0\.name/);
  });

  it.each([
    [
      'registerPlayer',
      'RegisterPlayerInput',
      { licenceId: 'PT-9', displayName: 'Ana\u202Egnp.exe' },
      'displayName',
    ],
    [
      'registerPlayer',
      'RegisterPlayerInput',
      { licenceId: 'PT-9', displayName: 'Ana', club: 'Porto\u0007' },
      'club',
    ],
    [
      'registerPlayer',
      'RegisterPlayerInput',
      { licenceId: 'PT-9', displayName: '\u3164' },
      'displayName',
    ],
    [
      'registerPlayer',
      'RegisterPlayerInput',
      { licenceId: 'PT-9', displayName: 'Ana\uFFFF' },
      'displayName',
    ],
    [
      'createCompetition',
      'CreateCompetitionInput',
      { competitionId: 'c-9', name: 'Liga\u200D', discipline: 'NINE_BALL', season: '2026' },
      'name',
    ],
    [
      'attachAppealEvidence',
      'AttachAppealEvidenceInput',
      {
        matchId: 'm',
        expectedRevision: 0,
        appealId: 'A1',
        kind: 'STATEMENT',
        text: 'I saw\u202E it',
      },
      'text',
    ],
    [
      'reviewAppealDecision',
      'ReviewAppealDecisionInput',
      {
        matchId: 'm',
        expectedRevision: 0,
        appealId: 'A1',
        outcome: 'CONFIRMED',
        reason: 'ok\u0000',
      },
      'reason',
    ],
  ])(
    'refuses control and format characters in %s (BAD_USER_INPUT on %s)',
    async (mutation, type, input, field) => {
      const res = await server.gql(
        `mutation($i: ${type}!) { ${mutation}(input: $i) { __typename } }`,
        { i: { commandId: `plain-${mutation}-${field}`, ...input } },
        bearer(ROLE_OF[mutation] ?? 'ADMIN', 'someone'),
      );
      expect(res.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
      expect(JSON.stringify(res.errors?.[0].extensions.fields)).toContain(field);
    },
  );

  it('accepts names in any script, with accents and apostrophes', async () => {
    const s = await admin.scheduleMatch({
      raceTo: 3,
      players: [
        { id: 'zoe', name: 'Zoë O’Brien-Łukasiewicz' },
        { id: 'jun', name: '山田 太郎' },
      ],
      competition: 'Taça de Portugal 2026',
    });
    expect(s.match.players.map((p: { id: string }) => p.id)).toEqual(['zoe', 'jun']);
  });

  it('counts introspection toward the complexity limit', async () => {
    const full = await server.gql(getIntrospectionQuery());
    expect(full.errors).toBeUndefined();
    const aliases = Array.from({ length: 100 }, (_, i) => `s${i}: __schema { types { name } }`);
    const flood = await server.gql(`{ ${aliases.join(' ')} }`);
    expect(flood.status).toBe(400);
    expect(flood.errors?.[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
  });

  it('gives both revisions of a CONFLICT as numbers', async () => {
    const s = await admin.scheduleMatch({ raceTo: 3, players: PLAYERS });
    const stale = await admin.attempt('decideBreakOrder', 'DecideBreakOrderInput', {
      matchId: s.matchId,
      method: 'COIN_TOSS',
      winner: 'ana',
      expectedRevision: 5,
    });
    expect(stale.errors?.[0].extensions).toMatchObject({
      code: 'CONFLICT',
      expectedRevision: 5,
      actualRevision: s.revision,
    });
  });

  it('matches the Bearer scheme case-insensitively', async () => {
    const token = testTokens.issue('ADMIN', 'admin-1');
    for (const scheme of ['bearer', 'BEARER', 'Bearer'])
      expect(
        (
          await server.gql(
            '{ matches { totalCount } }',
            {},
            { authorization: `${scheme} ${token}` },
          )
        ).errors,
      ).toBeUndefined();
  });

  it('logs a refused token without the token itself', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn');
    const forged = `${bearer('ADMIN', 'x').authorization.slice(7, -4)}AAAA`;
    const res = await server.gql(
      '{ matches { totalCount } }',
      {},
      { authorization: `Bearer ${forged}` },
    );
    expect(res.errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    const lines = warn.mock.calls.map((c) => String(c[0]));
    warn.mockRestore();
    expect(lines.filter((l) => /authentication refused from .*not valid/.test(l))).toHaveLength(1);
    expect(lines.join('\n')).not.toContain(forged.split('.')[2]);
  });
});

// The free-text and name fields the first check missed (a match's venue, a shot's ballsOffTableDetail
// wherever shot facts are given, a decision's reasonPt) and the webhook fields of the same gap:
// each refuses control and format characters, and nothing is recorded.
describe('free text and names refuse control and format characters in every input', () => {
  let server: TestServer;
  let matchId = '';
  let shot = 0;
  const events = async () =>
    (await server.gql('{ verifyLedger { events } }', {}, bearer('ADMIN', 'admin-1'))).data!
      .verifyLedger.events as number;
  const revision = async () =>
    (await server.gql('query($id: String!) { match(id: $id) { revision } }', { id: matchId })).data!
      .match.revision as number;
  const webhooks = async () =>
    (await server.gql('{ webhooks { id } }', {}, bearer('ADMIN', 'admin-1'))).data!.webhooks
      .length as number;

  beforeAll(async () => {
    server = await startServer();
    const admin = new LedgerClient(server, 'ADMIN', 'admin-1');
    const scorer = new LedgerClient(server, 'SCORER', 'scorer-1');
    matchId = (await admin.scheduleMatch({ raceTo: 2, players: PLAYERS })).matchId;
    await admin.assignOfficials({ matchId, scorers: ['scorer-1'], referees: [] });
    await scorer.decideBreakOrder({ matchId, method: 'COIN_TOSS', winner: 'ana' });
    await scorer.chooseOption({ matchId, player: 'ana', option: 'BREAK' });
    const brk = await scorer.recordShot({
      matchId,
      shooter: 'ana',
      firstContact: 1,
      objectBallsDrivenToRail: 5,
      pocketed: [{ ball: 3, pocket: 'FR' }],
    });
    shot = brk.events.find((e: { type: string }) => e.type === 'ShotPlayed').revision;
    await new LedgerClient(server, 'PLAYER', 'bruno').fileAppeal({
      matchId,
      againstRevision: shot,
      grounds: 'The cue ball dropped',
      proposal: { kind: 'AMEND_FACTS', facts: { cueBallScratched: true } },
    });
  });
  afterAll(async () => {
    await server.close();
    removeDir(server.dataDir);
  });

  const BAD: [string, string][] = [
    ['a bidi override', 'Hall \u202Eexe.gnp'],
    ['a NUL', 'Hall\u0000'],
    ['a zero-width joiner', 'Ha\u200Dll'],
    ['a line separator', 'Hall\u2028B'],
  ];
  // A write to the match as it stands: a fresh command id and the match's revision.
  const atMatch = (rev: number, fields: object) => ({
    commandId: randomUUID(),
    matchId,
    expectedRevision: rev,
    ...fields,
  });
  // mutation, input type, role and subject, the input around the bad value, the field refused.
  type Case = [string, string, [string, string], (bad: string, rev: number) => object, string];
  const FIELDS: Case[] = [
    [
      'scheduleMatch',
      'ScheduleMatchInput',
      ['ADMIN', 'admin-1'],
      (bad) => ({ commandId: randomUUID(), raceTo: 2, players: PLAYERS, venue: bad }),
      'venue',
    ],
    [
      'recordShot',
      'RecordShotInput',
      ['SCORER', 'scorer-1'],
      (bad, rev) =>
        atMatch(rev, {
          shooter: 'ana',
          firstContact: 1,
          ballsOffTable: [2],
          ballsOffTableDetail: bad,
        }),
      'ballsOffTableDetail',
    ],
    [
      'correctShot',
      'CorrectShotInput',
      ['SCORER', 'scorer-1'],
      (bad, rev) =>
        atMatch(rev, { revision: shot, facts: { ballsOffTableDetail: bad }, reason: 'typo' }),
      'facts.ballsOffTableDetail',
    ],
    [
      'fileAppeal',
      'FileAppealInput',
      ['PLAYER', 'ana'],
      (bad, rev) =>
        atMatch(rev, {
          againstRevision: shot,
          grounds: 'The 2 left the table',
          proposal: {
            kind: 'AMEND_FACTS',
            facts: { ballsOffTable: [2], ballsOffTableDetail: bad },
          },
        }),
      'proposal.facts.ballsOffTableDetail',
    ],
    [
      'decideAppeal',
      'DecideAppealInput',
      ['APPEALS_COMMITTEE', 'ac-1'],
      (bad, rev) =>
        atMatch(rev, { appealId: 'A1', outcome: 'DISMISSED', reason: 'No', reasonPt: bad }),
      'reasonPt',
    ],
    [
      'registerWebhook',
      'RegisterWebhookInput',
      ['ADMIN', 'admin-1'],
      (bad) => ({ url: `https://hooks.example/${bad}`, kinds: ['GameEnded'] }),
      'url',
    ],
    [
      'registerWebhook',
      'RegisterWebhookInput',
      ['ADMIN', 'admin-1'],
      (bad) => ({ url: 'https://hooks.example/in', kinds: [`Game${bad}Ended`] }),
      'kinds',
    ],
    [
      'replayWebhook',
      'ReplayWebhookInput',
      ['ADMIN', 'admin-1'],
      (bad) => ({ endpointId: `ep-${bad}` }),
      'endpointId',
    ],
  ];
  // The input is built in the test: the match and shot exist only once beforeAll ran.
  const CASES = FIELDS.flatMap(([mutation, type, who, input, field]) =>
    BAD.map(([what, bad]) => [mutation, field, what, type, who, input, bad] as const),
  );

  it.each(CASES)(
    'refuses %s.%s with %s: BAD_USER_INPUT, nothing recorded',
    async (mutation, field, _what, type, [role, subject], input, bad) => {
      const before = {
        events: await events(),
        revision: await revision(),
        hooks: await webhooks(),
      };
      const res = await server.gql(
        `mutation($i: ${type}!) { ${mutation}(input: $i) { __typename } }`,
        { i: input(bad, before.revision) },
        bearer(role, subject),
      );
      expect(res.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
      expect(res.errors?.[0].extensions.fields.map((f: { field: string }) => f.field)).toEqual([
        field,
      ]);
      expect({
        events: await events(),
        revision: await revision(),
        hooks: await webhooks(),
      }).toEqual(before);
    },
  );

  it('still takes ordinary text: accents in a venue, line breaks and tabs in free text', async () => {
    const admin = new LedgerClient(server, 'ADMIN', 'admin-1');
    const s = await admin.attempt('scheduleMatch', 'ScheduleMatchInput', {
      raceTo: 2,
      players: PLAYERS,
      venue: 'Salão Nº 2, Póvoa de Varzim',
    });
    expect(s.errors).toBeUndefined();
    const shotRes = await new LedgerClient(server, 'SCORER', 'scorer-1').attempt(
      'recordShot',
      'RecordShotInput',
      {
        matchId,
        shooter: 'ana',
        firstContact: 1,
        ballsOffTable: [2],
        ballsOffTableDetail: 'Hit the lamp,\n\tthen the floor',
      },
    );
    expect(shotRes.errors).toBeUndefined();
    const d = await new LedgerClient(server, 'APPEALS_COMMITTEE', 'ac-1').attempt(
      'decideAppeal',
      'DecideAppealInput',
      {
        matchId,
        appealId: 'A1',
        outcome: 'DISMISSED',
        reason: 'Not shown',
        reasonPt: 'Não provado:\n\tas imagens não mostram a bola',
      },
    );
    expect(d.errors).toBeUndefined();
  });

  // Optional filter inputs go through the same validation as write inputs.
  it.each([
    ['auditTrail', '{ auditTrail(filter: { matchId: "m\u202Ex" }) { totalCount } }', 'ADMIN'],
    ['auditTrail', '{ auditTrail(filter: { types: ["Bad Type!"] }) { totalCount } }', 'ADMIN'],
    ['players', '{ players(filter: { namePrefix: "A\u202E" }) { totalCount } }', null],
    ['appealStats', '{ appealStats(filter: { competitionId: "x\u202E" }) { appealsFiled } }', null],
    [
      'playerStats',
      '{ playerStats(playerId: "ana", filter: { opponent: "b\u0000" }) { playerId } }',
      null,
    ],
  ] as const)('refuses a malformed %s filter with BAD_USER_INPUT', async (_, query, role) => {
    const res = await server.gql(query, {}, role ? bearer(role, 'admin-1') : {});
    expect(res.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
  });
});

describe('tokens', () => {
  let server: TestServer;
  const raw = new JwtService({ secret: TEST_JWT_SECRET });
  const sign = (claims: object, options: object) =>
    raw.sign(claims, { issuer: 'cue-ledger', audience: 'cue-ledger-api', ...options });
  const status = async (token: string) =>
    (await server.gql('{ matches { totalCount } }', {}, { authorization: `Bearer ${token}` }))
      .errors?.[0]?.extensions.code ?? 'OK';

  beforeAll(async () => {
    server = await startServer(undefined, { LEDGER_TOKEN_MAX_LIFETIME_SCORER: '2h' });
  });
  afterAll(async () => {
    await server.close();
    removeDir(server.dataDir);
  });

  it('refuses a token without an expiry, or without an id', async () => {
    expect(await status(sign({ role: 'ADMIN' }, { subject: 'a', jwtid: 'j-1' }))).toBe(
      'UNAUTHENTICATED',
    );
    expect(await status(sign({ role: 'ADMIN' }, { subject: 'a', expiresIn: 600 }))).toBe(
      'UNAUTHENTICATED',
    );
    expect(
      await status(sign({ role: 'ADMIN' }, { subject: 'a', expiresIn: 600, jwtid: 'j-2' })),
    ).toBe('OK');
  });

  it('refuses a token that outlives its role’s maximum lifetime', async () => {
    const long = { subject: 'scorer-1', jwtid: 'j-3', expiresIn: '3h' };
    expect(await status(sign({ role: 'SCORER' }, long))).toBe('UNAUTHENTICATED');
    expect(await status(sign({ role: 'SCORER' }, { ...long, expiresIn: '2h' }))).toBe('OK');
  });

  it.each(TOKEN_ROLES.map((r) => [r]))(
    'refuses a ten-year %s token: every role has a maximum',
    async (role) => {
      const long = { subject: 'someone', jwtid: `j-10y-${role}`, expiresIn: '3660d' };
      expect(await status(sign({ role }, long))).toBe('UNAUTHENTICATED');
      expect(await status(sign({ role }, { ...long, expiresIn: '1h' }))).toBe('OK');
    },
  );
});

// Each CLI run is a Node process of its own (src/ compiled once: compiled-src.ts), slow on a
// busy machine: the tests that run it get 180 s.
const ROOT = join(__dirname, '..', '..');

function cli(dataDir: string, ...args: string[]) {
  return spawnSync(process.execPath, [compiledEntry('cli'), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...testEnv(dataDir) },
    encoding: 'utf8',
  });
}

const jtiOf = (token: string): string =>
  (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { jti: string }).jti;

describe('a production-like server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(undefined, {
      LEDGER_GRAPHQL_INTROSPECTION: 'false',
      LEDGER_RATE_LIMIT: '3',
      LEDGER_REVOCATION_POLL_MS: '100',
      // A revocation by subject covers the skew after it: 1 s, so a token issued 2 s later is new.
      LEDGER_TOKEN_CLOCK_SKEW_SECONDS: '1',
    });
  });
  afterAll(async () => {
    await server.close();
    removeDir(server.dataDir);
  });

  it('suggests no field names in its errors', async () => {
    const res = await server.gql('{ matchs { totalCount } }');
    expect(res.errors?.[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(res.errors?.[0].message).not.toMatch(/Did you mean/);
  });

  it('logs a rate-limit hit with the client it counts against', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn');
    const who = bearer('SCORER', 'rate-carol');
    const codes: string[] = [];
    for (let i = 0; i < 4; i++)
      codes.push(
        (await server.gql('{ matches { totalCount } }', {}, who)).errors?.[0].extensions.code ??
          'OK',
      );
    const lines = warn.mock.calls.map((c) => String(c[0]));
    warn.mockRestore();
    expect(codes).toEqual(['OK', 'OK', 'OK', 'RATE_LIMITED']);
    expect(lines.filter((l) => l.startsWith('rate limit hit by sub:rate-carol'))).toHaveLength(1);
  });

  it('`token revoke <jti>` and `token revoke --subject` apply within the poll interval', async () => {
    const gone = testTokens.issue('REFEREE', 'ref-1');
    const kept = testTokens.issue('REFEREE', 'ref-2');
    const query = (t: string) =>
      server.gql('{ matches { totalCount } }', {}, { authorization: `Bearer ${t}` });
    expect((await query(gone)).errors).toBeUndefined();

    const byId = cli(server.dataDir, 'token', 'revoke', jtiOf(gone));
    expect(byId.status).toBe(0);
    await new Promise((r) => setTimeout(r, 150));
    expect((await query(gone)).errors?.[0].message).toBe('The bearer token has been revoked');
    expect((await query(kept)).errors).toBeUndefined();

    const bySubject = cli(server.dataDir, 'token', 'revoke', '--subject', 'ref-2');
    expect(bySubject.stdout).toMatch(/revoked every token of ref-2 issued until/);
    await new Promise((r) => setTimeout(r, 150));
    expect((await query(kept)).errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    // A token issued after the revocation and its skew allowance (1 s here) is valid again.
    await new Promise((r) => setTimeout(r, 2100));
    expect((await query(testTokens.issue('REFEREE', 'ref-2'))).errors).toBeUndefined();
  }, 180_000);

  it('the CLI refuses a lifetime beyond the role maximum and prints the token id', () => {
    const tooLong = cli(
      server.dataDir,
      'token',
      '--role',
      'admin',
      '--subject',
      'a',
      '--expires-in',
      '30d',
    );
    // A lifetime the role may not have: a usage mistake (exit 2).
    expect(tooLong.status).toBe(2);
    expect(tooLong.stderr).toMatch(/ADMIN token may live at most 43200 s/);
    const ok = cli(
      server.dataDir,
      'token',
      '--role',
      'admin',
      '--subject',
      'a',
      '--expires-in',
      '1h',
      '--show-id',
    );
    expect(ok.status).toBe(0);
    expect(ok.stderr).toContain(`jti ${jtiOf(ok.stdout.trim())}, expires `);
  }, 180_000);
});
