import AxeBuilder from '@axe-core/playwright';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { loadConfig } from '../../src/config/configuration';
import { runDeskLink } from '../../src/cli-desk-link';
import { CLOCK, type Clock } from '../../src/ledger/clock';
import { bearer, removeDir, startServer, testEnv, type TestServer } from '../support/server';

// The desk, the enrolment page and a table's tablet in Debian's Chromium: the desk signs in by a
// one-time link, schedules and staffs a match, enrols devices by QR link and revokes one; a code
// works once, only for its match, and expires by the server's clock.
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic'];
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium) process.stdout.write(`desk browser test skipped: ${CHROMIUM} is missing\n`);
const describeInBrowser = haveChromium ? describe : describe.skip;
const OUT = join(__dirname, '..', '..', 'test-output', 'desk');
const WIDTHS = [
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
];
const BREAK_ORDER = `mutation($i: DecideBreakOrderInput!) { decideBreakOrder(input: $i) { revision } }`;

describeInBrowser('the desk and device enrolment in a real browser (Chromium)', () => {
  let server: TestServer;
  let browser: Browser;
  let origin: string;
  let desk: Page;
  let matchId: string;
  let other: string;
  const problems: string[] = [];

  const tablet = async (viewport = WIDTHS[0]): Promise<[BrowserContext, Page]> => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    page.on('pageerror', (e) => problems.push(e.message));
    return [context, page];
  };
  const deskLink = () => {
    const lines: string[] = [];
    const log = jest.spyOn(console, 'log').mockImplementation((l: string) => void lines.push(l));
    const err = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      runDeskLink(
        { subject: 'rita', role: 'RECORD_KEEPER', url: origin },
        loadConfig(testEnv(server.dataDir)),
      );
    } finally {
      log.mockRestore();
      err.mockRestore();
    }
    return lines[0];
  };
  const serious = async (page: Page) =>
    (await new AxeBuilder({ page }).analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  const row = (id: string) => `#today tr[data-match="${id}"]`;
  // A tablet enrolled from the desk for a table, on that table's page.
  const tableTablet = async (tableId: string): Promise<[BrowserContext, Page]> => {
    await desk.fill('#enrol-table input', tableId);
    await desk.click('#enrol-table button[type="submit"]');
    await desk.waitForSelector('#qr svg');
    const link = (await desk.getAttribute('#enrol-link', 'href'))!;
    await desk.click('#panel-close');
    const [ctx, page] = await tablet();
    await page.goto(link);
    await page.waitForURL(`${origin}/table/${tableId}`);
    return [ctx, page];
  };
  const schedule = async (scheduledAt?: string) =>
    (
      await server.gql(
        `mutation($i: ScheduleMatchInput!) { scheduleMatch(input: $i) { matchId } }`,
        {
          i: {
            commandId: randomUUID(),
            raceTo: 2,
            ...(scheduledAt ? { scheduledAt } : {}),
            players: [{ id: 'ana' }, { id: 'bruno' }],
          },
        },
        bearer('RECORD_KEEPER', 'rk-1'),
      )
    ).data!.scheduleMatch.matchId as string;
  // Issues a code from the desk's dialog for the match and returns the link it shows.
  const enrolFromDesk = async (id: string, role: 'SCORER' | 'REFEREE', label?: string) => {
    await desk.click(`${row(id)} [data-action="enrol"]`);
    await desk.selectOption('#enrol-form select', role);
    if (label) await desk.fill('#enrol-form input', label);
    await desk.click('#enrol-form button[type="submit"]');
    await desk.waitForSelector('#qr svg');
    const link = (await desk.getAttribute('#enrol-link', 'href'))!;
    await desk.click('#panel-close');
    return link;
  };
  const write = (id: string, token: string, revision: number) =>
    server.gql(
      BREAK_ORDER,
      {
        i: {
          matchId: id,
          commandId: randomUUID(),
          expectedRevision: revision,
          method: 'LAG',
          winner: 'ana',
        },
      },
      { authorization: `Bearer ${token}` },
    );
  const credentialOf = (page: Page) =>
    page.evaluate<any>(`JSON.parse(localStorage.getItem('cue-ledger.credential') ?? 'null')`);

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    server = await startServer();
    origin = new URL(server.url).origin;
    const keeper = bearer('RECORD_KEEPER', 'rk-1');
    for (const [licenceId, displayName] of [
      ['ana', 'Ana Sousa'],
      ['bruno', 'Bruno Reis'],
    ])
      await server.gql(
        `mutation($i: RegisterPlayerInput!) { registerPlayer(input: $i) { licenceId } }`,
        { i: { commandId: randomUUID(), licenceId, displayName } },
        keeper,
      );
    const s = await server.gql(
      `mutation($i: ScheduleMatchInput!) { scheduleMatch(input: $i) { matchId } }`,
      {
        i: {
          commandId: randomUUID(),
          raceTo: 2,
          tableNumber: 5,
          players: [{ id: 'ana' }, { id: 'bruno' }],
        },
      },
      keeper,
    );
    other = s.data!.scheduleMatch.matchId;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    [, desk] = await tablet();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (server) removeDir(server.dataDir);
  });

  it('the desk signs in with the one-time link of ledger desk-link; no token is left in the address', async () => {
    const link = deskLink();
    await desk.goto(link);
    await desk.waitForURL(`${origin}/desk`);
    await desk.waitForSelector('#desk:not([hidden])');
    expect(await desk.innerText('#who')).toContain('rita (RECORD_KEEPER)');
    expect(desk.url()).toBe(`${origin}/desk`);
    // The enrolment page replaced itself: no entry with the code to go back to.
    expect(await desk.evaluate<number>('history.length')).toBeLessThanOrEqual(2);
    // The same link a second time: refused, in words.
    const [ctx, again] = await tablet();
    await again.goto(link);
    await again.waitForSelector('body[data-error="ENROLMENT_CODE_USED"]');
    expect(await again.innerText('#status')).toBe(
      'This code has already been used: ask the desk for a new QR code.',
    );
    expect(again.url()).toBe(`${origin}/enrol`);
    await ctx.close();
  });

  it('the desk schedules a match from registered players and assigns its officials', async () => {
    await desk.selectOption('#schedule select[name="a"]', 'ana');
    await desk.selectOption('#schedule select[name="b"]', 'bruno');
    await desk.fill('#schedule input[name="race"]', '3');
    await desk.fill('#schedule input[name="venue"]', 'Clube Lisboa');
    await desk.fill('#schedule input[name="table"]', '3');
    await desk.click('#schedule button[type="submit"]');
    await desk.waitForSelector('#status.good');
    expect(await desk.innerText('#status')).toBe('Match scheduled');
    const ids = await desk.$$eval('#today tr[data-match]', (r) =>
      r.map((e) => e.getAttribute('data-match')),
    );
    matchId = ids.find((id) => id !== other)!;
    expect(ids).toHaveLength(2);
    await desk.click(`${row(matchId)} [data-action="assign"]`);
    await desk.fill('#assign-form input >> nth=0', 'scorer-1');
    await desk.fill('#assign-form input >> nth=1', 'referee-1');
    await desk.click('#assign-form button[type="submit"]');
    await desk.waitForSelector(`${row(matchId)} [data-field="scoring"]:has-text("scorer-1")`);
    const m = await server.gql(
      `query($id: String!) { match(id: $id) { raceTo officials { scorers referees } } }`,
      { id: matchId },
    );
    expect(m.data!.match).toEqual({
      raceTo: 3,
      officials: { scorers: ['scorer-1'], referees: ['referee-1'] },
    });
    await desk.screenshot({ path: join(OUT, 'desk-1024.png'), fullPage: true });
  });

  it('a QR link enrols a tablet once, for its match only; the desk sees it and revokes it', async () => {
    const link = await enrolFromDesk(matchId, 'SCORER', 'Tablet 3');
    expect(link).toMatch(new RegExp(`^${origin}/enrol#[A-Za-z0-9_-]{22}$`));
    const [ctx, page] = await tablet();
    const seen: string[] = [];
    page.on('request', (r) => seen.push(r.url()));
    await page.goto(link);
    await page.waitForURL(`${origin}/score/${matchId}`);
    const credential = await credentialOf(page);
    expect(credential).toMatchObject({ role: 'SCORER', matchId, tableId: null });
    // Never in an address: not the code (the fragment is never sent), not the token.
    expect(seen.some((u) => u.includes('#') || u.includes(credential.token))).toBe(false);
    expect(await write(other, credential.token, 0).then((r) => r.errors?.[0].extensions.code)).toBe(
      'FORBIDDEN',
    );
    const ok = await write(matchId, credential.token, 1);
    expect(ok.errors).toBeUndefined();
    await desk.reload();
    await desk.waitForSelector('#devices li[data-status="ENROLLED"]');
    expect(await desk.innerText(`${row(matchId)} [data-field="scoring"]`)).toContain(
      'Tablet 3 (Scorer)',
    );
    await desk.click('#devices li[data-status="ENROLLED"] [data-action="revoke"]');
    await desk.waitForSelector('#devices li[data-status="REVOKED"]');
    const refused = await write(matchId, credential.token, ok.data!.decideBreakOrder.revision);
    expect(refused.errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    await ctx.close();
  });

  it('a code shown and not scanned within its life is refused as expired (the server’s clock)', async () => {
    const link = await enrolFromDesk(matchId, 'REFEREE');
    const clock = server.app.get<Clock>(CLOCK);
    const spy = jest.spyOn(clock, 'now').mockReturnValue(new Date(Date.now() + 11 * 60_000));
    const [ctx, page] = await tablet(WIDTHS[1]);
    try {
      await page.goto(`${link.replace('/enrol#', '/enrol?lang=pt#')}`);
      await page.waitForSelector('body[data-error="ENROLMENT_CODE_EXPIRED"]');
    } finally {
      spy.mockRestore();
    }
    expect(await page.innerText('#status')).toBe(
      'Este código expirou: peça um novo código QR à mesa do torneio.',
    );
    expect(await credentialOf(page)).toBeNull();
    await page.screenshot({ path: join(OUT, 'enrol-expired-390.png') });
    expect(await serious(page)).toEqual([]);
    await ctx.close();
  });

  it('a table tablet waits at its table and opens the match the desk pushes to it', async () => {
    const [ctx, page] = await tableTablet('t3');
    await page.waitForSelector('body[data-state="waiting"]');
    expect(await serious(page)).toEqual([]);
    await page.screenshot({ path: join(OUT, 'table-waiting.png') });
    await desk.click(`${row(matchId)} [data-action="push"]`);
    expect(await desk.inputValue('#push-form input')).toBe('t3');
    await desk.click('#push-form button[type="submit"]');
    await desk.waitForSelector('#tables li[data-table="t3"]');
    await page.waitForURL(`${origin}/score/${matchId}?table=t3`, { timeout: 15_000 });
    expect(await credentialOf(page)).toMatchObject({ tableId: 't3', matchId: null });
    await ctx.close();
  });

  it('the desk records a game result for a match nobody scores; a refused one is worded and appends nothing', async () => {
    const history = async () =>
      (
        await server.gql(
          `query($id: String!) { matchHistory(matchId: $id) { type revision data } }`,
          { id: other },
          bearer('RECORD_KEEPER', 'rk-1'),
        )
      ).data!.matchHistory as { type: string; revision: number; data: any }[];
    await desk.evaluate('window.sameDocument = true');
    await desk.click(`${row(other)} [data-action="result"]`);
    await desk.waitForSelector('#result-form');
    expect(await serious(desk)).toEqual([]);
    await desk.screenshot({ path: join(OUT, 'desk-result-form.png') });
    await desk.getByLabel('Breaker').selectOption('ana');
    await desk.getByLabel('Winner').selectOption('ana');
    await desk.getByLabel('How it ended').selectOption('WON');
    await desk.getByRole('button', { name: 'Record game 1' }).click();
    // The live board can show the score before the desk's own reload says it was recorded.
    await desk.waitForSelector(`${row(other)} .score[data-score="1-0"]`);
    await desk.waitForSelector('#status.good, #status.bad');
    expect(await desk.innerText('#status')).toBe('Game 1 recorded');
    expect(await desk.evaluate('window.sameDocument')).toBe(true);
    const events = await history();
    expect(events.filter((e) => e.type === 'GameResultRecorded').map((e) => e.data)).toEqual([
      expect.objectContaining({
        gameNumber: 1,
        breaker: 'ana',
        winner: 'ana',
        ending: 'WON',
        recordedBy: 'rita',
        attestation: 'PLAYERS_SIGN_OFF',
      }),
    ]);
    // Game 2 broken by the player the break order (G1.34) does not name: refused in words.
    const next = await server.gql(
      `query($id: String!) { match(id: $id) { currentGame { breaker } } }`,
      {
        id: other,
      },
    );
    const breaks = next.data!.match.currentGame.breaker as string;
    const wrong = breaks === 'ana' ? 'bruno' : 'ana';
    await desk.click(`${row(other)} [data-action="result"]`);
    await desk.getByLabel('Breaker').selectOption(wrong);
    await desk.getByLabel('Winner').selectOption(wrong);
    await desk.getByRole('button', { name: 'Record game 2' }).click();
    await desk.waitForSelector('#status.bad');
    const name = breaks === 'ana' ? 'Ana Sousa' : 'Bruno Reis';
    expect(await desk.innerText('#status')).toBe(
      `${name} breaks this game under the match’s break order (G1.34): check who broke and enter it again.`,
    );
    expect(await desk.innerText(`${row(other)} .score`)).toBe('1 – 0');
    expect(await history()).toEqual(events);
  });

  it('a tablet left on a finished match that is not signed off yet follows the desk’s next push', async () => {
    const keeper = bearer('RECORD_KEEPER', 'rk-1');
    const now = (
      await server.gql(
        `query($id: String!) { match(id: $id) { revision currentGame { breaker } } }`,
        { id: other },
      )
    ).data!.match;
    const won = await server.gql(
      `mutation($i: RecordGameResultInput!) { recordGameResult(input: $i) { revision } }`,
      {
        i: {
          commandId: randomUUID(),
          matchId: other,
          expectedRevision: now.revision,
          gameNumber: 2,
          breaker: now.currentGame.breaker,
          winner: 'ana',
          attestation: 'PLAYERS_SIGN_OFF',
        },
      },
      keeper,
    );
    expect(won.errors).toBeUndefined();
    const push = (matchId: string) =>
      server.gql(
        `mutation($i: PushMatchInput!) { pushMatchToTable(input: $i) { matchId } }`,
        { i: { tableId: 't5', matchId } },
        keeper,
      );
    expect((await push(other)).errors).toBeUndefined();
    const [ctx, page] = await tableTablet('t5');
    // Won 2–0, waiting for its sign-off: the tablet offers it and stays, still asking; the link
    // it offers keeps the keyboard focus from one question to the next.
    const link = `body[data-state="pushed"] #match a[data-match="${other}"]`;
    await page.waitForSelector(link);
    await page.focus(link);
    await page.waitForResponse((r) => r.url().endsWith('/graphql') && r.ok(), { timeout: 15_000 });
    await page.waitForResponse((r) => r.url().endsWith('/graphql') && r.ok(), { timeout: 15_000 });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-match'))).toBe(
      other,
    );
    expect((await push(matchId)).errors).toBeUndefined();
    await page.waitForURL(`${origin}/score/${matchId}?table=t5`, { timeout: 15_000 });
    await ctx.close();
  });

  it('the desk’s live list keeps to today’s matches: one scheduled for another day stays off it', async () => {
    const past = await schedule(new Date(Date.now() - 2 * 86_400_000).toISOString());
    const undated = await schedule();
    // The feed comes in ledger order: once the later match is listed, the earlier one was seen.
    await desk.waitForSelector(row(undated));
    expect(await desk.$(row(past))).toBeNull();
  });

  it('a row’s control keeps the keyboard focus when the list is drawn again, and gets it back after its dialog', async () => {
    // The focused element's row and action (a function: the page's CSP refuses eval).
    const focused = () =>
      desk.evaluate(() => {
        const a = document.activeElement as HTMLElement | null;
        return `${a?.closest('tr')?.dataset.match ?? ''} ${a?.dataset.action ?? ''}`;
      });
    await desk.focus(`${row(matchId)} [data-action="push"]`);
    // A match scheduled elsewhere: the live update draws the list again.
    await desk.waitForSelector(row(await schedule()));
    expect(await focused()).toBe(`${matchId} push`);
    // Opened by keyboard; the list drawn again while it is open; closed: the focus is back.
    await desk.keyboard.press('Enter');
    await desk.waitForSelector('#push-form');
    await desk.waitForSelector(row(await schedule()), { state: 'attached' });
    await desk.click('#panel-close');
    await desk.waitForFunction(
      (id) => document.activeElement?.closest('tr')?.dataset.match === id,
      matchId,
    );
    expect(await focused()).toBe(`${matchId} push`);
  });

  it('axe-core finds nothing serious on the desk (and its enrol dialog) at 1024×768 and 390 px', async () => {
    for (const viewport of WIDTHS) {
      await desk.setViewportSize(viewport);
      await desk.reload();
      await desk.waitForSelector('#desk:not([hidden])');
      expect([viewport.width, await serious(desk)]).toEqual([viewport.width, []]);
      await desk.click(`${row(matchId)} [data-action="enrol"]`);
      await desk.click('#enrol-form button[type="submit"]');
      await desk.waitForSelector('#qr svg');
      expect([viewport.width, 'dialog', await serious(desk)]).toEqual([
        viewport.width,
        'dialog',
        [],
      ]);
      await desk.screenshot({ path: join(OUT, `desk-qr-${viewport.width}.png`) });
      await desk.click('#panel-close');
    }
    await desk.setViewportSize(WIDTHS[1]);
    await desk.screenshot({ path: join(OUT, 'desk-390.png'), fullPage: true });
    // The enrolment page without a code and a table page on a device not enrolled there.
    for (const viewport of WIDTHS) {
      const [ctx, page] = await tablet(viewport);
      for (const [path, ready] of [
        ['/enrol', 'body[data-state="bad"]'],
        ['/table/t9?lang=pt', '#status.bad'],
      ]) {
        await page.goto(`${origin}${path}`);
        await page.waitForSelector(ready);
        expect([path, viewport.width, await serious(page)]).toEqual([path, viewport.width, []]);
      }
      await ctx.close();
    }
    expect(problems).toEqual([]);
  });
});
