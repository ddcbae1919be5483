import AxeBuilder from '@axe-core/playwright';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { LedgerClient, type Result } from '../support/ledger-client';
import { removeDir, startServer, type TestServer } from '../support/server';

// The viewer's live mode in Debian's Chromium: a page following a match over the matchUpdated
// subscription (graphql-ws, a real WebSocket to the server) while shots are recorded over
// GraphQL/HTTP. Without /usr/bin/chromium the suite is skipped.
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic'];
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium) process.stdout.write(`live viewer test skipped: ${CHROMIUM} is missing\n`);
const describeInBrowser = haveChromium ? describe : describe.skip;
const OUT = process.env.VIEWER_OUTPUT_DIR ?? join(__dirname, '..', '..', 'test-output', 'viewer');

interface Row {
  type: string;
  revision: number;
  position: string;
  explanation: string | null;
}

describeInBrowser('viewer live mode in a real browser (Chromium)', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let origin: string;
  let matchId: string;
  let scorer: LedgerClient;
  const elsewhere: string[] = [];
  const problems: string[] = [];

  const history = async (): Promise<Row[]> =>
    (
      await server.gql(
        `query($m: String!) { matchHistory(matchId: $m) { type revision position explanation } }`,
        { m: matchId },
      )
    ).data!.matchHistory;
  const rev = (r: Result, type: string): number =>
    r.events.find((e: Result) => e.type === type).revision;
  const shown = (p: Page, revision: number) =>
    p.waitForSelector(`#main[data-shown="${revision}"]`, { timeout: 15_000 });
  const liveState = (p: Page, state: string) =>
    p.waitForSelector(`#live[data-state="${state}"]`, { timeout: 15_000 });
  const ballsOnTable = (p: Page) =>
    p.$$eval('#table [data-on-table] [data-ball]', (els) =>
      els.map((e) => Number(e.getAttribute('data-ball'))).sort((a, b) => a - b),
    );
  const eventCount = (p: Page) => p.$$eval('#events button.event', (b) => b.length);
  const pot = async (shooter: string, ball: number, pocket: string) => {
    await scorer.callShot({ matchId, player: shooter, ball, pocket });
    return scorer.recordShot({
      matchId,
      shooter,
      firstContact: ball,
      pocketed: [{ ball, pocket }],
    });
  };
  const watch = (p: Page) => {
    p.on('request', (r) => {
      if (!r.url().startsWith(origin) && !r.url().startsWith(origin.replace(/^http/, 'ws')))
        elsewhere.push(r.url());
    });
    p.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    p.on('pageerror', (e) => problems.push(e.message));
  };

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    server = await startServer();
    origin = new URL(server.url).origin;
    const admin = new LedgerClient(server, 'ADMIN', 'admin-1');
    scorer = new LedgerClient(server, 'SCORER', 'scorer-1');
    ({ matchId } = await admin.scheduleMatch({
      raceTo: 2,
      ruleProfile: 'FPB',
      breakOrder: 'WINNER',
      refereePresent: true,
      players: [
        { id: 'ana', name: 'Ana Sousa' },
        { id: 'bruno', name: 'Bruno Reis' },
      ],
    }));
    await admin.assignOfficials({ matchId, scorers: ['scorer-1'], referees: ['referee-1'] });
    await scorer.decideBreakOrder({ matchId, method: 'COIN_TOSS', winner: 'ana' });
    await scorer.chooseOption({ matchId, player: 'ana', option: 'BREAK' });
    // E8.4: a legal break pockets the 1; the table stays open and Ana continues.
    await scorer.recordShot({
      matchId,
      shooter: 'ana',
      firstContact: 1,
      objectBallsDrivenToRail: 4,
      pocketed: [{ ball: 1, pocket: 'FR' }],
    });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    watch(page);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (server) removeDir(server.dataDir);
  });

  it('?live=1 connects over the WebSocket (same host, allowed by the CSP) and says so', async () => {
    const before = await history();
    await page.goto(`${origin}/matches/${matchId}?live=1`);
    await shown(page, before.at(-1)!.revision);
    await liveState(page, 'connected');
    expect(await page.innerText('#live-state')).toBe('Live: connected');
    expect(await page.getAttribute('#live-toggle', 'aria-pressed')).toBe('true');
    expect(page.url()).toContain('live=1');
  });

  it('E8.9: a shot recorded over GraphQL arrives with its ruling, and the balls drawn follow', async () => {
    const count = await eventCount(page);
    expect(await ballsOnTable(page)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    const shot = await pot('ana', 2, 'FL');
    const ruled = rev(shot, 'ShotAdjudicated');
    const ledger = (await history()).find((e) => e.revision === ruled)!;
    await shown(page, ruled);
    expect(await page.innerText('#explanation')).toBe(ledger.explanation);
    expect(await page.$$eval('#ruling-body .rules li', (l) => l.map((x) => x.textContent))).toEqual(
      ['G1.35', 'E8.9'],
    );
    expect(await ballsOnTable(page)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    expect(await page.$$eval('#rack [data-group="SOLIDS"] h3', (h) => h[0].textContent)).toBe(
      'Solids · Ana Sousa',
    );
    // ShotCalled, ShotPlayed and ShotAdjudicated, each once.
    expect(await eventCount(page)).toBe(count + 3);
    await page.screenshot({ path: join(OUT, 'viewer-live.png') });
  });

  it('axe-core finds no violation on the live page', async () => {
    const found = (await new AxeBuilder({ page }).analyze()).violations.map(
      (v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
    expect(found).toEqual([]);
  });

  it('the toggle stops following (state in EN and PT) and drops live=1 from the address', async () => {
    await page.click('#live-toggle');
    await liveState(page, 'stopped');
    expect(await page.innerText('#live-state')).toBe('Live: stopped');
    expect(page.url()).not.toContain('live=1');
    await page.click('button[data-lang="pt"]');
    expect(await page.innerText('#live-state')).toBe('Em direto: parado');
    expect(await page.innerText('#live-toggle')).toBe('Seguir em direto');
    // Stopped, a new shot does not reach the page; turning live on again brings it.
    const count = await eventCount(page);
    const shot = await pot('ana', 3, 'SL');
    await page.waitForTimeout(500);
    expect(await eventCount(page)).toBe(count);
    await page.click('#live-toggle');
    await liveState(page, 'connected');
    expect(await page.innerText('#live-state')).toBe('Em direto: ligado');
    await shown(page, rev(shot, 'ShotAdjudicated'));
    expect(await eventCount(page)).toBe(count + 3);
    await page.click('button[data-lang="en"]');
  });

  it('after the connection drops it reconnects and resumes from the last cursor: no gap, no duplicate', async () => {
    // Playwright's WebSocket routing stands between the page and the server, so the test can cut
    // the connection and hold the page off while shots are recorded.
    const second = await context.newPage();
    watch(second);
    const routes: { close: (o: { code: number; reason: string }) => Promise<void> }[] = [];
    const sent: Record<string, any>[] = [];
    let refuse = false;
    await second.routeWebSocket(/\/graphql$/, (ws) => {
      if (refuse) return void ws.close({ code: 1011, reason: 'held off by the test' });
      const upstream = ws.connectToServer();
      ws.onMessage((m) => {
        sent.push(JSON.parse(String(m)));
        upstream.send(m);
      });
      routes.push(ws);
    });
    await second.goto(`${origin}/matches/${matchId}?live=1`);
    await liveState(second, 'connected');
    const before = await history();
    await shown(second, before.at(-1)!.revision);
    refuse = true;
    await routes.at(-1)!.close({ code: 1011, reason: 'cut by the test' });
    await liveState(second, 'reconnecting');
    expect(await second.innerText('#live-state')).toBe('Live: reconnecting…');
    const shot = await pot('ana', 4, 'FL');
    refuse = false;
    await liveState(second, 'connected');
    await shown(second, rev(shot, 'ShotAdjudicated'));
    const after = await history();
    expect(await eventCount(second)).toBe(after.length);
    const revisions = await second.$$eval('#events button.event', (b) =>
      b.map((x) => Number(x.getAttribute('data-rev'))),
    );
    expect(revisions).toEqual(after.map((e) => e.revision));
    // The last subscription asked for what followed the last event the page had.
    const subscribes = sent.filter((m) => m.type === 'subscribe');
    expect(subscribes.at(-1)!.payload.variables.after).toBe(before.at(-1)!.position);
    await second.close();
  });

  it('a correction and an appeal arriving live mark the timeline and the appeals list', async () => {
    const rows = await history();
    const lastPlayed = rows.filter((e) => e.type === 'ShotPlayed').at(-1)!;
    const lastRuled = rows.filter((e) => e.type === 'ShotAdjudicated').at(-1)!;
    const item = (r: number) => page.locator(`#events li:has(button[data-rev="${r}"])`);
    // The 4 stayed out: the scorer corrects the shot; the events it supersedes are struck through.
    const corrected = await scorer.correctShot({
      matchId,
      revision: lastPlayed.revision,
      facts: { pocketed: [], railContactsAfterFirstContact: [{ ball: 4, cushion: 'FOOT' }] },
      reason: 'The 4 stayed in the jaws',
    });
    const correction = rev(corrected, 'ShotCorrected');
    await shown(page, corrected.revision);
    await page.waitForSelector(
      `#events li.superseded:has(button[data-rev="${lastRuled.revision}"])`,
    );
    expect(await item(lastRuled.revision).innerText()).toContain(`→ #${correction}`);
    expect(await item(correction).innerText()).toContain('correction');
    const ruledTwo = rows.filter((e) => e.type === 'ShotAdjudicated').at(-3)!;
    await new LedgerClient(server, 'PLAYER', 'bruno').fileAppeal({
      matchId,
      againstRevision: ruledTwo.revision,
      grounds: 'The cue ball touched the 9 first',
      proposal: { kind: 'AMEND_FACTS', facts: { firstContact: 9 } },
    });
    await page.waitForSelector('#appeals-list button.whatif[data-appeal="A1"]');
    expect(await item(ruledTwo.revision).innerText()).toContain('disputed A1');
  });

  it('a game result and its correction arriving live: the replaced result is struck through', async () => {
    const keeper = new LedgerClient(server, 'RECORD_KEEPER', 'rk-1');
    const { matchId: id } = await new LedgerClient(server, 'ADMIN', 'admin-1').scheduleMatch({
      raceTo: 2,
      breakOrder: 'WINNER',
      refereePresent: false,
      players: [
        { id: 'ana', name: 'Ana Sousa' },
        { id: 'bruno', name: 'Bruno Reis' },
      ],
    });
    const recorded = await keeper.recordGameResult({
      matchId: id,
      gameNumber: 1,
      breaker: 'ana',
      winner: 'ana',
      attestation: 'PLAYERS_SIGN_OFF',
    });
    const result = rev(recorded, 'GameResultRecorded');
    const p = await context.newPage();
    watch(p);
    await p.goto(`${origin}/matches/${id}?live=1`);
    await shown(p, recorded.revision);
    await liveState(p, 'connected');
    const corrected = await keeper.correctGameResult({
      matchId: id,
      revision: result,
      result: { winner: 'bruno' },
      reason: 'Sheet misread',
    });
    await shown(p, corrected.revision);
    await p.waitForSelector(`#events li.superseded:has(button[data-rev="${result}"])`);
    expect(await p.innerText(`#events li:has(button[data-rev="${result}"])`)).toContain(
      `→ #${rev(corrected, 'GameResultCorrected')}`,
    );
    await p.close();
  });

  it('asked nothing of any other host, with no script error or CSP violation', () => {
    expect(elsewhere).toEqual([]);
    expect(problems).toEqual([]);
  });
});
