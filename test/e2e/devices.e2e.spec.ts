import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PAGES_CSP } from '../../src/board/page-assets';
import { loadConfig } from '../../src/config/configuration';
import { runDeskLink } from '../../src/cli-desk-link';
import { DeviceStore } from '../../src/devices/device-store';
import { CLOCK, type Clock } from '../../src/ledger/clock';
import { LedgerClient } from '../support/ledger-client';
import { bearer, removeDir, startServer, testEnv, type TestServer } from '../support/server';

// Enrolment over real GraphQL/HTTP: one-time codes for a match, a table or the desk; tokens bound
// to what they were issued for; revocation from the desk; the desk's record-keeper scheduling.
const DESK = bearer('RECORD_KEEPER', 'desk-1');
const ISSUE = `mutation($i: IssueEnrolmentInput!) { issueEnrolment(input: $i) {
  link qrSvg expiresAt enrolment { id kind role subject matchId tableId status codeExpiresAt } } }`;
const REDEEM = `mutation($c: String!) { redeemEnrolment(code: $c) {
  token role subject matchId tableId expiresAt } }`;
const BREAK_ORDER = `mutation($i: DecideBreakOrderInput!) { decideBreakOrder(input: $i) {
  revision events { metadata { recordedBy role } } } }`;

describe('device enrolment and the desk over GraphQL', () => {
  let server: TestServer;
  let admin: LedgerClient;
  const code = (res: { errors?: { extensions: Record<string, any> }[] }) =>
    res.errors?.[0]?.extensions.code;

  beforeAll(async () => {
    server = await startServer(undefined, { LEDGER_ENROLMENT_CODE_LIFETIME: '5m' });
    admin = new LedgerClient(server, 'ADMIN', 'admin-1');
  });
  afterAll(async () => {
    await server.close();
    removeDir(server.dataDir);
  });

  const schedule = async (headers = DESK, extra: Record<string, unknown> = {}) => {
    const res = await server.gql(
      `mutation($i: ScheduleMatchInput!) { scheduleMatch(input: $i) { matchId revision } }`,
      {
        i: {
          commandId: randomUUID(),
          raceTo: 1,
          venue: 'Clube Lisboa',
          tableNumber: 3,
          players: [
            { id: 'ana', name: 'Ana' },
            { id: 'bruno', name: 'Bruno' },
          ],
          ...extra,
        },
      },
      headers,
    );
    return res;
  };
  const matchOf = async (headers = DESK, extra: Record<string, unknown> = {}) => {
    const res = await schedule(headers, extra);
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    server.revisions.set(res.data!.scheduleMatch.matchId, res.data!.scheduleMatch.revision);
    return res.data!.scheduleMatch.matchId as string;
  };
  const issue = async (input: Record<string, unknown>) => {
    const res = await server.gql(ISSUE, { i: input }, DESK);
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    const issued = res.data!.issueEnrolment;
    return { ...issued, code: new URL(issued.link).hash.slice(1) };
  };
  const redeem = (c: string) => server.gql(REDEEM, { c });
  const decideBreakOrder = (matchId: string, token: string) =>
    server.gql(
      BREAK_ORDER,
      {
        i: {
          matchId,
          commandId: randomUUID(),
          expectedRevision: server.revisions.get(matchId) ?? 0,
          method: 'LAG',
          winner: 'ana',
        },
      },
      { authorization: `Bearer ${token}` },
    );

  it('the desk (RECORD_KEEPER) schedules a match and assigns its officials; a scorer may not schedule', async () => {
    expect(code(await schedule(bearer('SCORER', 'scorer-1')))).toBe('FORBIDDEN');
    const matchId = await matchOf();
    const assigned = await server.gql(
      `mutation($i: AssignOfficialsInput!) { assignOfficials(input: $i) { match { officials { scorers referees } } } }`,
      {
        i: {
          commandId: randomUUID(),
          matchId,
          expectedRevision: 0,
          scorers: ['scorer-1'],
          referees: ['referee-1'],
        },
      },
      DESK,
    );
    expect(assigned.errors).toBeUndefined();
    expect(assigned.data!.assignOfficials.match.officials).toEqual({
      scorers: ['scorer-1'],
      referees: ['referee-1'],
    });
  });

  it('a match code is a link with the code in its fragment and a QR code; it is exchanged once for a token bound to that match', async () => {
    const matchId = await matchOf();
    const other = await matchOf();
    const issued = await issue({ kind: 'MATCH', role: 'SCORER', matchId, label: 'Tablet 3' });
    expect(issued.link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/enrol#[A-Za-z0-9_-]{22}$/);
    expect(issued.qrSvg).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    expect(issued.enrolment).toMatchObject({
      kind: 'MATCH',
      role: 'SCORER',
      matchId,
      status: 'PENDING',
    });
    // Only the code's hash is kept.
    const kept = new DeviceStore(loadConfig(testEnv(server.dataDir)).devices.file);
    expect(JSON.stringify(kept.byId(issued.enrolment.id))).not.toContain(issued.code);
    kept.close();

    const first = await redeem(issued.code);
    expect(first.errors).toBeUndefined();
    const credential = first.data!.redeemEnrolment;
    expect(credential).toMatchObject({ role: 'SCORER', matchId, tableId: null });
    expect(code(await redeem(issued.code))).toBe('ENROLMENT_CODE_USED');

    // At its match, without being assigned: the desk's enrolment is the assignment.
    const ok = await decideBreakOrder(matchId, credential.token);
    expect(ok.errors).toBeUndefined();
    expect(ok.data!.decideBreakOrder.events[0].metadata).toEqual({
      recordedBy: credential.subject,
      role: 'SCORER',
    });
    server.revisions.set(matchId, ok.data!.decideBreakOrder.revision);
    // Anywhere else: refused, and nothing written.
    const elsewhere = await decideBreakOrder(other, credential.token);
    expect(code(elsewhere)).toBe('FORBIDDEN');
    expect((await admin.match(other)).revision).toBe(0);
  });

  it('a code older than its lifetime is refused (ENROLMENT_CODE_EXPIRED), by the server’s clock', async () => {
    const matchId = await matchOf();
    const issued = await issue({ kind: 'MATCH', role: 'REFEREE', matchId });
    const clock = server.app.get<Clock>(CLOCK);
    const later = new Date(Date.parse(issued.expiresAt) + 1000);
    const spy = jest.spyOn(clock, 'now').mockReturnValue(later);
    try {
      expect(code(await redeem(issued.code))).toBe('ENROLMENT_CODE_EXPIRED');
    } finally {
      spy.mockRestore();
    }
    expect(code(await redeem('not-a-code-anyone-issued'))).toBe('ENROLMENT_CODE_UNKNOWN');
  });

  it('the desk lists the devices and revokes one: an unused code is refused, an enrolled token stops working', async () => {
    const matchId = await matchOf();
    const pending = await issue({ kind: 'MATCH', role: 'SCORER', matchId });
    const used = await issue({ kind: 'MATCH', role: 'SCORER', matchId });
    const token = (await redeem(used.code)).data!.redeemEnrolment.token;
    const list = await server.gql(
      `query($m: String) { enrolments(matchId: $m) { id status } }`,
      { m: matchId },
      DESK,
    );
    expect(list.data!.enrolments).toEqual([
      { id: used.enrolment.id, status: 'ENROLLED' },
      { id: pending.enrolment.id, status: 'PENDING' },
    ]);
    expect(code(await server.gql(`{ enrolments { id } }`))).toBe('UNAUTHENTICATED');
    expect(code(await server.gql(`{ enrolments { id } }`, {}, bearer('SCORER', 's')))).toBe(
      'FORBIDDEN',
    );
    const revoke = `mutation($id: String!) { revokeEnrolment(id: $id) { status revokedBy } }`;
    for (const e of [pending, used]) {
      const r = await server.gql(revoke, { id: e.enrolment.id }, DESK);
      expect(r.data!.revokeEnrolment).toEqual({ status: 'REVOKED', revokedBy: 'desk-1' });
    }
    expect(code(await redeem(pending.code))).toBe('ENROLMENT_CODE_REVOKED');
    const after = await decideBreakOrder(matchId, token);
    expect(code(after)).toBe('UNAUTHENTICATED');
    expect(after.errors![0].message).toMatch(/revoked/);
  });

  it('a table code follows the match the desk pushes to that table, and only it', async () => {
    const first = await matchOf();
    const second = await matchOf();
    const issued = await issue({ kind: 'TABLE', role: 'SCORER', tableId: 'lisboa-3' });
    const cred = (await redeem(issued.code)).data!.redeemEnrolment;
    expect(cred).toMatchObject({ tableId: 'lisboa-3', matchId: null });
    // Nothing pushed yet: no match is this table's.
    expect(code(await decideBreakOrder(first, cred.token))).toBe('FORBIDDEN');
    const push = `mutation($i: PushMatchInput!) { pushMatchToTable(input: $i) { tableId matchId pushedBy } }`;
    const pushed = await server.gql(push, { i: { tableId: 'lisboa-3', matchId: first } }, DESK);
    expect(pushed.data!.pushMatchToTable).toEqual({
      tableId: 'lisboa-3',
      matchId: first,
      pushedBy: 'desk-1',
    });
    const ok = await decideBreakOrder(first, cred.token);
    expect(ok.errors).toBeUndefined();
    expect(code(await decideBreakOrder(second, cred.token))).toBe('FORBIDDEN');
    await server.gql(push, { i: { tableId: 'lisboa-3', matchId: second } }, DESK);
    expect((await decideBreakOrder(second, cred.token)).errors).toBeUndefined();
    expect(
      (await server.gql(`query { tablePush(tableId: "lisboa-3") { matchId } }`)).data!.tablePush,
    ).toEqual({ matchId: second });
  });

  it("a match's devices end at its sign-off", async () => {
    const matchId = await matchOf(DESK, { discipline: 'NINE_BALL', ruleProfile: 'WPA' });
    const issued = await issue({ kind: 'MATCH', role: 'SCORER', matchId });
    const token = (await redeem(issued.code)).data!.redeemEnrolment.token;
    const device = new LedgerClient(server, 'SCORER', 'unused');
    (device as unknown as { auth: Record<string, string> }).auth = {
      authorization: `Bearer ${token}`,
    };
    await device.decideBreakOrder({ matchId, method: 'LAG', winner: 'ana' });
    await device.chooseOption({ matchId, player: 'ana', option: 'BREAK' });
    // N9.3: the 9 on a legal break wins the game, and the race to 1.
    const brk = await device.recordShot({
      matchId,
      shooter: 'ana',
      firstContact: 1,
      objectBallsDrivenToRail: 5,
      pocketed: [{ ball: 9, pocket: 'FR' }],
    });
    expect(brk.match.status).toBe('COMPLETED');
    await new LedgerClient(server, 'PLAYER', 'ana').signOffMatch({ matchId });
    await new LedgerClient(server, 'PLAYER', 'bruno').signOffMatch({ matchId });
    const after = await decideBreakOrder(matchId, token);
    expect(code(after)).toBe('UNAUTHENTICATED');
    const listed = await server.gql(
      `query($m: String) { enrolments(matchId: $m) { status revokedBy } }`,
      { m: matchId },
      DESK,
    );
    expect(listed.data!.enrolments).toEqual([{ status: 'REVOKED', revokedBy: 'sign-off' }]);
  });

  it('serves the desk, enrolment, table, board and overlay pages with a self-only CSP and versioned files', async () => {
    const origin = new URL(server.url).origin;
    for (const path of [
      '/desk',
      '/enrol',
      '/table/lisboa-3',
      '/board?venue=x',
      '/matches/m-1/overlay',
    ]) {
      const res = await fetch(`${origin}${path}`);
      expect([path, res.status, res.headers.get('content-security-policy')]).toEqual([
        path,
        200,
        PAGES_CSP,
      ]);
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      const html = await res.text();
      expect(html).not.toMatch(/<script>|<style>|https?:\/\//);
      const asset = /src="(\/pages\/[0-9a-f]{12}\/[a-z-]+\.js)"/.exec(html)![1];
      const file = await fetch(`${origin}${asset}`);
      expect([file.status, file.headers.get('cache-control')]).toEqual([
        200,
        'public, max-age=31536000, immutable',
      ]);
    }
    expect((await fetch(`${origin}/table/not%20a%20table`)).status).toBe(404);
    expect((await fetch(`${origin}/pages/x/secret.txt`)).status).toBe(404);
    const cli = JSON.parse(readFileSync(join(__dirname, '../../nest-cli.json'), 'utf8'));
    for (const dir of ['board/assets/*', 'desk/assets/*'])
      expect(cli.compilerOptions.assets).toContainEqual({ include: dir, outDir: 'dist' });
  });

  it('ledger desk-link prints a one-time link that signs the desk in as a RECORD_KEEPER', async () => {
    const config = loadConfig(testEnv(server.dataDir));
    const lines: string[] = [];
    const log = jest.spyOn(console, 'log').mockImplementation((l: string) => void lines.push(l));
    const err = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(
        runDeskLink(
          { subject: 'rita', role: 'RECORD_KEEPER', url: 'http://desk.local:3000' },
          config,
        ),
      ).toBe(0);
    } finally {
      log.mockRestore();
      err.mockRestore();
    }
    expect(lines[0]).toMatch(/^http:\/\/desk\.local:3000\/enrol#[A-Za-z0-9_-]{22}$/);
    const desk = (await redeem(new URL(lines[0]).hash.slice(1))).data!.redeemEnrolment;
    expect(desk).toMatchObject({ role: 'RECORD_KEEPER', subject: 'rita', matchId: null });
    const listed = await server.gql(
      `{ enrolments { kind subject } }`,
      {},
      {
        authorization: `Bearer ${desk.token}`,
      },
    );
    expect(listed.data!.enrolments[0]).toEqual({ kind: 'DESK', subject: 'rita' });
  });
});
