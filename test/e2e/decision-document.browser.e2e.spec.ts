import { competitionWithCommittee } from '../support/competition-setup';
import AxeBuilder from '@axe-core/playwright';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { LedgerClient, type Result } from '../support/ledger-client';
import { removeDir, startServer, type TestServer } from '../support/server';

// The decision document (/appeals/<match>/<appeal>) in Debian's Chromium: a hearing recorded
// through GraphQL, the document printed to PDF in English and Portuguese and read back for the
// rule texts, the timeline and the fee; axe-core finds nothing serious. Without /usr/bin/chromium
// the suite is skipped.
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic'];
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium) process.stdout.write(`document browser test skipped: ${CHROMIUM} is missing\n`);
const describeInBrowser = haveChromium ? describe : describe.skip;
const OUT = process.env.VIEWER_OUTPUT_DIR ?? join(__dirname, '..', '..', 'test-output', 'viewer');
const COMPETITION = 'liga-sul-2026';

// A competition with a fee; Bruno appeals Ana's break (the cue ball dropped); evidence and a
// hearing; the committee allows it with its reasons in both languages.
async function hearing(server: TestServer): Promise<{ matchId: string; hashes: string[] }> {
  await competitionWithCommittee(server, {
    competitionId: COMPETITION,
    name: 'Liga Sul 2026',
    players: [
      ['ana', 'Ana Sousa'],
      ['bruno', 'Bruno Reis'],
    ],
    members: ['ac-1', 'ac-2'],
  });
  const admin = new LedgerClient(server, 'ADMIN', 'admin-1');
  const scorer = new LedgerClient(server, 'SCORER', 'scorer-1');
  const bruno = new LedgerClient(server, 'PLAYER', 'bruno');
  const committee = new LedgerClient(server, 'APPEALS_COMMITTEE', 'ac-2');
  const { matchId } = await admin.scheduleMatch({
    raceTo: 1,
    ruleProfile: 'FPB',
    competition: 'Liga Sul 2026',
    competitionId: COMPETITION,
    players: [
      { id: 'ana', name: 'Ana Sousa' },
      { id: 'bruno', name: 'Bruno Reis' },
    ],
  });
  await admin.assignOfficials({ matchId, scorers: ['scorer-1'], referees: ['referee-1'] });
  await scorer.decideBreakOrder({ matchId, method: 'COIN_TOSS', winner: 'ana' });
  await scorer.chooseOption({ matchId, player: 'ana', option: 'BREAK' });
  const brk = await scorer.recordShot({
    matchId,
    shooter: 'ana',
    firstContact: 1,
    objectBallsDrivenToRail: 5,
    pocketed: [{ ball: 3, pocket: 'FR' }],
    // The table before the break, recorded with the shot: the cue ball in the kitchen, the
    // fifteen balls in rows beyond the head string (9-ft table, millimetres).
    layout: {
      table: 'NINE_FOOT',
      balls: [
        { ball: 0, x: 400, y: 600 },
        ...Array.from({ length: 15 }, (_, i) => ({
          ball: i + 1,
          x: 1700 + (i % 5) * 120,
          y: 300 + Math.floor(i / 5) * 250,
        })),
      ],
    },
  });
  const ruled = brk.events.find((e: Result) => e.type === 'ShotAdjudicated').revision;
  await bruno.fileAppeal({
    matchId,
    againstRevision: ruled,
    grounds: 'The cue ball dropped in the head-left pocket on the break',
    proposal: { kind: 'AMEND_FACTS', facts: { cueBallScratched: true } },
  });
  await bruno.attachAppealEvidence({
    matchId,
    appealId: 'A1',
    kind: 'VIDEO',
    url: 'https://video.fpb.example/m/7',
    atSecond: 754,
  });
  await committee.attachAppealEvidence({
    matchId,
    appealId: 'A1',
    kind: 'HEARING_NOTES',
    text: 'The referee was watching the rack, not the head-left pocket',
  });
  const decided = await committee.decideAppeal({
    matchId,
    appealId: 'A1',
    outcome: 'ALLOWED',
    reason: 'The video shows the cue ball dropping in the head-left pocket',
    reasonPt: 'O vídeo mostra a bola branca a cair na bolsa do canto esquerdo da saída',
  });
  const trail = await server.gql(
    `query($m: String!) { auditTrail(filter: { matchId: $m }, first: 100) { edges { node { revision hash } } } }`,
    { m: matchId },
  );
  const nodes = trail.data?.auditTrail?.edges?.map((e: Result) => e.node) ?? [];
  const hashes = [ruled, decided.revision].map(
    (rev) => nodes.find((n: Result) => n.revision === rev)?.hash as string,
  );
  return { matchId, hashes };
}

describeInBrowser('the decision document in a real browser (Chromium)', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let matchId: string;
  let hashes: string[];

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    server = await startServer();
    ({ matchId, hashes } = await hearing(server));
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    const context = await browser.newContext({ viewport: { width: 1000, height: 1400 } });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (server) removeDir(server.dataDir);
  });

  const open = async (lang: 'en' | 'pt') => {
    const problems: string[] = [];
    page.removeAllListeners('console');
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    const res = await page.goto(
      `${server.url.replace(/\/graphql$/, '')}/appeals/${matchId}/A1?lang=${lang}`,
    );
    expect(res!.status()).toBe(200);
    expect(res!.headers()['content-security-policy']).toContain("script-src 'none'");
    return problems;
  };

  it.each([
    [
      'en',
      [
        'Appeal decision · Appeal A1',
        'Ana Sousa',
        'Bruno Reis',
        // The rule texts the rulings cite: the break scratch and the kitchen ball in hand.
        'G1.10 Ball in hand behind the head string (after a break foul) is placed in the kitchen',
        'E8.5 A scratch on a legal break is a foul',
        'Appeal filed',
        'Evidence attached',
        'Hearing',
        'Decision due',
        'The video shows the cue ball dropping in the head-left pocket',
        '25 EUR · outcome: refunded',
        'The fee of appeal A1 (25.00 EUR) is refunded to Bruno Reis: the appeal is allowed.',
        'Layout of the disputed shot',
        '9-ft table · recorded at event',
        'cue ball (400, 600) · 1 (1700, 300)',
        'Signatures of the panel',
        'ac-2',
      ],
    ],
    [
      'pt',
      [
        'Decisão de recurso · Recurso A1',
        // The federation's own text of 1.10.
        'O jogador que usufrua de bola na mão atrás da linha de saída',
        'Embolsar a bola branca numa saída legal é falta',
        'Recurso interposto',
        'Audiência',
        'Prazo para decidir',
        'procedente',
        'O vídeo mostra a bola branca a cair na bolsa do canto esquerdo da saída',
        '25 EUR · destino: devolvida',
        'A taxa do recurso A1 (25.00 EUR) é devolvida a Bruno Reis: o recurso foi julgado procedente.',
        'Posição da tacada contestada',
        'bola branca (400, 600)',
        'Assinaturas do júri',
      ],
    ],
  ] as const)(
    'prints on one A4 page in %s with the rule texts, timeline and fee',
    async (lang, texts) => {
      const problems = await open(lang);
      const text = (await page.textContent('main'))!;
      for (const t of texts) expect(text).toContain(t);
      // The hashes of the disputed ruling and of the decision, to check a printed copy against.
      for (const h of hashes) expect(text).toContain(h);
      if (lang === 'pt') expect(text).not.toContain('The video shows');
      // The break's recorded layout drawn inline (the CSP allows it: no console error below),
      // every ball at its place, a visible diagram.
      const diagram = page.locator('figure[data-layout="recorded"] svg');
      expect(await diagram.locator('g[data-ball]').count()).toBe(16);
      expect((await diagram.boundingBox())!.width).toBeGreaterThan(200);
      const serious = (await new AxeBuilder({ page }).analyze()).violations.filter(
        (v) => v.impact === 'serious' || v.impact === 'critical',
      );
      expect(serious.map((v) => v.id)).toEqual([]);
      await page.screenshot({ path: join(OUT, `decision-${lang}.png`), fullPage: true });
      writeFileSync(join(OUT, `decision-${lang}.html`), await page.content());
      const file = join(OUT, `decision-${lang}.pdf`);
      await page.pdf({ path: file, format: 'A4', preferCSSPageSize: true, printBackground: true });
      const pdf = readFileSync(file).toString('latin1');
      expect(pdf.startsWith('%PDF-')).toBe(true);
      expect(pdf.match(/\/Type\s*\/Page\b/g)?.length).toBe(1);
      expect(problems).toEqual([]);
    },
  );
});
