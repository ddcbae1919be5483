import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer, waitForExit } from '../support/child-server';
import { LedgerClient } from '../support/ledger-client';
import {
  bearer,
  post,
  removeDir,
  startServer,
  TEST_JWT_SECRET,
  testTokens,
  type TestServer,
} from '../support/server';
import { compiledEntry } from '../support/compiled-src';

// Depth 5: a list's page adds two levels (edges, node) over its items.
const MATCH = `query($id: String!) {
  auditTrail(filter: { matchId: $id }) { edges { node { ruling { appliedFoul { rule } } } } } }`;

describe('hostile input: limits and production settings', () => {
  describe('with tight limits', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startServer(undefined, {
        LEDGER_GRAPHQL_MAX_DEPTH: '3',
        LEDGER_GRAPHQL_MAX_COMPLEXITY: '100',
        LEDGER_BODY_LIMIT: '2kb',
        LEDGER_RATE_LIMIT: '5',
      });
    });
    afterAll(async () => {
      await server.close();
      removeDir(server.dataDir);
    });

    it('refuses an operation deeper than LEDGER_GRAPHQL_MAX_DEPTH', async () => {
      const res = await server.gql(MATCH, { id: 'x' }, bearer('ADMIN', 'depth'));
      expect(res.status).toBe(400);
      expect(res.errors?.[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
      expect(res.errors?.[0].message).toMatch(/exceeds maximum operation depth of 3/);
    });

    it('refuses an operation costlier than LEDGER_GRAPHQL_MAX_COMPLEXITY (lists cost per item)', async () => {
      const res = await server.gql(
        `{ matches(first: 50) { edges { node { id status } } } }`,
        {},
        bearer('ADMIN', 'complexity'),
      );
      expect(res.status).toBe(400);
      expect(res.errors?.[0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', maximum: 100 });
      const small = await server.gql(
        `{ matches(first: 10) { edges { node { id } } } }`,
        {},
        bearer('ADMIN', 'complexity'),
      );
      expect(small.errors).toBeUndefined();
    });

    it('refuses a body over LEDGER_BODY_LIMIT with 413 and a code, and malformed JSON with 400', async () => {
      const big = JSON.stringify({
        query: '{ matches { totalCount } }',
        variables: { pad: 'x'.repeat(3000) },
      });
      const res = await post(server.url, big, bearer('ADMIN', 'body'));
      expect(res.status).toBe(413);
      expect(res.body.errors[0].extensions.code).toBe('PAYLOAD_TOO_LARGE');
      const bad = await post(server.url, '{"query": ', bearer('ADMIN', 'body'));
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0].extensions.code).toBe('BAD_REQUEST');
      expect(bad.text).not.toMatch(/\n\s+at /);
    });

    it('rate-limits per client: the token subject (or the address when anonymous)', async () => {
      const alice = bearer('SCORER', 'rate-alice');
      const codes: (string | undefined)[] = [];
      for (let i = 0; i < 7; i++) {
        const r = await server.gql(`{ matches(first: 1) { edges { node { id } } } }`, {}, alice);
        codes.push(r.errors?.[0].extensions.code);
      }
      expect(codes.slice(0, 5)).toEqual([undefined, undefined, undefined, undefined, undefined]);
      expect(codes.slice(5)).toEqual(['RATE_LIMITED', 'RATE_LIMITED']);
      const bob = await server.gql(
        `{ matches(first: 1) { edges { node { id } } } }`,
        {},
        bearer('SCORER', 'rate-bob'),
      );
      expect(bob.errors).toBeUndefined();
    });
  });

  describe('class-validator on inputs', () => {
    let server: TestServer;
    let admin: LedgerClient;
    let matchId: string;
    beforeAll(async () => {
      server = await startServer();
      admin = new LedgerClient(server, 'ADMIN', 'admin-1');
      matchId = (
        await admin.scheduleMatch({
          raceTo: 1,
          players: [
            { id: 'ana', name: 'Ana' },
            { id: 'bruno', name: 'Bruno' },
          ],
        })
      ).matchId;
    });
    afterAll(async () => {
      await server.close();
      removeDir(server.dataDir);
    });

    it.each([
      [
        'ball numbers',
        'recordShot',
        'RecordShotInput',
        { shooter: 'ana', firstContact: 16 },
        'firstContact',
      ],
      [
        'pocketed ball 0',
        'recordShot',
        'RecordShotInput',
        { shooter: 'ana', pocketed: [{ ball: 0, pocket: 'FL' }] },
        'pocketed.0.ball',
      ],
      [
        'rail ball 99',
        'recordShot',
        'RecordShotInput',
        { shooter: 'ana', railContactsAfterFirstContact: [{ ball: 99 }] },
        'railContactsAfterFirstContact.0.ball',
      ],
      [
        'player id shape',
        'callShot',
        'CallShotInput',
        { player: 'a b/c', ball: 3, pocket: 'FL' },
        'player',
      ],
      [
        'note length',
        'recordRefereeRuling',
        'RecordRefereeRulingInput',
        { kind: 'WARNING', player: 'ana', note: 'n'.repeat(501) },
        'note',
      ],
      [
        'officials ids',
        'assignOfficials',
        'AssignOfficialsInput',
        { scorers: ['ok', 'not ok!'] },
        'scorers',
      ],
      [
        'negative revision',
        'callShot',
        'CallShotInput',
        { player: 'ana', ball: 3, pocket: 'FL', expectedRevision: -1 },
        'expectedRevision',
      ],
      [
        'commandId shape',
        'callShot',
        'CallShotInput',
        { player: 'ana', ball: 3, pocket: 'FL', commandId: '../x' },
        'commandId',
      ],
    ])('%s → BAD_USER_INPUT naming the field', async (_what, name, type, input, field) => {
      const res = await admin.attempt(name, type, { matchId, ...input });
      expect(res.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
      expect(res.errors?.[0].extensions.fields.map((f: { field: string }) => f.field)).toContain(
        field,
      );
      expect((await admin.match(matchId)).revision).toBe(0);
    });

    it('rejects a bogus enum (cushion) and an over-long name before any resolver runs', async () => {
      const r1 = await admin.attempt('recordShot', 'RecordShotInput', {
        matchId,
        shooter: 'ana',
        railContactsAfterFirstContact: [{ ball: 0, cushion: 'CEILING' }],
      });
      expect(r1.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
      const r2 = await admin.attempt('scheduleMatch', 'ScheduleMatchInput', {
        raceTo: 1,
        players: [
          { id: 'a', name: 'x'.repeat(101) },
          { id: 'b', name: 'B' },
        ],
      });
      expect(r2.errors?.[0].extensions.fields).toEqual([
        { field: 'players.0.name', problems: [expect.any(String)] },
      ]);
    });
  });

  describe('development defaults', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startServer();
    });
    afterAll(async () => {
      await server.close();
      removeDir(server.dataDir);
    });
    it('serves introspection and never sends a stack trace', async () => {
      const res = await server.gql(`{ __schema { queryType { name } } }`);
      expect(res.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
      const missing = await server.gql(`{ match(id: "nope") { id } }`);
      expect(missing.errors?.[0].extensions).toEqual({ code: 'NOT_FOUND' });
    });
  });

  describe('NODE_ENV=production', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startServer(undefined, { NODE_ENV: 'production' });
    });
    afterAll(async () => {
      await server.close();
      removeDir(server.dataDir);
    });

    it('refuses introspection and serves no landing page', async () => {
      const res = await server.gql(`{ __schema { types { name } } }`);
      expect(res.errors?.[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
      expect(res.errors?.[0].message).toMatch(/introspection/i);
      const page = await fetch(server.url, { headers: { accept: 'text/html' } });
      expect(page.headers.get('content-type') ?? '').not.toMatch(/html/);
      expect(page.status).toBeLessThan(500);
    });

    it('answers errors with a code and a message only (no stack trace, no exception details)', async () => {
      const res = await server.gql(
        `mutation { callShot(input: { matchId: "nope", expectedRevision: 0, commandId: "c1", player: "a", ball: 3, pocket: FL }) { revision } }`,
        {},
        bearer('ADMIN', 'admin-1'),
      );
      expect(res.errors?.[0].extensions).toEqual({ code: 'NOT_FOUND' });
      const raw = await post(server.url, '{"query": "{ match(id: 1) { id } }"}');
      expect(raw.text).not.toMatch(/stacktrace|\n\s+at /);
    });
  });

  describe('configuration and tokens', () => {
    it('outside production, a missing secret is created once in the data directory (mode 0600) and reused', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'cue-ledger-devsecret-'));
      const first = await spawnServer(dir, { LEDGER_JWT_SECRET: '' });
      first.proc.kill('SIGTERM');
      await waitForExit(first.proc);
      const file = join(dir, 'jwt-secret');
      const secret = readFileSync(file, 'utf8');
      expect(secret.trim()).toMatch(/^[0-9a-f]{64}$/);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(first.output()).toMatch(/development secret/);
      const second = await spawnServer(dir, { LEDGER_JWT_SECRET: '' });
      second.proc.kill('SIGTERM');
      await waitForExit(second.proc);
      expect(readFileSync(file, 'utf8')).toBe(secret);
      removeDir(dir);
    });

    it('a missing or bad setting stops the server at start with a clear message', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'cue-ledger-config-'));
      // In production the signing secret must be given (development makes one, see below).
      const failure = await spawnServer(dir, {
        NODE_ENV: 'production',
        LEDGER_JWT_SECRET: '',
        LEDGER_SQLITE_SYNCHRONOUS: 'SOMETIMES',
        LEDGER_RATE_LIMIT: 'lots',
      }).then(
        () => new Error('the server started'),
        (err: Error) => err,
      );
      expect(failure.message).toMatch(/exited with 1:\s*Invalid configuration:/);
      expect(failure.message).toMatch(/LEDGER_JWT_SECRET is missing/);
      expect(failure.message).toMatch(/LEDGER_SQLITE_SYNCHRONOUS must be FULL or NORMAL/);
      expect(failure.message).toMatch(/LEDGER_RATE_LIMIT must be a whole number/);
      expect(failure.message).not.toMatch(/\n\s+at /);
      removeDir(dir);
    });

    it('`npm run ledger -- token` issues a token the server accepts', () => {
      const run = spawnSync(
        process.execPath,
        [
          compiledEntry('cli'),
          'token',
          '--role',
          'admin',
          '--subject',
          'federation-admin',
          '--expires-in',
          '1h',
        ],
        { env: { ...process.env, LEDGER_JWT_SECRET: TEST_JWT_SECRET }, encoding: 'utf8' },
      );
      expect(run.stderr).toBe('');
      expect(testTokens.verify(run.stdout.trim())).toEqual({
        subject: 'federation-admin',
        role: 'ADMIN',
      });
      const bad = spawnSync(
        process.execPath,
        [compiledEntry('cli'), 'token', '--role', 'king', '--subject', 'x'],
        { env: { ...process.env, LEDGER_JWT_SECRET: TEST_JWT_SECRET }, encoding: 'utf8' },
      );
      expect(bad.status).toBe(2);
      expect(bad.stderr).toMatch(
        /role must be one of ADMIN, SCORER, REFEREE, APPEALS_COMMITTEE, APPEALS_REVIEW, PLAYER/,
      );
    });
  });
});
