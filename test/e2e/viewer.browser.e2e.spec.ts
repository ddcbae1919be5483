import AxeBuilder from '@axe-core/playwright';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { LedgerClient } from '../support/ledger-client';
import { removeDir, startServer, type TestServer } from '../support/server';
import { recordViewerMatch, type RecordedViewerMatch } from '../support/viewer-match';

// The frame replay viewer and the match sheet, opened in Debian's Chromium against a real server
// holding a match recorded through GraphQL. Without /usr/bin/chromium the suite is skipped.
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic'];
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium) process.stdout.write(`viewer browser test skipped: ${CHROMIUM} is missing\n`);
const describeInBrowser = haveChromium ? describe : describe.skip;
// Screenshots and the PDF stay in the test output directory (ignored by git).
const OUT = process.env.VIEWER_OUTPUT_DIR ?? join(__dirname, '..', '..', 'test-output', 'viewer');

// Each event as the viewer reads it (the same fields as its history query).
async function loadHistory(server: TestServer, matchId: string): Promise<Record<string, any>[]> {
  const res = await server.gql(
    `query($m: String!) { matchHistory(matchId: $m) {
      type revision gameNumber explanation explanationPt supersededBy data
      metadata { recordedBy role recordedAt occurredAt engineVersion ruleProfile }
      ruling { shooter rules foul penalty turn nextShooter ballInHand legallyPocketed spotted
        explanation explanationPt consecutiveFoulsAfter appliedFoul { kind rule penalty }
        fouls { kind rule penalty detail detailPt } gameResult { winner loser reason rule } } } }`,
    { m: matchId },
  );
  return res.data!.matchHistory;
}

describeInBrowser('frame replay viewer in a real browser (Chromium)', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let rec: RecordedViewerMatch;
  let history: Record<string, any>[];
  let lastRevision: number;
  let origin: string;
  const elsewhere: string[] = [];
  const problems: string[] = [];

  const shown = (revision: number) =>
    page.waitForSelector(`#main[data-shown="${revision}"]`, { timeout: 15_000 });
  const ballsOnTable = () =>
    page.$$eval('#table [data-on-table] [data-ball]', (els) =>
      els.map((e) => Number(e.getAttribute('data-ball'))),
    );
  const shooter = () => page.getAttribute('#players li.shooting', 'data-player');
  const explanation = () => page.innerText('#explanation');
  const event = (revision: number) => history.find((e) => e.revision === revision)!;
  // axe-core's findings at every impact (the goal is no serious one; today there are none at all).
  const violations = async () =>
    (await new AxeBuilder({ page }).analyze()).violations.map(
      (v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    server = await startServer();
    origin = new URL(server.url).origin;
    rec = await recordViewerMatch(server);
    history = await loadHistory(server, rec.matchId);
    lastRevision = rec.last;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    // axe-core's builder needs a page from an explicit context.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.on('request', (r) => {
      if (!r.url().startsWith(origin) && !r.url().startsWith('data:')) elsewhere.push(r.url());
    });
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (server) removeDir(server.dataDir);
  });

  it('opens at the last event with every event of the match on the timeline', async () => {
    const res = await page.goto(`${origin}/matches/${rec.matchId}`);
    expect(res?.status()).toBe(200);
    await shown(rec.last);
    expect(await page.$$eval('#events button.event', (b) => b.length)).toBe(history.length);
    expect(await page.innerText('#subtitle')).toContain('Ana Sousa – Bruno Reis');
    expect(page.url()).toContain(`event=${rec.last}`);
  });

  it('E8.9: after the groups are set, the balls drawn, the shooter and the ruling match the ledger', async () => {
    await page.goto(`${origin}/matches/${rec.matchId}?game=1&event=${rec.groupsSet}`);
    await shown(rec.groupsSet);
    // The 1 on the break and the 2 by Ana are down; every other ball is drawn with its number.
    expect((await ballsOnTable()).sort((a, b) => a - b)).toEqual([
      3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
    ]);
    expect(await page.$$eval('#table [data-ball="12"] text', (t) => t[0].textContent)).toBe('12');
    // Stripes are drawn as a band, not told by colour alone.
    expect(await page.$$('#table [data-ball="12"] rect')).toHaveLength(1);
    expect(await page.$$('#table [data-ball="4"] rect')).toHaveLength(0);
    expect(await page.$$eval('#rack [data-group="SOLIDS"] h3', (h) => h[0].textContent)).toBe(
      'Solids · Ana Sousa',
    );
    expect(await shooter()).toBe('ana');
    expect(await explanation()).toBe(event(rec.groupsSet).explanation);
    expect(await page.$$eval('#ruling-body .rules li', (l) => l.map((x) => x.textContent))).toEqual(
      ['G1.35', 'E8.9'],
    );
    await page.screenshot({ path: join(OUT, 'viewer-groups.png') });
  });

  it('steps with the arrow keys and the buttons; the URL follows the position', async () => {
    await page.keyboard.press('ArrowRight');
    await shown(rec.groupsSet + 1);
    expect(page.url()).toMatch(new RegExp(`game=1&event=${rec.groupsSet + 1}`));
    await page.keyboard.press('ArrowLeft');
    await shown(rec.groupsSet);
    await page.click('#forward');
    await page.click('#forward');
    await shown(rec.groupsSet + 2);
    await page.click('#back');
    await shown(rec.groupsSet + 1);
    await page.click('#next-game');
    const game2 = history.find((e) => e.type === 'GameStarted' && e.gameNumber === 2)!;
    await shown(game2.revision);
    expect(await ballsOnTable()).toHaveLength(15);
  });

  it('G1.18 / G1.17: the foul, its severity, ball in hand for Ana, and who recorded it', async () => {
    await page.fill('#jump-event', String(rec.foul));
    await page.click('#jump button[type="submit"]');
    await shown(rec.foul);
    expect(await explanation()).toMatch(/^Foul by Bruno Reis \(G1\.18\)/);
    expect(await page.innerText('#fouls')).toMatch(/G1\.18 WRONG_BALL_FIRST · STANDARD_FOUL/);
    expect(await shooter()).toBe('ana');
    expect(await page.getAttribute('#table [data-cue]', 'data-cue')).toBe('ANYWHERE');
    expect(await page.innerText('#facts')).toMatch(/Ball in hand\s+anywhere on the table/);
    expect(await page.innerText('#metadata')).toMatch(/scorer-1[\s\S]*SCORER/);
  });

  it('marks the correction and the events it superseded, and the appeals, on the timeline', async () => {
    const item = (rev: number) => page.locator(`#events li:has(button[data-rev="${rev}"])`);
    expect(await item(rec.corrected).getAttribute('class')).toContain('correction');
    expect(await item(rec.corrected).innerText()).toContain('correction');
    for (const e of history.filter((x) => x.supersededBy === rec.corrected)) {
      expect(await item(e.revision).getAttribute('class')).toContain('superseded');
      expect(await item(e.revision).innerText()).toContain(`→ #${rec.corrected}`);
    }
    expect(await item(rec.foul).innerText()).toContain('disputed A1');
    expect(await item(rec.appealAgainst).innerText()).toContain('disputed A2');
    expect(await page.locator('#events li.appeal').count()).toBe(3);
    // Each event by its name, not its type: the correction, the appeal filed.
    expect(await item(rec.corrected).innerText()).toContain('Shot corrected');
    expect(await page.locator('#events [data-type="AppealFiled"]').first().innerText()).toBe(
      'Appeal filed',
    );
  });

  it('switches to Portuguese: lang attribute, interface and the ruling in pt-PT', async () => {
    await page.click('button[data-lang="pt"]');
    expect(await page.getAttribute('html', 'lang')).toBe('pt-PT');
    expect(await explanation()).toBe(event(rec.foul).explanationPt);
    expect(await page.innerText('#h-timeline')).toBe('Cronologia');
    expect(page.url()).toContain('lang=pt');
    // A shared link keeps the language and the position.
    await page.goto(page.url());
    await shown(rec.foul);
    expect(await page.getAttribute('html', 'lang')).toBe('pt-PT');
    expect(await explanation()).toMatch(/^Falta de Bruno Reis \(G1\.18\)/);
    await page.screenshot({ path: join(OUT, 'viewer-pt.png') });
    await page.click('button[data-lang="en"]');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await explanation()).toBe(event(rec.foul).explanation);
  });

  it('plays the events at the chosen pace and pauses, from the keyboard too (the focus stays on Play)', async () => {
    await page.selectOption('#pace', '0.5');
    await page.focus('#play');
    await page.keyboard.press('Enter');
    await shown(rec.foul + 2);
    // Play became Pause and kept the focus: a second Enter pauses.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('play');
    await page.keyboard.press('Enter');
    const stopped = Number(await page.getAttribute('#main', 'data-shown'));
    await page.waitForTimeout(1200);
    expect(Number(await page.getAttribute('#main', 'data-shown'))).toBe(stopped);
  });

  it('what-if of the pending appeal A2: the preview beside the record, from the disputed event on', async () => {
    const preview = (
      await server.gql(
        `query($i: AppealPreviewInput!) { appealPreview(input: $i) { supersedes
           amended { currentGame { shooter ballInHand ballsOnTable } players { id score } }
           ruling { explanation rules } } }`,
        { i: { matchId: rec.matchId, appealId: 'A2' } },
      )
    ).data!.appealPreview;
    await page.click('#appeals-list button.whatif[data-appeal="A2"]');
    await page.waitForSelector('#whatif-body[data-appeal="A2"]');
    await shown(rec.appealAgainst);
    expect(page.url()).toContain('appeal=A2');
    const recorded = page.locator('.whatif-side[data-side="recorded"]');
    const amended = page.locator('.whatif-side[data-side="amended"]');
    // As recorded Ana has won 2–0; allowed, Bruno's pocketed 9 becomes a G1.20 scratch and Ana
    // is at the table with ball in hand in game 2, 1–0.
    expect(await recorded.locator('.score').allInnerTexts()).toEqual(['2', '0']);
    expect(await amended.locator('.score').allInnerTexts()).toEqual(
      preview.amended.players.map((p: { score: number }) => String(p.score)),
    );
    expect(await amended.locator('li.shooting').getAttribute('data-player')).toBe(
      preview.amended.currentGame.shooter,
    );
    expect(await amended.locator('[data-cue]').getAttribute('data-cue')).toBe(
      preview.amended.currentGame.ballInHand,
    );
    expect(await amended.locator('[data-on-table] [data-ball]').count()).toBe(
      preview.amended.currentGame.ballsOnTable.length,
    );
    expect(await amended.locator('.explanation').innerText()).toBe(preview.ruling.explanation);
    expect(preview.ruling.rules).toContain('G1.20');
    const diverging = await page.$$eval('#events li.diverges button.event', (b) =>
      b.map((x) => Number(x.getAttribute('data-rev'))),
    );
    expect(diverging).toEqual(preview.supersedes);
    // A2 is the only pending appeal: allowing it would close no other as moot.
    expect(await page.locator('#whatif-body > dl.facts').innerText()).toMatch(
      /Would close as moot\s+none/,
    );
    expect(diverging[0]).toBeLessThanOrEqual(rec.appealAgainst);
    // A shared link opens the same what-if at the disputed event.
    await page.goto(page.url());
    await page.waitForSelector('#whatif-body[data-appeal="A2"]');
    await shown(rec.appealAgainst);
    expect(await amended.locator('.explanation').innerText()).toBe(preview.ruling.explanation);
    await page.locator('#whatif').screenshot({ path: join(OUT, 'viewer-whatif.png') });
    await page.screenshot({ path: join(OUT, 'viewer.png'), fullPage: true });
  });

  it('axe-core finds no violation on the viewer (what-if open), serious or otherwise', async () => {
    expect(await violations()).toEqual([]);
  });

  it('a new event handed to the timeline (the hook live mode uses) is appended and followed', async () => {
    await page.click('#whatif-close');
    await page.click('#last');
    await shown(rec.last);
    const signed = await new LedgerClient(server, 'PLAYER', 'bruno').signOffMatch({
      matchId: rec.matchId,
    });
    const fresh = (await loadHistory(server, rec.matchId)).filter((e) => e.revision > rec.last);
    expect(fresh.map((e) => e.type)).toContain('MatchSigned');
    const script = await page.getAttribute('script[type="module"]', 'src');
    // As the live module will: import the running viewer and hand it each new event in order.
    const handOver = () =>
      page.evaluate(
        `import(${JSON.stringify(script)}).then(({ viewer }) => {
           for (const e of ${JSON.stringify(fresh)}) viewer.onEvent(e);
         })`,
      );
    await handOver();
    await shown(signed.revision);
    lastRevision = signed.revision;
    expect(await explanation()).toBe(fresh[fresh.length - 1].explanation ?? '');
    expect(await page.$$eval('#events button.event', (b) => b.length)).toBe(
      history.length + fresh.length,
    );
    // Handing the same events again changes nothing.
    await handOver();
    expect(await page.$$eval('#events button.event', (b) => b.length)).toBe(
      history.length + fresh.length,
    );
    expect(await page.locator('#events li:has(button[data-rev="' + rec.last + '"])').count()).toBe(
      1,
    );
  });

  it('the match sheet: players, officials, frames, fouls, appeals, sign-off and the last hash', async () => {
    const audit = (
      await server.gql(
        `query($f: AuditFilterInput) { auditTrail(filter: $f, first: 200) { edges { node { revision hash } } } }`,
        { f: { matchId: rec.matchId } },
      )
    ).data!.auditTrail.edges;
    const last = audit[audit.length - 1].node;
    await page.goto(`${origin}/matches/${rec.matchId}/sheet`);
    await page.waitForSelector('#sheet[data-ready="true"]');
    expect(await page.innerText('#result')).toMatch(
      /Ana Sousa \(ana\)\s*2\s*Winner[\s\S]*Bruno Reis \(bruno\)\s*0/,
    );
    expect(await page.innerText('#sheet')).toMatch(/Scorers: scorer-1; Referees: referee-1/);
    const frames = await page.$$eval('#frames tbody tr', (rows) =>
      rows.map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent)),
    );
    expect(frames).toEqual([
      [
        '1',
        'Ana Sousa',
        'Ana Sousa',
        'Bruno Reis',
        'EIGHT_POCKETED_LEGALLY (E8.1)',
        '10',
        '0',
        '1',
      ],
      ['2', 'Ana Sousa', 'Ana Sousa', 'Bruno Reis', 'EIGHT_POCKETED_EARLY (E8.18)', '3', '0', '0'],
    ]);
    expect(await page.innerText('#fouls tbody')).toMatch(/G1\.18 WRONG_BALL_FIRST/);
    const appeals = await page.$$eval('#appeals tbody tr', (rows) =>
      rows.map((r) => [...r.querySelectorAll('td')].slice(0, 6).map((c) => c.textContent)),
    );
    expect(appeals.map((a) => [a[0], a[5]])).toEqual([
      ['A1', 'DISMISSED'],
      ['A2', 'PENDING'],
    ]);
    expect(await page.innerText('#signoff')).toMatch(/Signed by: Ana Sousa, Bruno Reis · Final/);
    expect(last.revision).toBe(lastRevision);
    expect(await page.innerText('#last-hash')).toBe(last.hash);
    expect(last.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await violations()).toEqual([]);
    await page.screenshot({ path: join(OUT, 'sheet.png'), fullPage: true });
  });

  it('prints the sheet to one clean A4 page (PDF), without the toolbar', async () => {
    await page.emulateMedia({ media: 'print' });
    expect(await page.isVisible('.toolbar')).toBe(false);
    await page.emulateMedia({ media: null });
    const file = join(OUT, 'sheet.pdf');
    await page.pdf({ path: file, format: 'A4', preferCSSPageSize: true, printBackground: true });
    const pdf = readFileSync(file).toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf.match(/\/Type\s*\/Page\b/g)?.length).toBe(1);
    // A4 is 595 × 842 points.
    const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(pdf);
    expect(box && [Math.round(Number(box[1])), Math.round(Number(box[2]))]).toEqual([595, 842]);
    expect(statSync(file).size).toBeGreaterThan(10_000);
  });

  it('says so when the match does not exist', async () => {
    await page.goto(`${origin}/matches/no-such-match`);
    // In words, never the API's code.
    await page.waitForSelector('#status:has-text("no match")');
    expect(await page.innerText('#status')).toBe(
      'Could not load the match. There is no match at this address. Check the link.',
    );
  });

  it('asked nothing of any other host, with no script error or CSP violation', () => {
    expect(elsewhere).toEqual([]);
    expect(problems).toEqual([]);
  });
});
