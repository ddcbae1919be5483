import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { LedgerClient } from '../support/ledger-client';
import { bearer, removeDir, startServer, type TestServer } from '../support/server';

// The in-browser GraphQL IDE (Altair at /altair), opened in a real Chromium. Debian's package is
// used (`apt-get install chromium`; .ci/run installs it); without it the browser part is skipped.
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium) process.stdout.write(`browser test skipped: ${CHROMIUM} is not installed\n`);
const describeInBrowser = haveChromium ? describe : describe.skip;

const origin = (server: TestServer) => new URL(server.url).origin;

describeInBrowser('GraphQL IDE in a real browser (Chromium)', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let matchId: string;
  const requested: string[] = [];
  // Kept when IDE_SCREENSHOT_DIR is given (to look at it); otherwise a temporary directory.
  const shots = process.env.IDE_SCREENSHOT_DIR ?? mkdtempSync(join(tmpdir(), 'cue-ledger-ide-'));

  // Every URL the page asked for (files, GraphQL, websockets) that is not on this server.
  const requestsElsewhere = () =>
    requested.filter((u) => {
      const url = new URL(u);
      return !['data:', 'blob:'].includes(url.protocol) && url.host !== new URL(server.url).host;
    });

  beforeAll(async () => {
    server = await startServer();
    matchId = (
      await new LedgerClient(server, 'ADMIN', 'admin-1').scheduleMatch({
        raceTo: 1,
        players: [
          { id: 'ana', name: 'Ana' },
          { id: 'bruno', name: 'Bruno' },
        ],
      })
    ).matchId;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    page.on('request', (r) => requested.push(r.url()));
    page.on('websocket', (ws) => requested.push(ws.url()));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (server) removeDir(server.dataDir);
    if (!process.env.IDE_SCREENSHOT_DIR) removeDir(shots);
  });

  it('renders Altair from /altair with every file from this server', async () => {
    const res = await page.goto(`${origin(server)}/altair`, { waitUntil: 'load' });
    expect(res?.status()).toBe(200);
    expect(await page.title()).toBe('Altair');
    // The app booted (not the loading screen): the editor holds the initial query.
    await page.locator('app-query-editor').getByText('matches(first').waitFor();
    await expect(page.locator('.send-request__button').isVisible()).resolves.toBe(true);

    expect(requested.length).toBeGreaterThan(10);
    expect(requestsElsewhere()).toEqual([]);
  });

  it('runs the query from the UI against /graphql and shows the answer', async () => {
    // Altair also posts its schema introspection to /graphql: wait for the query itself.
    const answer = page.waitForResponse(
      (r) => r.url() === server.url && /matches\(first/.test(r.request().postData() ?? ''),
    );
    await page.locator('.send-request__button').click();
    const response = await answer;
    expect(response.status()).toBe(200);
    // The answer as Altair shows it (reading the body back through the browser's devtools protocol
    // is unreliable under load): the scheduled match's id in the result pane.
    const result = page.locator('app-query-result');
    await result.getByText(matchId).first().waitFor();
    expect(await result.innerText()).toMatch(/"matches"/);

    const file = join(shots, 'altair.png');
    await page.screenshot({ path: file });
    expect(statSync(file).size).toBeGreaterThan(20_000);
  });

  it('sends the token from the Auth tab as Authorization: Bearer (as docs/security.md says)', async () => {
    const token = bearer('ADMIN', 'admin-ui').authorization.slice('Bearer '.length);
    await page.getByText('Auth', { exact: true }).click();
    await page.locator('nz-select[formcontrolname="type"]').click();
    await page.locator('nz-option-item').getByText('Bearer Token', { exact: true }).click();
    await page.locator('app-x-input#token [contenteditable]').fill(token);
    const sent = page.waitForRequest(
      (r) => r.url() === server.url && /matches\(first/.test(r.postData() ?? ''),
    );
    await page.locator('.send-request__button').click();
    expect((await sent).headers().authorization).toBe(`Bearer ${token}`);
    expect((await (await sent).response())?.status()).toBe(200);
  });

  it('from the page origin: a read needs no token, a write needs the bearer header', async () => {
    const send = (query: string, headers: Record<string, string> = {}) =>
      page.evaluate(
        async ([q, h]) => {
          const res = await fetch('/graphql', {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...h },
            body: JSON.stringify({ query: q }),
          });
          return { status: res.status, body: (await res.json()) as Record<string, any> };
        },
        [query, headers] as const,
      );
    const read = await send('{ matches { edges { node { id } } } }');
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ data: { matches: { edges: [{ node: { id: matchId } }] } } });

    const write = `mutation { scheduleMatch(input: { commandId: "ide-1", raceTo: 1, players: [{ id: "a", name: "A" }, { id: "b", name: "B" }] }) { matchId } }`;
    const anonymous = await send(write);
    expect(anonymous.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const admin = await send(write, bearer('ADMIN', 'admin-ide'));
    expect(admin.body.errors).toBeUndefined();
    expect(admin.body.data.scheduleMatch.matchId).toEqual(expect.any(String));
  });

  it('asked nothing of any other host during the whole session', () => {
    expect(requested.filter((u) => u === server.url).length).toBeGreaterThanOrEqual(3);
    expect(requestsElsewhere()).toEqual([]);
  });
});

describe('GraphQL IDE over HTTP', () => {
  describe('landing page on (the default outside production)', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startServer();
    });
    afterAll(async () => {
      await server.close();
      removeDir(server.dataDir);
    });

    it('serves Altair at /altair with its files under /altair/ and nothing from elsewhere', async () => {
      const page = await fetch(`${origin(server)}/altair`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      const html = await page.text();
      expect(html).toContain('<base href="/altair/">');
      expect(html).toMatch(/AltairGraphQL\.init/);
      expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
      const main = await fetch(`${origin(server)}/altair/main.js`);
      expect(main.status).toBe(200);
      expect(main.headers.get('content-type')).toMatch(/javascript/);
    });

    it('sends a browser opening /graphql to the IDE; API clients reach GraphQL as before', async () => {
      const browserGet = await fetch(server.url, {
        headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
        redirect: 'manual',
      });
      expect(browserGet.status).toBe(302);
      expect(browserGet.headers.get('location')).toBe('/altair');
      const apiGet = await fetch(
        `${server.url}?query=${encodeURIComponent('{ matches { totalCount } }')}`,
        {
          headers: { accept: 'application/json', 'apollo-require-preflight': 'true' },
          redirect: 'manual',
        },
      );
      expect(apiGet.status).toBe(200);
      expect(await apiGet.json()).toEqual({ data: { matches: { totalCount: 0 } } });
    });
  });

  describe.each([
    ['NODE_ENV=production', { NODE_ENV: 'production' }],
    ['LEDGER_GRAPHQL_LANDING_PAGE=false', { LEDGER_GRAPHQL_LANDING_PAGE: 'false' }],
  ])('landing page off (%s)', (_name, env) => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startServer(undefined, env);
    });
    afterAll(async () => {
      await server.close();
      removeDir(server.dataDir);
    });

    it('serves no IDE: /altair and its files are 404, /graphql does not redirect', async () => {
      expect((await fetch(`${origin(server)}/altair`)).status).toBe(404);
      expect((await fetch(`${origin(server)}/altair/main.js`)).status).toBe(404);
      const browserGet = await fetch(server.url, {
        headers: { accept: 'text/html' },
        redirect: 'manual',
      });
      expect(browserGet.status).not.toBe(302);
      expect(browserGet.headers.get('content-type') ?? '').not.toMatch(/html/);
    });
  });
});
