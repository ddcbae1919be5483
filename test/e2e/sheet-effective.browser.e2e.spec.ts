import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { LedgerClient, type Result } from '../support/ledger-client';
import { removeDir, startServer, type TestServer } from '../support/server';

// The match sheet and the viewer's what-if show the effective record: after an allowed appeal
// that made a game lost by E8.18 (the 8 dropped with a scratch), the sheet's fouls agree with
// matchStats, and under ?lang=pt both print the committee's Portuguese reason. Chromium as in
// viewer.browser.e2e.spec.ts; skipped without /usr/bin/chromium.
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic'];
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium) process.stdout.write(`sheet browser test skipped: ${CHROMIUM} is missing\n`);
const describeInBrowser = haveChromium ? describe : describe.skip;
const OUT = process.env.VIEWER_OUTPUT_DIR ?? join(__dirname, '..', '..', 'test-output', 'viewer');
const REASON_PT = 'O vídeo mostra a bola branca a cair com a bola 8';

describeInBrowser('the sheet and the what-if show the effective record (Chromium)', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let matchId: string;
  let origin: string;

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    server = await startServer();
    origin = new URL(server.url).origin;
    const admin = new LedgerClient(server, 'ADMIN', 'admin-1');
    const scorer = new LedgerClient(server, 'SCORER', 'scorer-1');
    const ana = new LedgerClient(server, 'PLAYER', 'ana');
    const committee = new LedgerClient(server, 'APPEALS_COMMITTEE', 'ac-1');
    ({ matchId } = await admin.scheduleMatch({
      refereePresent: true,
      breakOrder: 'WINNER',
      players: [
        { id: 'ana', name: 'Ana Sousa' },
        { id: 'bruno', name: 'Bruno Reis' },
      ],
      raceTo: 2,
      appealWindowMinutes: 60,
    }));
    await admin.assignOfficials({ matchId, scorers: ['scorer-1'], referees: ['referee-1'] });
    await scorer.decideBreakOrder({ matchId, method: 'LAG', winner: 'bruno' });
    await scorer.chooseOption({ matchId, player: 'bruno', option: 'BREAK' });
    await scorer.recordShot({
      matchId,
      shooter: 'bruno',
      firstContact: 1,
      objectBallsDrivenToRail: 5,
      pocketed: [{ ball: 3, pocket: 'FR' }],
    });
    await scorer.callShot({ matchId, player: 'bruno', ball: 5, pocket: 'SL' });
    const five = await scorer.recordShot({
      matchId,
      shooter: 'bruno',
      firstContact: 5,
      pocketed: [{ ball: 5, pocket: 'SL' }],
    });
    // Ana: the 8 went down too, with the cue ball (E8.18: Bruno loses the game).
    await ana.fileAppeal({
      matchId,
      againstRevision: five.events.find((e: Result) => e.type === 'ShotAdjudicated').revision,
      grounds: 'The 8 and the cue ball followed the 5',
      proposal: {
        kind: 'AMEND_FACTS',
        facts: {
          pocketed: [
            { ball: 5, pocket: 'SL' },
            { ball: 8, pocket: 'FL' },
          ],
          cueBallScratched: true,
        },
      },
    });
    const decided = await committee.decideAppeal({
      matchId,
      appealId: 'A1',
      outcome: 'ALLOWED',
      reason: 'The video shows the cue ball dropping with the 8',
      reasonPt: REASON_PT,
    });
    expect(decided.match.games[0]).toMatchObject({ winner: 'ana', rule: 'E8.18' });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (server) removeDir(server.dataDir);
  });

  it('the sheet counts the decision’s foul as matchStats does, and prints the Portuguese reason', async () => {
    const stats = await server.gql(
      `query($id: String!) { matchStats(matchId: $id) {
        players { playerId stats { fouls } } games { game playerId stats { fouls } } } }`,
      { id: matchId },
    );
    const s = stats.data!.matchStats;
    expect(s.players).toContainEqual({ playerId: 'bruno', stats: { fouls: 1 } });
    await page.goto(`${origin}/matches/${matchId}/sheet?lang=pt`);
    await page.waitForSelector('#sheet[data-ready="true"]');
    const fouls = await page.$$eval('#fouls tbody tr', (rows) =>
      rows.map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent)),
    );
    expect(fouls).toHaveLength(1);
    expect(fouls[0][2]).toBe('Bruno Reis');
    // The record's codes in Portuguese words: the penalty, why the game ended, the appeal's status.
    expect(fouls[0][4]).toBe('perda do jogo');
    // The frames table: one foul column per player, in the match's player order.
    const game1 = await page.$$eval('#frames tbody tr:first-child td', (c) =>
      c.map((x) => x.textContent),
    );
    const perGame = (player: string) =>
      s.games.find((g: Result) => g.game === 1 && g.playerId === player)?.stats.fouls ?? 0;
    expect(game1.slice(-2)).toEqual([String(perGame('ana')), String(perGame('bruno'))]);
    expect(game1.slice(-2)).toEqual(['0', '1']);
    expect(await page.innerText('#appeals')).toContain(REASON_PT);
    expect(await page.innerText('#appeals')).toContain('procedente · corrigir os factos');
    expect(await page.innerText('#frames')).toContain('bola 8 embolsada com falta (E8.18)');
    await page.screenshot({ path: join(OUT, 'sheet-effective-pt.png'), fullPage: true });
  });

  it('the viewer’s what-if prints the committee’s Portuguese reason and the rules’ Portuguese texts under ?lang=pt', async () => {
    await page.goto(`${origin}/matches/${matchId}?lang=pt`);
    await page.click('#appeals-list button.whatif[data-appeal="A1"]');
    await page.waitForSelector('#whatif-body[data-appeal="A1"]');
    const text = await page.innerText('#whatif');
    expect(text).toContain(REASON_PT);
    expect(text).not.toContain('The video shows');
    // The rules query gives each cited rule its text, in the page's language, as its title.
    expect(await page.getAttribute('#whatif li[data-rule="E8.18"]', 'title')).toContain(
      'Perde o jogo',
    );
  });
});
