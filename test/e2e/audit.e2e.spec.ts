import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { LedgerEvent } from '../../src/domain';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import { LedgerClient } from '../support/ledger-client';
import { editData } from '../support/ledger-rows';
import { appendRecorded } from '../support/recorded-ledger';
import { bearer, removeDir, startServer, testEnv, type TestServer } from '../support/server';
import { simulateMatch } from '../support/simulator';
import { compiledEntry } from '../support/compiled-src';

// Whole-ledger scans need an admin (or appeals committee) token.
const ADMIN = bearer('ADMIN', 'admin-1');

const ROOT = join(__dirname, '..', '..');

const ENTRY = `eventId streamId matchId revision position type gameNumber prevHash hash commandHash
  explanation metadata { recordedBy role recordedAt occurredAt commandId engineVersion ruleProfile }
  ruling { rules explanation explanationPt engineVersion profile penalty turn }`;

function cli(dataDir: string, command: string) {
  return spawnSync(process.execPath, [compiledEntry('cli'), command], {
    cwd: ROOT,
    env: { ...process.env, ...testEnv(dataDir) },
    encoding: 'utf8',
  });
}

// Audit trail, time travel, verification and re-adjudication over real GraphQL and a real
// SQLite ledger file, including a file edited while the server was down.
describe('audit over GraphQL', () => {
  let server: TestServer;
  let matchId: string;
  let otherId: string;

  beforeAll(async () => {
    server = await startServer();
    const admin = new LedgerClient(server, 'ADMIN', 'admin-1');
    const scorer = new LedgerClient(server, 'SCORER', 'scorer-1');
    const players = [
      { id: 'ana', name: 'Ana' },
      { id: 'bruno', name: 'Bruno' },
    ];
    matchId = (await admin.scheduleMatch({ raceTo: 2, ruleProfile: 'FPB', players })).matchId;
    await admin.assignOfficials({ matchId, scorers: ['scorer-1'], referees: [] });
    await scorer.decideBreakOrder({ matchId, method: 'COIN_TOSS', winner: 'ana' });
    await scorer.chooseOption({ matchId, player: 'ana', option: 'BREAK' });
    await scorer.recordShot({
      matchId,
      shooter: 'ana',
      firstContact: 1,
      objectBallsDrivenToRail: 5,
      pocketed: [{ ball: 3, pocket: 'FR' }],
    });
    await scorer.callShot({ matchId, player: 'ana', ball: 5, pocket: 'SL' });
    await scorer.recordShot({
      matchId,
      shooter: 'ana',
      firstContact: 5,
      railContactsAfterFirstContact: [{ ball: 0, cushion: 'HEAD' }],
    });
    otherId = (await admin.scheduleMatch({ raceTo: 1, ruleProfile: 'BCA', players })).matchId;
  });

  afterAll(async () => {
    await server.close();
    removeDir(server.dataDir);
  });

  // A page's cost is its entry's fields times `first` (the complexity limit): big pages ask less.
  // `items` is the page's nodes, read from its edges.
  const trail = async (vars: Record<string, unknown>, fields = ENTRY) => {
    const res = await server.gql(
      `query($f: AuditFilterInput, $first: Int, $after: String) {
         auditTrail(filter: $f, first: $first, after: $after) {
           edges { cursor node { ${fields} } } pageInfo { endCursor hasNextPage } totalCount } }`,
      vars,
    );
    const page = res.data?.auditTrail;
    if (page) page.items = page.edges.map((e: { node: unknown }) => e.node);
    return res;
  };

  it('lists every event of a match with its metadata, ruling and hash chain', async () => {
    const res = await trail({ f: { matchId } });
    expect(res.errors).toBeUndefined();
    const items = res.data!.auditTrail.items as Record<string, any>[];
    expect(items.map((i) => i.revision)).toEqual(items.map((_, i) => i));
    expect(items[0]).toMatchObject({
      type: 'MatchScheduled',
      matchId,
      metadata: { recordedBy: 'admin-1', role: 'ADMIN', ruleProfile: 'FPB' },
    });
    const ruled = items.filter((i) => i.type === 'ShotAdjudicated');
    expect(ruled).toHaveLength(2);
    for (const r of ruled) {
      expect(r.metadata).toMatchObject({ recordedBy: 'scorer-1', role: 'SCORER' });
      expect(r.ruling).toMatchObject({ profile: 'FPB', engineVersion: expect.any(String) });
      expect(r.ruling.rules.length).toBeGreaterThan(0);
      expect(r.ruling.explanationPt).toEqual(expect.any(String));
      expect(r.gameNumber).toBe(1);
    }
    items.forEach((item, i) => {
      expect(item.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(item.prevHash).toBe(i === 0 ? '0'.repeat(64) : items[i - 1].hash);
      expect(item.commandHash).toMatch(/^[0-9a-f]{64}$/);
    });
  });

  it('pages through the whole ledger with an opaque cursor, nothing lost or repeated', async () => {
    const all = (await trail({ first: 200 }, 'eventId streamId')).data!.auditTrail;
    expect(all.pageInfo.hasNextPage).toBe(false);
    expect(all.totalCount).toBe(all.items.length);
    expect(all.pageInfo.endCursor).toBe(all.edges[all.edges.length - 1].cursor);
    const seen: string[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 50; pages++) {
      const page: any = (await trail({ first: 3, after })).data!.auditTrail;
      expect(page.totalCount).toBe(all.totalCount);
      seen.push(...page.items.map((i: any) => i.eventId));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
      expect(after).not.toMatch(/^\d+$/);
    }
    expect(seen).toEqual(all.items.map((i: any) => i.eventId));
    expect(new Set(all.items.map((i: any) => i.streamId))).toEqual(
      new Set([`match-${matchId}`, `match-${otherId}`]),
    );
  });

  it('filters by actor, role, event types and time window', async () => {
    const actorPage = (await trail({ f: { actor: 'scorer-1' } })).data!.auditTrail;
    const byActor = actorPage.items;
    expect(byActor.length).toBeGreaterThan(0);
    expect(actorPage.totalCount).toBe(byActor.length);
    expect(byActor.every((i: any) => i.metadata.recordedBy === 'scorer-1')).toBe(true);
    const admins = (await trail({ f: { role: 'ADMIN' } })).data!.auditTrail.items;
    expect(admins.map((i: any) => i.type)).toEqual([
      'MatchScheduled',
      'OfficialsAssigned',
      'MatchScheduled',
    ]);
    const shots = (await trail({ f: { types: ['ShotPlayed', 'ShotAdjudicated'], matchId } })).data!
      .auditTrail.items;
    expect(shots.map((i: any) => i.type)).toEqual([
      'ShotPlayed',
      'ShotAdjudicated',
      'ShotPlayed',
      'ShotAdjudicated',
    ]);
    const all = (await trail({})).data!.auditTrail.items as any[];
    const mid = all[Math.floor(all.length / 2)].metadata.recordedAt as string;
    const early = (await trail({ f: { to: mid } })).data!.auditTrail.items as any[];
    const late = (await trail({ f: { from: mid } })).data!.auditTrail.items as any[];
    expect(early.every((i) => i.metadata.recordedAt <= mid)).toBe(true);
    expect(late.every((i) => i.metadata.recordedAt >= mid)).toBe(true);
    expect(new Set([...early, ...late].map((i) => i.eventId)).size).toBe(all.length);
  });

  it('refuses a page over 200 or under 1 and a cursor it did not issue', async () => {
    expect((await trail({ first: 201 }, 'eventId')).errors![0].extensions.code).toBe(
      'BAD_USER_INPUT',
    );
    expect((await trail({ first: 0 }, 'eventId')).errors![0].extensions.code).toBe(
      'BAD_USER_INPUT',
    );
    expect((await trail({ first: 200 })).errors![0].extensions.code).toBe('QUERY_TOO_COMPLEX');
    expect((await trail({ after: 'not-a-cursor' })).errors![0].extensions.code).toBe(
      'BAD_USER_INPUT',
    );
  });

  it('time travel: the match at a revision and at a recorded instant, replayed', async () => {
    const at = (vars: Record<string, unknown>) =>
      server.gql(
        `query($m: String!, $r: Int, $at: DateTime) { matchAt(matchId: $m, revision: $r, at: $at) {
           status revision currentGame { shooter pocketed ballsOnTable } } }`,
        { m: matchId, ...vars },
      );
    expect((await at({ r: 0 })).data!.matchAt).toMatchObject({
      status: 'AWAITING_BREAK_ORDER',
      revision: 0,
      currentGame: null,
    });
    const items = (await trail({ f: { matchId } })).data!.auditTrail.items as any[];
    const breakRuling = items.find((i) => i.type === 'ShotAdjudicated');
    const afterBreak = (await at({ r: breakRuling.revision })).data!.matchAt;
    expect(afterBreak).toMatchObject({
      revision: breakRuling.revision,
      currentGame: { shooter: 'ana', pocketed: [3] },
    });
    // The last event recorded at or before the instant: never earlier than the event itself.
    const byTime = (await at({ at: breakRuling.metadata.recordedAt })).data!.matchAt;
    expect(byTime.revision).toBeGreaterThanOrEqual(breakRuling.revision);
    const now = (await at({ at: new Date(Date.now() + 60_000).toISOString() })).data!.matchAt;
    expect(now.revision).toBe(items[items.length - 1].revision);
    expect((await at({ r: 1, at: new Date().toISOString() })).errors![0].extensions.code).toBe(
      'BAD_USER_INPUT',
    );
    expect((await at({})).errors![0].extensions.code).toBe('BAD_USER_INPUT');
    expect((await at({ r: 999 })).errors![0].extensions.code).toBe('NOT_FOUND');
    expect((await at({ at: '2000-01-01T00:00:00Z' })).errors![0].extensions.code).toBe('NOT_FOUND');
  });

  it('matchStates: the state after each revision from a point, the same as matchAt gives, in one request', async () => {
    const FIELDS =
      'status revision players { id score } currentGame { shooter pocketed ballsOnTable }';
    const states = (from: number, first: number, m = matchId) =>
      server.gql(
        `query($m: String!, $f: Int!, $n: Int!) { matchStates(matchId: $m, fromRevision: $f, first: $n) { ${FIELDS} } }`,
        { m, f: from, n: first },
      );
    const at = async (r: number) =>
      (
        await server.gql(
          `query($m: String!, $r: Int) { matchAt(matchId: $m, revision: $r) { ${FIELDS} } }`,
          { m: matchId, r },
        )
      ).data!.matchAt;
    const last = ((await trail({ f: { matchId } })).data!.auditTrail.items as any[]).at(-1)
      .revision as number;
    const all = (await states(0, 200)).data!.matchStates as any[];
    expect(all.map((s) => s.revision)).toEqual([...Array(last + 1).keys()]);
    for (const r of [0, 3, last]) expect(all[r]).toEqual(await at(r));
    // A page from the middle; past the end, fewer (or none).
    expect(((await states(2, 3)).data!.matchStates as any[]).map((s) => s.revision)).toEqual([
      2, 3, 4,
    ]);
    expect((await states(last + 5, 10)).data!.matchStates).toEqual([]);
    for (const [from, first] of [
      [-1, 10],
      [0, 0],
      [0, 201],
    ])
      expect((await states(from, first)).errors![0].extensions.code).toBe('BAD_USER_INPUT');
    expect((await states(0, 10, 'no-such-match')).errors![0].extensions.code).toBe('NOT_FOUND');
  });

  it('verifies clean and re-adjudicates clean while nothing was altered', async () => {
    const v = await server.gql(
      '{ verifyLedger { ok streams events headsChecked firstBreak { reason } } }',
      {},
      ADMIN,
    );
    expect(v.data!.verifyLedger).toMatchObject({
      ok: true,
      streams: 2,
      headsChecked: true,
      firstBreak: null,
    });
    const r = await server.gql(
      'query($m: String) { readjudicate(matchId: $m) { shotsChecked differences { revision } } }',
      { m: matchId },
    );
    expect(r.data!.readjudicate).toEqual({ shotsChecked: 2, differences: [] });
    const run = cli(server.dataDir, 'verify');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/verified: 2 streams, \d+ events, every chain intact/);
  });

  it('after the file is edited offline: verify reports where, over GraphQL and in the CLI', async () => {
    await server.close();
    const file = join(server.dataDir, 'ledger.sqlite');
    const db = new Database(file);
    editData(db, `match-${otherId}`, 0, (data) => ({ ...data, competition: 'Forged Cup' }));
    db.close();
    // And a match recorded by an older engine that forgot a foul (a valid chain, a different ruling).
    const sim = simulateMatch(9, { matchId: 'old-engine', raceTo: 3 });
    let done = false;
    const batches: LedgerEvent[][] = sim.batches.map((b) =>
      b.map((e) => {
        if (done || e.type !== 'ShotAdjudicated' || e.data.ruling.appliedFoul === null) return e;
        done = true;
        return { ...e, data: { ...e.data, ruling: { ...e.data.ruling, appliedFoul: null } } };
      }),
    );
    const store = new SqliteEventStore({ filename: file, synchronous: 'NORMAL' });
    await appendRecorded(store, 'old-engine', batches);
    await store.close();

    server = await startServer(server.dataDir);
    const v = await server.gql(
      '{ verifyLedger { ok breaks { streamId revision reason expectedHash foundHash } firstBreak { streamId revision reason position } } }',
      {},
      ADMIN,
    );
    expect(v.data!.verifyLedger).toMatchObject({
      ok: false,
      firstBreak: { streamId: `match-${otherId}`, revision: 0, reason: 'CONTENT_ALTERED' },
    });
    expect(v.data!.verifyLedger.breaks).toHaveLength(1);

    const run = cli(server.dataDir, 'verify');
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(`CONTENT_ALTERED match-${otherId}@0`);
    expect(run.stdout).toContain(`first broken link: match-${otherId}@0`);

    const r = await server.gql(
      '{ readjudicate { differences { matchId gameNumber shotNumber revision fields recorded { appliedFoul { rule } } current { appliedFoul { rule } } } } }',
      {},
      ADMIN,
    );
    const diffs = r.data!.readjudicate.differences;
    expect(diffs).toHaveLength(1);
    expect(diffs[0]).toMatchObject({
      matchId: 'old-engine',
      fields: ['appliedFoul'],
      recorded: { appliedFoul: null },
      current: { appliedFoul: { rule: expect.any(String) } },
    });
    const re = cli(server.dataDir, 'readjudicate');
    expect(re.status).toBe(1);
    expect(re.stdout).toContain(
      `match old-engine game ${diffs[0].gameNumber} shot ${diffs[0].shotNumber}`,
    );
  });
});
