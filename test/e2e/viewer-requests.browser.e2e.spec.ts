import AxeBuilder from '@axe-core/playwright';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { SqliteEventStore } from '../../src/ledger/sqlite/sqlite-event-store';
import { appendRecorded } from '../support/recorded-ledger';
import { removeDir, startServer, type TestServer } from '../support/server';
import { simulateMatch } from '../support/simulator';

// A spectator's page load spends a bounded number of requests however many steps it takes (a
// venue's spectators share one address and one rate limit), and a refused request is put in words.
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic'];
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium) process.stdout.write(`viewer browser test skipped: ${CHROMIUM} is missing\n`);
const describeInBrowser = haveChromium ? describe : describe.skip;
const OUT = process.env.VIEWER_OUTPUT_DIR ?? join(__dirname, '..', '..', 'test-output', 'viewer');
const LONG = 'long-match';
const PAGE = 200;

describeInBrowser('viewer requests per page load (Chromium)', () => {
  let server: TestServer;
  let browser: Browser;
  let events = 0;
  let origin = '';

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    const dataDir = mkdtempSync(join(tmpdir(), 'cue-ledger-viewer-long-'));
    // A race to 9 of about 600 events, written to the ledger before the server starts.
    const store = new SqliteEventStore({ filename: join(dataDir, 'ledger.sqlite') });
    const long = simulateMatch(11, { matchId: LONG, raceTo: 9 });
    events = long.events.length;
    await appendRecorded(store, LONG, long.batches);
    await store.close();
    server = await startServer(dataDir);
    origin = new URL(server.url).origin;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (server) removeDir(server.dataDir);
  });

  async function newPage(): Promise<{ page: Page; graphql: string[] }> {
    const page = await (
      await browser.newContext({ viewport: { width: 1280, height: 900 } })
    ).newPage();
    const graphql: string[] = [];
    page.on('request', (r) => {
      if (r.url() === `${origin}/graphql`) graphql.push(r.postData() ?? '');
    });
    return { page, graphql };
  }

  it('steps through every event of a long match with a bounded number of GraphQL requests', async () => {
    expect(events).toBeGreaterThan(500);
    const { page, graphql } = await newPage();
    await page.goto(`${origin}/matches/${LONG}?event=0`);
    await page.waitForSelector('#main[data-shown="0"]', { timeout: 30_000 });
    for (let revision = 1; revision < events; revision++) {
      await page.keyboard.press('ArrowRight');
      await page.waitForSelector(`#main[data-shown="${revision}"]`, { timeout: 15_000 });
    }
    // And back to the start: everything seen is kept.
    await page.keyboard.press('Home');
    await page.waitForSelector('#main[data-shown="0"]');
    const states = graphql.filter((q) => q.includes('matchStates')).length;
    console.log(
      `viewer: ${events} events stepped, ${graphql.length} GraphQL requests (${states} pages of states)`,
    );
    // The match, its history, and one page of states per PAGE events.
    expect(states).toBe(Math.ceil(events / PAGE));
    expect(graphql.length).toBe(2 + Math.ceil(events / PAGE));
    expect(await page.isHidden('#status')).toBe(true);
    await page.close();
  }, 300_000);

  // The server's answer to a spectator over the limit, as the rate limiter sends it.
  const rateLimited = {
    status: 429,
    headers: { 'content-type': 'application/json', 'retry-after': '42' },
    body: JSON.stringify({
      errors: [
        {
          message: 'Too many requests: slow down and retry later',
          extensions: { code: 'RATE_LIMITED' },
        },
      ],
      data: null,
    }),
  };

  it.each([
    ['en', 'The server is pausing requests from your network', 'Reload the page in 42 seconds.'],
    [
      'pt',
      'O servidor está a suspender os pedidos da sua rede',
      'Recarregue a página dentro de 42 segundos.',
    ],
  ])(
    'a refused page load says in words (%s) what happened and when to retry',
    async (lang, what, when) => {
      const { page } = await newPage();
      await page.route(`${origin}/graphql`, (route) => route.fulfill(rateLimited));
      await page.goto(`${origin}/matches/${LONG}?lang=${lang}`);
      await page.waitForSelector('#status:has-text("42")');
      const text = await page.innerText('#status');
      expect(text).toContain(what);
      expect(text).toContain(when);
      expect(text).not.toMatch(/RATE_LIMITED|[A-Z]{3,}_[A-Z]/);
      await page.screenshot({ path: join(OUT, `viewer-refused-${lang}.png`) });
      const serious = (await new AxeBuilder({ page }).analyze()).violations.filter((v) =>
        ['serious', 'critical'].includes(v.impact ?? ''),
      );
      expect(serious.map((v) => v.id)).toEqual([]);
      await page.close();
    },
    60_000,
  );

  it('a page of states refused while stepping is put in words too, without a limit named', async () => {
    const { page } = await newPage();
    await page.route(`${origin}/graphql`, (route) =>
      route.request().postData()?.includes('matchStates')
        ? route.fulfill({ ...rateLimited, headers: { 'content-type': 'application/json' } })
        : route.continue(),
    );
    await page.goto(`${origin}/matches/${LONG}?event=0`);
    await page.waitForSelector('#status:not([hidden])');
    await page.waitForSelector('#status:has-text("minute")');
    expect(await page.innerText('#status')).toContain('Reload the page in about a minute.');
    await page.close();
  }, 60_000);
});
