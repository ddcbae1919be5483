import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { LedgerClient } from '../support/ledger-client';
import { removeDir, startServer, type TestServer } from '../support/server';
import {
  CHROMIUM,
  CHROMIUM_ARGS,
  OUT,
  TABLET,
  consoleUrl,
  enrol,
  haveChromium,
  settled,
  taps,
} from '../support/console-page';

// Offline first, in Debian's Chromium: shots recorded with the network gone are ruled on the
// device by the bundled engine, kept in IndexedDB and sent in order when it returns, each once
// (a lost answer is retried with the same command id); a write by another device meanwhile
// stops the queue with a message, and nothing queued is lost.
if (!haveChromium) process.stdout.write(`console offline test skipped: ${CHROMIUM} is missing\n`);
const describeInBrowser = haveChromium ? describe : describe.skip;

interface Row {
  type: string;
  revision: number;
  data: any;
  metadata: { commandId: string };
}

describeInBrowser('the scoring console offline (Chromium)', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let matchId: string;
  const problems: string[] = [];

  const history = async (): Promise<Row[]> =>
    (
      await server.gql(
        `query($m: String!) { matchHistory(matchId: $m) { type revision data metadata { commandId } } }`,
        { m: matchId },
      )
    ).data!.matchHistory;
  const queued = (n: number) =>
    page.waitForSelector(`#console[data-queued="${n}"]`, { timeout: 15_000 });
  const tap = async (name: string) => {
    const n = Number(await page.getAttribute('#console', 'data-queued'));
    await page.click(`[data-tap="${name}"]`);
    if (!name.startsWith('ball')) await queued(n + 1);
  };

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    server = await startServer();
    const admin = new LedgerClient(server, 'ADMIN', 'admin-1');
    ({ matchId } = await admin.scheduleMatch({
      raceTo: 3,
      discipline: 'NINE_BALL',
      ruleProfile: 'WPA',
      breakOrder: 'WINNER',
      refereePresent: true,
      players: [
        { id: 'ana', name: 'Ana Sousa' },
        { id: 'bruno', name: 'Bruno Reis' },
      ],
    }));
    await admin.assignOfficials({ matchId, scorers: ['scorer-1'], referees: ['referee-1'] });
    const scorer = new LedgerClient(server, 'SCORER', 'scorer-1');
    await scorer.decideBreakOrder({ matchId, method: 'COIN_TOSS', winner: 'ana' });
    await scorer.chooseOption({ matchId, player: 'ana', option: 'BREAK' });
    await scorer.recordShot({
      matchId,
      shooter: 'ana',
      firstContact: 1,
      objectBallsDrivenToRail: 5,
      pocketed: [{ ball: 2, pocket: 'FL' }],
    });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    context = await browser.newContext({ viewport: TABLET });
    await enrol(context, 'SCORER', 'scorer-1', matchId);
    page = await context.newPage();
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(consoleUrl(server, matchId));
    await settled(page);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (server) removeDir(server.dataDir);
  });
  afterEach(() => expect(problems).toEqual([]));

  it('five shots offline are ruled provisionally, then land once each, in order, with the server’s rulings', async () => {
    const before = await history();
    await context.setOffline(true);
    for (const name of ['ball-1', 'pocket-FL', 'ball-3', 'pocket-FR', 'miss', 'miss', 'miss'])
      await tap(name);
    await queued(5);
    expect(await page.innerText('#net')).toContain('Offline');
    expect(await page.getAttribute('#ruling', 'data-provisional')).toBe('true');
    expect(await page.innerText('#provisional')).toContain('Provisional');
    // Ana potted two, missed; Bruno missed; Ana missed: Bruno is at the table on the device.
    expect(await page.getAttribute('#score .shooting', 'data-player')).toBe('bruno');
    expect(await history()).toHaveLength(before.length);
    await page.screenshot({ path: join(OUT, 'console-offline.png') });

    // The first answer is lost on the way back: the write landed, the device retries it with the
    // same command id, and the ledger recognises it instead of appending it again.
    let lost = 0;
    await page.route('**/graphql', async (route) => {
      if (lost === 0 && route.request().postData()?.includes('recordShot')) {
        lost++;
        await route.fetch();
        return route.abort('failed');
      }
      return route.continue();
    });
    await context.setOffline(false);
    await queued(0);
    await page.unroute('**/graphql');
    expect(lost).toBe(1);
    const after = (await history()).slice(before.length);
    const shots = after.filter((e) => e.type === 'ShotPlayed');
    expect(
      shots.map((e) => [e.data.shooter, e.data.facts.firstContact, e.data.facts.pocketed]),
    ).toEqual([
      ['ana', 1, [{ ball: 1, pocket: 'FL' }]],
      ['ana', 3, [{ ball: 3, pocket: 'FR' }]],
      ['ana', 4, []],
      ['bruno', 4, []],
      ['ana', 4, []],
    ]);
    expect(new Set(shots.map((e) => e.metadata.commandId)).size).toBe(5);
    expect(after.filter((e) => e.type === 'ShotAdjudicated')).toHaveLength(5);
    // The server's rulings are the ones shown, and they agree with the device's.
    expect(await page.getAttribute('#ruling', 'data-provisional')).toBe('false');
    expect(await page.$('#differs')).toBeNull();
    expect(Number(await page.getAttribute('#console', 'data-revision'))).toBe(
      after.at(-1)!.revision,
    );
  }, 90_000);

  it('another device writes meanwhile: the queue stops and says so, keeps every shot, and sends them when told', async () => {
    await context.setOffline(true);
    await tap('miss');
    await tap('miss');
    // The referee's device records a warning at the revision the ledger stands at.
    const head = (await history()).at(-1)!.revision;
    const referee = new LedgerClient(server, 'REFEREE', 'referee-1');
    await referee.recordRefereeRuling({
      matchId,
      expectedRevision: head,
      kind: 'WARNING',
      player: 'ana',
      note: '',
    });
    await context.setOffline(false);
    await page.waitForSelector('#stop[data-stop="conflict"]', { timeout: 15_000 });
    expect(await page.innerText('#stop')).toContain('Another device recorded at this match first');
    expect(await page.innerText('#stop')).toContain('RefereeRuled');
    await queued(2);
    let rows = await history();
    expect(rows.at(-1)!.type).toBe('RefereeRuled');
    // A reload loses nothing: the two shots are still queued on the device, and stopped again.
    await page.reload();
    await page.waitForSelector('#stop[data-stop="conflict"]', { timeout: 15_000 });
    await queued(2);
    await page.screenshot({ path: join(OUT, 'console-conflict.png') });
    await page.click('[data-tap="resume"]');
    await queued(0);
    rows = await history();
    const tail = rows.slice(rows.findIndex((e) => e.type === 'RefereeRuled') + 1);
    expect(tail.filter((e) => e.type === 'ShotPlayed').map((e) => e.data.shooter)).toEqual([
      'bruno',
      'ana',
    ]);
    expect(await page.$('#stop')).toBeNull();
  }, 90_000);

  it('the server’s ruling wins: one that differs from the device’s is shown, the device’s struck through', async () => {
    // As if the server ran another engine version: its answer's ruling is changed on the way.
    await page.route('**/graphql', async (route) => {
      if (!route.request().postData()?.includes('recordShot')) return route.continue();
      const response = await route.fetch();
      const json = await response.json();
      for (const e of json.data.recordShot.events)
        if (e.type === 'ShotAdjudicated') e.data.ruling.explanation = 'As the server ruled it.';
      return route.fulfill({ response, json });
    });
    await tap('miss');
    await queued(0);
    await page.unroute('**/graphql');
    expect(await page.innerText('#differs')).toContain('The server ruled differently');
    expect(await page.innerText('#explanation')).toBe('As the server ruled it.');
    expect(await page.innerText('#ruling .struck')).toContain('pocketed nothing');
    expect(await page.getAttribute('#ruling', 'data-provisional')).toBe('false');
  }, 60_000);

  it('N9.8: a player on two fouls is shown, then the referee’s warning arrives live', async () => {
    const fouler = await page.getAttribute('#score .shooting', 'data-player');
    await taps(page, ['scratch', 'miss', 'scratch', 'miss']);
    const warn = `[data-two-fouls="${fouler}"]`;
    expect(await page.innerText(warn)).toContain('Not yet warned');
    const referee = new LedgerClient(server, 'REFEREE', 'referee-1');
    await referee.recordRefereeRuling({
      matchId,
      expectedRevision: (await history()).at(-1)!.revision,
      kind: 'TWO_FOUL_WARNING',
      player: fouler,
      note: '',
    });
    await page.waitForFunction(
      (sel) => document.querySelector(sel)?.textContent?.includes('Warned'),
      warn,
    );
  }, 60_000);

  it('a reload with the network gone still opens the console, with the game and the outbox', async () => {
    const revision = await settled(page);
    await context.setOffline(true);
    await page.reload();
    await page.waitForSelector(`#console[data-revision="${revision}"]`, { timeout: 15_000 });
    expect(await page.innerText('#net')).toContain('Offline');
    await tap('miss');
    await page.reload();
    await queued(1);
    await context.setOffline(false);
    await queued(0);
    expect(Number(await page.getAttribute('#console', 'data-revision'))).toBeGreaterThan(revision);
  }, 60_000);
});
