import { EventEmitter } from 'node:events';
import type { Request, Response } from 'express';
import { demoCompetitions } from '../../src/demo/demo-people';
import { DemoSeeder } from '../../src/demo/seed-demo';
import { ExportsController } from '../../src/exports/exports.controller';
import { MatchCommandService } from '../../src/matches/match-commands.service';
import { RegistryCommandService } from '../../src/registry/registry-commands.service';
import { removeDir, startServer, type TestServer } from '../support/server';

const SEED = 4;
const COMPETITION = demoCompetitions(SEED)[1].competitionId;

// A response whose socket is full until the test drains it.
class SlowResponse extends EventEmitter {
  lines: string[] = [];
  code = 0;
  body: unknown = null;
  ended = false;
  destroyed = false;
  headersSent = false;
  status(code: number) {
    this.code = code;
    return this;
  }
  setHeader() {
    return this;
  }
  json(body: unknown) {
    this.body = body;
    this.ended = true;
  }
  write(chunk: string) {
    this.headersSent = true;
    this.lines.push(chunk);
    return false;
  }
  end() {
    this.ended = true;
  }
  destroy() {
    this.destroyed = true;
  }
}

const request = (ip: string) => ({ ip, socket: {} }) as unknown as Request;
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('exports: the NDJSON download', () => {
  let server: TestServer;
  let matchId: string;
  beforeAll(async () => {
    server = await startServer();
    await new DemoSeeder(
      server.app.get(MatchCommandService),
      server.app.get(RegistryCommandService),
    ).run({ players: 6, matches: 3, seed: SEED });
    const list = await server.gql<{ matches: { edges: { node: { id: string } }[] } }>(
      '{ matches(first: 1) { edges { node { id } } } }',
    );
    matchId = list.data!.matches.edges[0].node.id;
  }, 120_000);
  afterAll(async () => {
    await server.close();
    removeDir(server.dataDir);
  });

  it('GET /exports/ledger.ndjson streams what ledgerExport returns, for a match and a competition', async () => {
    for (const [arg, id] of [
      ['matchId', matchId],
      ['competitionId', COMPETITION],
    ]) {
      const res = await fetch(
        `${server.url.replace(/\/graphql$/, '')}/exports/ledger.ndjson?${arg}=${id}`,
      );
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/application\/x-ndjson/);
      const body = await res.text();
      const field = await server.gql<{ ledgerExport: string }>(
        `query($id: String) { ledgerExport(${arg}: $id) }`,
        { id },
      );
      expect(body).toBe(field.data!.ledgerExport);
      expect(body.trim().split('\n').length).toBeGreaterThan(10);
    }
  });

  it('needs exactly one of matchId and competitionId', async () => {
    const res = await fetch(`${server.url.replace(/\/graphql$/, '')}/exports/ledger.ndjson`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: { extensions: { code: string } }[] };
    expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('writes only as fast as the client reads, and one export at a time per address', async () => {
    const controller = server.app.get(ExportsController);
    const slow = new SlowResponse();
    const first = controller.ledger(
      request('10.0.0.7'),
      slow as unknown as Response,
      undefined,
      COMPETITION,
    );
    for (let i = 0; i < 50 && slow.lines.length === 0; i++) await turn();
    // The socket is full: nothing more is written until it drains, however many turns pass.
    for (let i = 0; i < 20; i++) await turn();
    expect(slow.lines).toHaveLength(1);
    // Another export from the same address is refused meanwhile; another address is not.
    const again = new SlowResponse();
    await controller.ledger(request('10.0.0.7'), again as unknown as Response, matchId);
    expect(again.code).toBe(429);
    expect(again.body).toMatchObject({ errors: [{ extensions: { code: 'RATE_LIMITED' } }] });
    const other = new SlowResponse();
    const otherDone = controller.ledger(request('10.0.0.8'), other as unknown as Response, matchId);
    for (let i = 0; i < 50 && other.lines.length === 0; i++) await turn();
    expect(other.lines).toHaveLength(1);
    // Each drain lets one more line through.
    slow.emit('drain');
    for (let i = 0; i < 20 && slow.lines.length < 2; i++) await turn();
    expect(slow.lines).toHaveLength(2);
    const drain = (r: SlowResponse) => {
      const t = setInterval(() => r.emit('drain'), 0);
      return () => clearInterval(t);
    };
    const stops = [drain(slow), drain(other)];
    await Promise.all([first, otherDone]);
    stops.forEach((s) => s());
    expect(slow.ended).toBe(true);
    expect(JSON.parse(slow.lines[slow.lines.length - 1]).kind).toBe('cue-ledger-export');
    // Once it ended, the address may export again.
    const after = new SlowResponse();
    const stop = drain(after);
    await controller.ledger(request('10.0.0.7'), after as unknown as Response, matchId);
    stop();
    expect(after.code).toBe(200);
  });
});
